/**
 * A real MSC's check messages over loopback (issue 9, item 6): lower-case `type`, no `path`, fields of its own,
 * a plain text. The client keeps every message, the app's own records (IPC outcome, archive) accept them, and what
 * the client sends stays strict.
 */
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { AppErrorException } from '@shared/domain/app-error';
import { ArchiveResult } from '@shared/domain/workspace';
import { CheckOutcome, SubmitOutcome } from '@shared/ipc/channels/billing';
import type { MscClient } from '@main/services/msc-client';
import { json, problem, startFakeMsc } from '@test/unit/msc-client/fake-msc';
import type { FakeMsc, Recorded } from '@test/unit/msc-client/fake-msc';
import { BU, TO, filled, testClient } from '@test/unit/msc-client/fixtures';

/** What a real MSC answered to a test check: one of each variation, six messages in all. */
const REAL_MESSAGES: unknown[] = [
  {
    type: 'error',
    shortmessage: 'QUANTITY_REQUIRED',
    message: 'Die Lieferung hat keine Menge.',
    path: 'energysources[0].deliveries[0].quantity',
  },
  { type: 'Warning', shortmessage: 'W-12', message: 'Heizwert ungewöhnlich niedrig.', path: '/energysources/0/calorificvalue' },
  { type: 'info', shortmessage: 'INFO_1', message: 'Die Prüfung lief mit Regelwerk 2025.' },
  { type: 'ERROR', shortmessage: 'X', message: 'Nutzer fehlt.', path: null, ruleId: 'R-88', severityLevel: 3 },
  { type: 'HINT', shortmessage: 'H1', message: 'Bitte Vorjahreswerte prüfen.', path: '$.billingrecipients[2]' },
  'Allgemeiner Hinweis ohne Struktur',
];

let fake: FakeMsc | undefined;
let client: MscClient | undefined;

afterEach(async () => {
  await client?.close();
  await fake?.close();
  client = undefined;
  fake = undefined;
});

async function mscAnswering(answer: (req: Recorded, res: ServerResponse) => void): Promise<MscClient> {
  fake = await startFakeMsc(answer);
  client = testClient(fake.url, { retries: 0 }).client;
  return client;
}

const submissions = (): Recorded[] => fake?.requests.filter((r) => r.method === 'POST') ?? [];

describe('a test check answered with real-MSC messages', () => {
  it('keeps every message, normalised, and the app’s outcome and archive accept them', async () => {
    const msc = await mscAnswering((_req, res) => {
      problem(res, 400, 'Prüfung fehlgeschlagen', { messages: REAL_MESSAGES });
    });

    const result = await msc.validate(BU, TO, filled);

    expect(result.ok).toBe(false);
    const messages = result.ok ? [] : result.messages;
    expect(messages).toHaveLength(REAL_MESSAGES.length);
    expect(messages.map((m) => [m.type, m.path])).toEqual([
      ['ERROR', 'energysources[0].deliveries[0].quantity'],
      ['WARNING', 'energysources[0].calorificvalue'],
      ['INFO', ''],
      ['ERROR', ''],
      ['WARNING', 'billingrecipients[2]'],
      ['WARNING', ''],
    ]);
    expect(messages[3]?.extra).toEqual({ ruleId: 'R-88', severityLevel: 3 });
    expect(messages[4]).toMatchObject({ message: 'Bitte Vorjahreswerte prüfen.', extra: { type: 'HINT' } });
    expect(messages[5]?.message).toBe('Allgemeiner Hinweis ohne Struktur');

    expect(CheckOutcome.parse({ result: 'messages', messages })).toEqual({ result: 'messages', messages });
    expect(ArchiveResult.parse({ kind: 'messages', messages })).toEqual({ kind: 'messages', messages });
  });

  it('reads a bare list of messages too', async () => {
    const msc = await mscAnswering((_req, res) => {
      json(res, 400, [{ type: 'warning', message: 'Nur ein Hinweis.' }]);
    });

    const result = await msc.validate(BU, TO, filled);

    expect(result).toEqual({
      ok: false,
      messages: [{ type: 'WARNING', shortmessage: '', message: 'Nur ein Hinweis.', path: '' }],
    });
  });
});

describe('a binding submission refused with real-MSC messages', () => {
  it('is rejected with every message, which the outcome schema carries', async () => {
    const msc = await mscAnswering((req, res) => {
      // The period's status, read right before the SEND, is open.
      if (req.method === 'GET') json(res, 200, { billingperiods: [{ from: '2025-01-01', to: TO, status: 'OPEN' }] });
      else json(res, 400, { messages: REAL_MESSAGES, requestId: 'abc' });
    });

    const outcome = await msc.send(BU, TO, filled, { ignoreWarnings: false });

    expect(outcome.status).toBe('rejected');
    const messages = outcome.status === 'rejected' ? outcome.messages : [];
    expect(messages).toHaveLength(REAL_MESSAGES.length);
    expect(SubmitOutcome.parse({ status: 'rejected', messages })).toEqual({ status: 'rejected', messages });
  });
});

describe('a problem whose messages stray from the contract', () => {
  it('still tells the clerk its detail and messages', async () => {
    const msc = await mscAnswering((_req, res) => {
      problem(res, 409, 'Zeitraum bereits beauftragt', { messages: [{ type: 'info', message: 'Auftrag 2025-77' }] });
    });

    const error: unknown = await msc.validate(BU, TO, filled).then(
      () => undefined,
      (e: unknown) => e,
    );

    expect(error).toBeInstanceOf(AppErrorException);
    const { code, message } = (error as AppErrorException).appError;
    expect(code).toBe('CONFLICT');
    expect(message).toContain('Zeitraum bereits beauftragt');
    expect(message).toContain('Auftrag 2025-77');
  });
});

describe('what the client sends', () => {
  it('stays strict: a submission with a field the contract does not know never leaves', async () => {
    const msc = await mscAnswering((_req, res) => {
      json(res, 204, {});
    });

    const sent = msc.validate(BU, TO, { ...filled, note: 'intern' } as typeof filled);

    await expect(sent).rejects.toMatchObject({ appError: { code: 'VALIDATION' } });
    expect(submissions()).toEqual([]);
  });
});

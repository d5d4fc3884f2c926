/**
 * Issue 14, defect 3 at the handler: a SEND whose outcome is unknown is archived as such, refuses a second
 * submission of the period while unclear, and once the period shows our submission, it is archived as
 * commissioned and announced (toast, desktop notification).
 */
import { describe, expect, it } from 'vitest';
import { AppErrorException } from '@shared/domain/app-error';
import type { BillingPeriod, FilledTemplate } from '@shared/msc/billing-input';
import type { ArchiveEntryInput } from '@shared/domain/workspace';
import { billingHandlers } from '@main/app/handlers/billing';
import { createEventHub } from '@main/ipc/events';
import type { Workspaces } from '@main/app/workspaces';
import type { PendingSend } from '@main/services/workspace/pending-sends';

const where = { connectionId: 'demo', billingunit: '100200302', periodTo: '2025-12-31' };
const filled: FilledTemplate = {
  currency: 'EUR',
  expectedvat: 'GROSS',
  energysources: [],
  heatingsysteminvoices: [],
  ancillaryinvoices: [],
  billingrecipients: [],
};

describe('templates:submit with an unknown outcome', () => {
  it('blocks a second submission and archives the commission once the period shows it', async () => {
    // Arrange: the SEND times out; the MSC commissions it a little later
    const startedAt = new Date().toISOString();
    let period: BillingPeriod = { from: '2025-01-01', to: '2025-12-31', status: 'OPEN' };
    const archived: ArchiveEntryInput[] = [];
    const unknown = new AppErrorException({
      code: 'TIMEOUT',
      message: 'Ob die Abrechnung beauftragt wurde, ist noch UNBEKANNT.',
      key: 'send.outcomeUnknown',
      details: { outcome: 'unknown', attemptStartedAt: startedAt },
    });
    const client = {
      send: () => Promise.reject(unknown),
      listBillingPeriods: () => Promise.resolve([period]),
    };
    const pending = new Map<string, PendingSend>();
    const pendingSends = {
      list: () => [...pending.values()],
      get: (bu: string, to: string) => pending.get(`${bu}_${to}`),
      put: (p: PendingSend) => Promise.resolve(void pending.set(`${p.billingunit}_${p.periodTo}`, p)),
      remove: (bu: string, to: string) => Promise.resolve(void pending.delete(`${bu}_${to}`)),
      claim: (p: PendingSend) => Promise.resolve(!pending.has(`${p.billingunit}_${p.periodTo}`)),
      release: () => Promise.resolve(),
      async settle(bu: string, to: string, record: (p: PendingSend) => Promise<void>) {
        const p = pending.get(`${bu}_${to}`);
        if (!p) return false;
        await record(p);
        pending.delete(`${bu}_${to}`);
        return true;
      },
    };
    const workspace = { archive: { append: (e: ArchiveEntryInput) => Promise.resolve(archived.push(e)) }, pendingSends };
    const workspaces = {
      client: () => Promise.resolve(client),
      workspace: () => Promise.resolve(workspace),
      observe: () => undefined,
      // The data folder's engine: this desk may send.
      assertMaySend: () => Promise.resolve(),
    } as unknown as Workspaces;
    const hub = createEventHub(() => undefined);
    const announced: unknown[] = [];
    hub.subscribe((name, payload) => {
      if (name === 'billing:checked') announced.push(payload);
    });
    const handlers = billingHandlers(workspaces, hub, () => undefined, { intervalMs: 5, settleAfterMs: 60_000 });

    // Act
    await expect(handlers['templates:submit']({ ...where, filled, ignoreWarnings: false })).rejects.toMatchObject({
      appError: { key: 'send.outcomeUnknown' },
    });
    const second = handlers['templates:submit']({ ...where, filled, ignoreWarnings: false });
    period = { ...period, status: 'COMMISSIONED', lastsubmission: { transactionid: 'tx-held', at: new Date().toISOString() } };

    // Assert
    await expect(second).rejects.toMatchObject({ appError: { code: 'CONFLICT', key: 'send.pending' } });
    await expect.poll(() => archived.map((e) => e.result.kind)).toEqual(['failed', 'commissioned']);
    expect(archived[1]?.result).toEqual({ kind: 'commissioned', transactionid: 'tx-held' });
    expect(announced.at(-1)).toMatchObject({ ...where, action: 'SEND', result: 'commissioned' });
    expect(pending.size).toBe(0);
  });
});

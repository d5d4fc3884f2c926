import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ArchiveEntryInput } from '@shared/domain/workspace';
import { createWorkspace, type Workspace } from '@main/services/workspace/workspace';
import { createFakeSender, createManualClock, useTempWorkspaces } from '@test/unit/workspace/helpers';
import { checkMessagesExample, filledTemplateExample } from '@test/fixtures/msc-examples';

let dir: string;
const open = useTempWorkspaces((d) => (dir = d));

async function openWs(): Promise<Workspace> {
  // The manual clock never moves: every entry gets the same timestamp, so only the sequence separates them.
  const ws = await createWorkspace({ dir, sender: createFakeSender(), clock: createManualClock() });
  open.push(ws);
  return ws;
}

const validate: ArchiveEntryInput = {
  action: 'VALIDATE',
  billingunit: '100200300',
  periodTo: '2025-12-31',
  request: filledTemplateExample,
  response: { status: 400, body: { messages: checkMessagesExample } },
  result: { kind: 'messages', messages: checkMessagesExample },
};
const send: ArchiveEntryInput = {
  action: 'SEND_AND_IGNORE_WARNINGS',
  billingunit: '100200300',
  periodTo: '2025-12-31',
  request: filledTemplateExample,
  response: { status: 200, body: { transactionid: 'tx-9', commissioned: true } },
  result: { kind: 'commissioned', transactionid: 'tx-9' },
};

describe('submission archive', () => {
  it('keeps every entry in its own file, in order, with request, response, time and result', async () => {
    const ws = await openWs();
    const a = await ws.archive.append(validate);
    const b = await ws.archive.append(validate);
    const c = await ws.archive.append(send);
    expect(new Set([a.id, b.id, c.id]).size).toBe(3);
    expect(ws.archive.list().map((s) => [s.seq, s.action, s.result])).toEqual([
      [1, 'VALIDATE', 'messages'],
      [2, 'VALIDATE', 'messages'],
      [3, 'SEND_AND_IGNORE_WARNINGS', 'commissioned'],
    ]);
    expect(a.id).toBe('20250301T080000000Z-000001-VALIDATE-100200300-2025-12-31-messages');
    expect(await readdir(join(dir, 'archive'))).toHaveLength(3);
    const full = await ws.archive.read(c.id);
    expect(full).toEqual({ ...send, id: c.id, seq: 3, at: '2025-03-01T08:00:00.000Z' });
  });

  it('continues numbering after a reopen and lists from file names alone', async () => {
    const ws = await openWs();
    await ws.archive.append(validate);
    await ws.archive.append({ ...validate, billingunit: '7', result: { kind: 'passed' }, response: { status: 204 } });
    const again = await openWs();
    const next = await again.archive.append(send);
    expect(next.seq).toBe(3);
    expect(again.archive.list({ billingunit: '7' }).map((s) => [s.seq, s.result])).toEqual([[2, 'passed']]);
    expect(again.archive.list({ periodTo: '2025-12-31' })).toHaveLength(3);
    expect(again.archive.list()[0]).toMatchObject({
      at: '2025-03-01T08:00:00.000Z',
      action: 'VALIDATE',
      billingunit: '100200300',
    });
  });

  it('never overwrites: an existing file under the next name is skipped, not replaced', async () => {
    const ws = await openWs();
    await ws.archive.append(validate);
    // Another writer put an entry under the name this workspace would use next.
    const taken = join(
      dir,
      'archive',
      '20250301T080000000Z-000002-SEND_AND_IGNORE_WARNINGS-100200300-2025-12-31-commissioned.json',
    );
    await writeFile(taken, 'fremd');
    const next = await ws.archive.append(send);
    expect(next.seq).toBe(3);
    expect(await readFile(taken, 'utf8')).toBe('fremd');
  });

  it('keeps the warnings a submission accepted, and still reads entries written before that field existed', async () => {
    const ws = await openWs();
    const warnings = checkMessagesExample.filter((m) => m.type === 'WARNING');
    const accepting = await ws.archive.append({ ...send, acceptedWarnings: warnings });
    const older = await ws.archive.append(send);
    const again = await openWs();

    expect((await again.archive.read(accepting.id))?.acceptedWarnings).toEqual(warnings);
    const old = await again.archive.read(older.id);
    expect(old).toBeDefined();
    expect(old).not.toHaveProperty('acceptedWarnings');
    expect(again.problems()).toEqual([]);
  });

  it('rejects an entry without a valid action and stores nothing', async () => {
    const ws = await openWs();
    await expect(ws.archive.append({ ...validate, action: 'DELETE' as 'SEND' })).rejects.toThrow(
      'action: muss VALIDATE, SEND oder SEND_AND_IGNORE_WARNINGS sein',
    );
    expect(await readdir(join(dir, 'archive'))).toEqual([]);
  });

  it('sets a damaged entry aside on read and reports it', async () => {
    const ws = await openWs();
    const a = await ws.archive.append(validate);
    const b = await ws.archive.append(send);
    await writeFile(join(dir, 'archive', `${a.id}.json`), '{"id": "abgeschnitten');
    expect(await ws.archive.read(a.id)).toBeUndefined();
    expect(ws.problems()).toHaveLength(1);
    expect(ws.problems()[0]?.message).toContain('kein gültiges JSON');
    expect(ws.archive.list().map((s) => s.id)).toEqual([b.id]);
    expect((await readdir(join(dir, 'archive'))).filter((n) => n.includes('.corrupt-'))).toHaveLength(1);
    expect(await ws.archive.read('../../etc/passwd')).toBeUndefined();
  });

  it('finds a damaged entry in the background after opening and reports it, without the clerk opening it', async () => {
    // Issue 19, item 12: a damaged entry used to be noticed only when opened.
    const ws = await openWs();
    const a = await ws.archive.append(validate);
    const b = await ws.archive.append(send);
    await writeFile(join(dir, 'archive', `${a.id}.json`), '{"id": "abgeschnitten');

    const reopened = await openWs();
    await reopened.archive.checked;

    expect(reopened.problems()).toEqual([
      expect.objectContaining({ key: 'damaged', params: { file: `${a.id}.json` }, file: join(dir, 'archive', `${a.id}.json`) }),
    ]);
    expect(reopened.archive.list().map((s) => s.id)).toEqual([b.id]);
  });
});

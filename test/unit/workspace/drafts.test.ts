import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DraftContent } from '@shared/domain/workspace';
import { createWorkspace, type Workspace } from '@main/services/workspace/workspace';
import { WorkspaceError } from '@main/services/workspace/workspace-error';
import { createFakeSender, createManualClock, useTempWorkspaces } from '@test/unit/workspace/helpers';
import { filledTemplateExample } from '@test/fixtures/msc-examples';

let dir: string;
const open = useTempWorkspaces((d) => (dir = d));

async function openWs(): Promise<Workspace> {
  const ws = await createWorkspace({ dir, sender: createFakeSender(), clock: createManualClock() });
  open.push(ws);
  return ws;
}

const partial = {
  ancillaryinvoices: [{ cost: { key: '203' }, amounts: { grossamount: '1.234,5' } }],
  note: 'Belege von Frau Krause fehlen',
};

describe('drafts', () => {
  it('stores partial content as typed, counts revisions and survives a reopen', async () => {
    const ws = await openWs();
    const first = await ws.drafts.save({ billingunit: '100200300', periodTo: '2025-12-31', content: partial }, 0);
    expect(first).toMatchObject({ revision: 1, updatedAt: '2025-03-01T08:00:00.000Z' });
    const second = await ws.drafts.save({ billingunit: '100200300', periodTo: '2025-12-31', content: filledTemplateExample }, 1);
    expect(second.revision).toBe(2);

    const reopened = await openWs();
    expect(reopened.drafts.list()).toEqual([
      { billingunit: '100200300', periodTo: '2025-12-31', revision: 2, updatedAt: second.updatedAt },
    ]);
    expect((await reopened.drafts.get('100200300', '2025-12-31'))?.content).toEqual(filledTemplateExample);
    expect(await reopened.drafts.get('100200300', '2024-12-31')).toBeUndefined();
  });

  it('keeps keys the editor adds that the schema does not know', () => {
    expect(DraftContent.parse(partial)).toEqual(partial);
    expect(DraftContent.safeParse({ energysources: [{ slot: 'eins' }] }).success).toBe(false);
  });

  it('refuses a save based on a stale revision and keeps the newer content', async () => {
    const ws = await openWs();
    const key = { billingunit: '100200300', periodTo: '2025-12-31' };
    await ws.drafts.save({ ...key, content: { currency: 'EUR' } }, 0);
    await ws.drafts.save({ ...key, content: { currency: 'EUR', expectedvat: 'NET' } }, 1); // window A
    const err = await ws.drafts.save({ ...key, content: { currency: 'EUR', expectedvat: 'GROSS' } }, 1).catch((e: unknown) => e); // window B
    expect(err).toBeInstanceOf(WorkspaceError);
    expect((err as WorkspaceError).appError).toMatchObject({ code: 'CONFLICT', details: { currentRevision: 2 } });
    expect((err as Error).message).toContain('Zeitraum bis 31.12.2025');
    expect((await ws.drafts.get(key.billingunit, key.periodTo))?.content).toEqual({ currency: 'EUR', expectedvat: 'NET' });
    await expect(ws.drafts.save({ ...key, content: {} }, 0)).rejects.toMatchObject({ appError: { code: 'CONFLICT' } });
  });

  it('refuses a stale save from a second workspace object on the same folder, because the check reads the file on disk', async () => {
    // Issue 19, item 9: desk A saves revision 2; desk B, opened on revision 1, used to save "revision 2" over it.
    const key = { billingunit: '100200300', periodTo: '2025-12-31' };
    const deskA = await openWs();
    await deskA.drafts.save({ ...key, content: { currency: 'EUR' } }, 0);
    const deskB = await openWs();
    await deskA.drafts.save({ ...key, content: { currency: 'EUR', note: 'A' } }, 1);

    const err = await deskB.drafts.save({ ...key, content: { currency: 'EUR', note: 'B' } }, 1).catch((e: unknown) => e);

    expect((err as WorkspaceError).appError).toMatchObject({ code: 'CONFLICT', details: { currentRevision: 2 } });
    expect((await deskA.drafts.get(key.billingunit, key.periodTo))?.content).toEqual({ currency: 'EUR', note: 'A' });
  });

  it('lets exactly one of two simultaneous saves from the same revision win', async () => {
    const ws = await openWs();
    const key = { billingunit: '5', periodTo: '2025-12-31' };
    const results = await Promise.allSettled([
      ws.drafts.save({ ...key, content: { currency: 'A' } }, 0),
      ws.drafts.save({ ...key, content: { currency: 'B' } }, 0),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const winner = results.find((r) => r.status === 'fulfilled');
    expect((await ws.drafts.get('5', '2025-12-31'))?.content).toEqual(winner?.value.content);
  });

  it('rejects a draft without a valid billing unit or period, naming the field', async () => {
    const ws = await openWs();
    await expect(ws.drafts.save({ billingunit: '../x', periodTo: '2025-12-31', content: {} }, 0)).rejects.toThrow(
      'billingunit: muss eine Liegenschaftsnummer aus 1 bis 9 Ziffern sein',
    );
    await expect(ws.drafts.save({ billingunit: '5', periodTo: '31.12.2025', content: {} }, 0)).rejects.toThrow('periodTo:');
    expect(await readdir(join(dir, 'drafts'))).toEqual([]);
  });

  it('discards a draft only from its current revision', async () => {
    const ws = await openWs();
    const events: string[] = [];
    ws.subscribe((e) => events.push(e.type));
    await ws.drafts.save({ billingunit: '5', periodTo: '2025-12-31', content: {} }, 0);
    await expect(ws.drafts.discard('5', '2025-12-31', 0)).rejects.toMatchObject({ appError: { code: 'CONFLICT' } });
    await ws.drafts.discard('5', '2025-12-31', 1);
    expect(ws.drafts.list()).toEqual([]);
    expect(await readdir(join(dir, 'drafts'))).toEqual([]);
    expect(events).toEqual(['draft-saved', 'draft-discarded']);
  });
});

/** Checked revisions of a draft (issue 11, item 6): kept when checked, restored as a new revision, set aside when damaged. */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DraftContent } from '@shared/domain/workspace';
import { CHECKED_KEPT } from '@main/services/workspace/checked-drafts';
import { createWorkspace, type Workspace } from '@main/services/workspace/workspace';
import { createFakeSender, createManualClock, useTempWorkspaces } from '@test/unit/workspace/helpers';

let dir: string;
const open = useTempWorkspaces((d) => (dir = d));

async function openWs(): Promise<Workspace> {
  const ws = await createWorkspace({ dir, sender: createFakeSender(), clock: createManualClock() });
  open.push(ws);
  return ws;
}

const UNIT = '100200300';
const TO = '2025-12-31';
const content = (n: number): DraftContent => ({
  ancillaryinvoices: [{ cost: { key: '400' }, amounts: { grossamount: `${String(n)},00` } }],
  importedfiles: [{ sha256: 'a'.repeat(64), name: `Liste ${String(n)}.xlsx`, at: '2025-03-01T08:00:00.000Z' }],
});

async function saveRevisions(ws: Workspace, count: number): Promise<void> {
  for (let n = 1; n <= count; n++) await ws.drafts.save({ billingunit: UNIT, periodTo: TO, content: content(n) }, n - 1);
}

describe('checked revisions of a draft', () => {
  it('keeps the checked revision, restores it as the next revision after a reopen, and refuses a stale base', async () => {
    const ws = await openWs();
    await saveRevisions(ws, 2);
    expect(await ws.drafts.markChecked(UNIT, TO, 2)).toBe(true);
    await ws.drafts.save({ billingunit: UNIT, periodTo: TO, content: content(3) }, 2);
    // A check that answers after a later save belongs to an older revision: nothing is kept for it.
    expect(await ws.drafts.markChecked(UNIT, TO, 2)).toBe(false);
    await ws.close();

    const reopened = await openWs();
    expect(await reopened.drafts.lastChecked(UNIT, TO)).toEqual({ revision: 2, checkedAt: '2025-03-01T08:00:00.000Z' });
    await expect(reopened.drafts.restoreChecked(UNIT, TO, 2)).rejects.toMatchObject({ appError: { code: 'CONFLICT' } });
    const restored = await reopened.drafts.restoreChecked(UNIT, TO, 3);
    expect(restored).toMatchObject({ revision: 4, content: content(2) });
    expect((await reopened.drafts.get(UNIT, TO))?.content).toEqual(content(2));
  });

  it(`keeps the newest ${String(CHECKED_KEPT)} checked revisions only`, async () => {
    const ws = await openWs();
    for (let n = 1; n <= CHECKED_KEPT + 2; n++) {
      await ws.drafts.save({ billingunit: UNIT, periodTo: TO, content: content(n) }, n - 1);
      await ws.drafts.markChecked(UNIT, TO, n);
    }
    const file = join(dir, 'drafts', 'checked', `${UNIT}_${TO}.json`);
    const kept = JSON.parse(await readFile(file, 'utf8')) as { snapshots: { revision: number }[] };
    expect(kept.snapshots.map((s) => s.revision)).toEqual([3, 4, 5, 6, 7]);
    expect(await ws.drafts.lastChecked(UNIT, TO)).toMatchObject({ revision: CHECKED_KEPT + 2 });
  });

  it('sets a damaged file of checked revisions aside, reports it, and says there is nothing to restore', async () => {
    const ws = await openWs();
    await saveRevisions(ws, 1);
    await ws.drafts.markChecked(UNIT, TO, 1);
    await writeFile(join(dir, 'drafts', 'checked', `${UNIT}_${TO}.json`), '{"billingunit": "100200300", "snap');

    expect(await ws.drafts.lastChecked(UNIT, TO)).toBeUndefined();
    expect(
      ws
        .problems()
        .map((p) => p.message)
        .join(' '),
    ).toContain('kein gültiges JSON');
    expect((await readdir(join(dir, 'drafts', 'checked'))).some((n) => n.includes('.corrupt-'))).toBe(true);
    await expect(ws.drafts.restoreChecked(UNIT, TO, 1)).rejects.toMatchObject({
      appError: { code: 'CONFLICT', message: expect.stringContaining('keinen geprüften Stand') as unknown },
    });
    // The draft itself is untouched and still listed.
    expect(ws.drafts.list().map((d) => d.revision)).toEqual([1]);
  });

  it('drops the checked revisions with the discarded draft', async () => {
    const ws = await openWs();
    await saveRevisions(ws, 1);
    await ws.drafts.markChecked(UNIT, TO, 1);
    await ws.drafts.discard(UNIT, TO, 1);
    expect(await ws.drafts.lastChecked(UNIT, TO)).toBeUndefined();
  });
});

import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createWorkspace, type Workspace } from '@main/services/workspace/workspace';
import { createFakeSender, createManualClock, setupFor, waitFor, useTempWorkspaces } from '@test/unit/workspace/helpers';

let dir: string;
const open = useTempWorkspaces((d) => (dir = d));

async function openWs(): Promise<Workspace> {
  const ws = await createWorkspace({ dir, sender: createFakeSender(), clock: createManualClock() });
  open.push(ws);
  return ws;
}

describe('damaged workspace files', () => {
  it('sets aside bad JSON, schema violations and misnamed files, reports each and keeps the rest', async () => {
    const ws = await openWs();
    const good = await ws.outbox.enqueue(setupFor('1'));
    const broken = await ws.outbox.enqueue(setupFor('2'));
    const invalid = await ws.outbox.enqueue(setupFor('3'));
    await ws.drafts.save({ billingunit: '1', periodTo: '2025-12-31', content: { currency: 'EUR' } }, 0);
    await ws.drafts.save({ billingunit: '2', periodTo: '2025-12-31', content: {} }, 0);
    await ws.close();

    const outbox = join(dir, 'outbox');
    const brokenText = (await readFile(join(outbox, `${broken.id}.json`), 'utf8')).slice(0, 40);
    await writeFile(join(outbox, `${broken.id}.json`), brokenText);
    const invalidItem = JSON.parse(await readFile(join(outbox, `${invalid.id}.json`), 'utf8')) as Record<string, unknown>;
    await writeFile(join(outbox, `${invalid.id}.json`), JSON.stringify({ ...invalidItem, state: 'vielleicht' }));
    const drafts = join(dir, 'drafts');
    await writeFile(join(drafts, '9_2025-12-31.json'), await readFile(join(drafts, '2_2025-12-31.json')));

    const reopened = await openWs();
    expect(reopened.outbox.list().map((i) => i.id)).toEqual([good.id]);
    expect(
      reopened.drafts
        .list()
        .map((d) => d.billingunit)
        .sort(),
    ).toEqual(['1', '2']);
    const problems = reopened.problems();
    expect(problems.map((p) => p.file.split(/[\\/]/).pop()).sort()).toEqual(
      [`${broken.id}.json`, `${invalid.id}.json`, '9_2025-12-31.json'].sort(),
    );
    expect(problems.find((p) => p.file.endsWith(`${broken.id}.json`))?.message).toContain('kein gültiges JSON');
    expect(problems.find((p) => p.file.endsWith(`${invalid.id}.json`))?.message).toContain('state');
    expect(problems.find((p) => p.file.endsWith('9_2025-12-31.json'))?.message).toContain('Dateiname passt nicht');

    const asideNames = (await readdir(outbox)).filter((n) => n.includes('.corrupt-'));
    expect(asideNames).toHaveLength(2);
    expect(
      await readFile(
        join(
          outbox,
          asideNames.find((n) => n.startsWith(broken.id))!,
        ),
        'utf8',
      ),
    ).toBe(brokenText);

    // Everything else keeps working, and the set-aside files are not reported again.
    reopened.start();
    await waitFor(() => reopened.outbox.get(good.id)?.state === 'sent');
    await reopened.drafts.save({ billingunit: '1', periodTo: '2025-12-31', content: {} }, 1);
    const third = await openWs();
    expect(third.problems()).toEqual([]);
  });

  it('announces a problem to subscribers when a draft turns out damaged on read', async () => {
    const ws = await openWs();
    await ws.drafts.save({ billingunit: '1', periodTo: '2025-12-31', content: {} }, 0);
    const heard: string[] = [];
    ws.subscribe((e) => {
      if (e.type === 'problem') heard.push(e.problem.message);
    });
    await writeFile(join(dir, 'drafts', '1_2025-12-31.json'), '');
    expect(await ws.drafts.get('1', '2025-12-31')).toBeUndefined();
    expect(heard).toHaveLength(1);
    expect(heard[0]).toMatch(/1_2025-12-31\.json ist beschädigt .* verschoben/);
    expect(ws.drafts.list()).toEqual([]);
  });

  it('never overwrites an earlier set-aside copy of the same file', async () => {
    const ws = await openWs(); // its clock stands still: both copies get the same timestamp
    for (const text of ['erste Fassung', 'zweite Fassung']) {
      await ws.drafts.save({ billingunit: '1', periodTo: '2025-12-31', content: {} }, 0);
      await writeFile(join(dir, 'drafts', '1_2025-12-31.json'), text);
      expect(await ws.drafts.get('1', '2025-12-31')).toBeUndefined();
    }
    const aside = (await readdir(join(dir, 'drafts'))).filter((n) => n.includes('.corrupt-')).sort();
    expect(await Promise.all(aside.map((n) => readFile(join(dir, 'drafts', n), 'utf8')))).toEqual([
      'erste Fassung',
      'zweite Fassung',
    ]);
  });

  it('skips a file it cannot read and says so, without moving it', async () => {
    await mkdir(join(dir, 'drafts', '5_2025-12-31.json'), { recursive: true });
    const ws = await openWs();
    expect(ws.drafts.list()).toEqual([]);
    expect(ws.problems().map((p) => p.message)).toEqual([
      'Die Datei 5_2025-12-31.json ist nicht lesbar (EISDIR) und wird übergangen.',
    ]);
    expect(await readdir(join(dir, 'drafts'))).toEqual(['5_2025-12-31.json']);
  });

  it('removes temp files left by an interrupted write and does not count them as data', async () => {
    const ws = await openWs();
    await ws.outbox.enqueue(setupFor('1'));
    await ws.close();
    await writeFile(join(dir, 'outbox', '.abc.json.1a2b3c.tmp'), '{"id": "halb');
    await writeFile(join(dir, 'drafts', '.5_2025-12-31.json.ffeedd.tmp'), '');
    const reopened = await openWs();
    expect(reopened.outbox.list()).toHaveLength(1);
    expect(reopened.problems()).toEqual([]);
    expect((await readdir(join(dir, 'outbox'))).some((n) => n.endsWith('.tmp'))).toBe(false);
    expect(await readdir(join(dir, 'drafts'))).toEqual([]);
  });
});

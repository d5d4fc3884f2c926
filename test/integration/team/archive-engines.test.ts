/**
 * The archive on both engines (issue 23): append-only, one order, filtered by period. In the team database each
 * entry names the desk that made it, other desks see it at once, and no connection can change or remove it.
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { ArchiveEntryInput } from '@shared/domain/workspace';
import { folderEngine, postgresEngine, type EngineUnderTest } from '@test/support/team-engines';
import { createManualClock } from '@test/unit/workspace/helpers';

const pgEngine = postgresEngine();
const engines: EngineUnderTest[] = [folderEngine(), ...('missing' in pgEngine ? [] : [pgEngine])];
afterAll(async () => Promise.all(engines.map((e) => e.dispose())));

const entry = (billingunit: string, kind: 'passed' | 'commissioned' = 'passed'): ArchiveEntryInput => ({
  action: kind === 'passed' ? 'VALIDATE' : 'SEND',
  billingunit,
  periodTo: '2025-12-31',
  request: { billingunit },
  response: { status: 204 },
  result: kind === 'passed' ? { kind: 'passed' } : { kind: 'commissioned', transactionid: 'T-1' },
});

describe.each(engines)('archive ($name)', (engine) => {
  it('keeps every entry in the order appended, reads each back whole and filters by billing unit', async () => {
    const store = await engine.store(createManualClock());
    const desk = await store.open('Frau Berger');
    const first = await desk.archive.append(entry('100200300'));
    const second = await desk.archive.append(entry('100200301', 'commissioned'));
    expect(second.seq).toBeGreaterThan(first.seq);
    expect(desk.archive.list().map((s) => s.billingunit)).toEqual(['100200300', '100200301']);
    expect(desk.archive.list({ billingunit: '100200301' })).toEqual([second]);
    expect(await desk.archive.read(second.id)).toMatchObject({ ...entry('100200301', 'commissioned'), id: second.id });
    expect(await desk.archive.read('nicht-da')).toBeUndefined();
  });

  it('refuses an entry without a valid billing unit, naming the field', async () => {
    const store = await engine.store(createManualClock());
    const desk = await store.open('A');
    await expect(desk.archive.append({ ...entry('1'), billingunit: 'x' })).rejects.toThrow('billingunit:');
    expect(desk.archive.list()).toEqual([]);
  });
});

describe.skipIf('missing' in pgEngine)('archive in the team database', () => {
  const engine = pgEngine as EngineUnderTest;

  it("records each desk's clerk and shows desk A's entry on desk B without reloading", async () => {
    const store = await engine.store(createManualClock());
    const a = await store.open('Frau Berger (Platz 1)');
    const b = await store.open('Herr Yilmaz (Platz 2)');
    await a.archive.append(entry('100200300'));
    await b.archive.append(entry('100200301', 'commissioned'));
    await expect
      .poll(() => a.archive.list().map((s) => [s.billingunit, s.clerk]), { timeout: 10_000 })
      .toEqual([
        ['100200300', 'Frau Berger (Platz 1)'],
        ['100200301', 'Herr Yilmaz (Platz 2)'],
      ]);
    const fromB = a.archive.list().find((s) => s.billingunit === '100200301');
    expect(await a.archive.read(fromB?.id ?? '')).toMatchObject({ clerk: 'Herr Yilmaz (Platz 2)' });
    await expect
      .poll(() => b.archive.list().map((s) => s.clerk), { timeout: 10_000 })
      .toEqual(['Frau Berger (Platz 1)', 'Herr Yilmaz (Platz 2)']);
  });

  it('cannot change or remove an entry, not even with the connection the app uses', async () => {
    const store = await engine.store(createManualClock());
    const a = await store.open('A');
    const { id } = await a.archive.append(entry('100200300', 'commissioned'));
    const client = new pg.Client({ connectionString: store.url });
    await client.connect();
    try {
      for (const sql of [
        `UPDATE archive_entries SET result_kind = 'failed' WHERE id = '${id}'`,
        `DELETE FROM archive_entries WHERE id = '${id}'`,
        'TRUNCATE archive_entries',
      ]) {
        await expect(client.query(sql), sql).rejects.toThrow('Archiveinträge sind unveränderlich');
      }
    } finally {
      await client.end();
    }
    expect(await a.archive.read(id)).toMatchObject({ result: { kind: 'commissioned' } });
  });
});

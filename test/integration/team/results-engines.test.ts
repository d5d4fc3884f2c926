/**
 * Billing results on both engines (issue 23, item 1; docs/results.md): append-only, with their PDF documents, each
 * document read back only while its bytes still have the SHA-256 the entry names; a result fetched a second time (two
 * windows, or two desks' result watchers) is stored once. In the team database every desk sees a new result at once,
 * two desks storing the same result at the same moment leave one entry, and no connection can change or remove one.
 */
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { DocumentInput } from '@main/services/workspace/result-store';
import { folderEngine, postgresEngine, type EngineUnderTest, type Store } from '@test/support/team-engines';
import { createManualClock } from '@test/unit/workspace/helpers';

const pgEngine = postgresEngine();
const engines: EngineUnderTest[] = [folderEngine(), ...('missing' in pgEngine ? [] : [pgEngine])];
afterAll(async () => Promise.all(engines.map((e) => e.dispose())));

if ('missing' in pgEngine) {
  describe('billing results in the team database', () => {
    // CI installs PostgreSQL (scripts/ensure-postgres.sh); there its absence is a failure, elsewhere a stated reason.
    (process.env.CI ? it : it.skip)(`cannot run: ${pgEngine.missing}`, () => {
      throw new Error(pgEngine.missing);
    });
  });
}

const BU = '100200300';
const TO = '2025-12-31';

const resultOf = (balance: string) => ({
  transactionid: 'T-1',
  results: [
    { residentialunitMscnumber: '0001', partnerPmnumber: 'P-1', balance },
    { residentialunitMscnumber: '0002', partnerPmnumber: 'P-2', balance: '0.00' },
  ],
});
const input = (balance = '12.50', periodTo = TO) => ({
  billingunit: BU,
  periodTo,
  transactionid: 'T-1',
  result: resultOf(balance),
  template: { billingunitMscnumber: BU },
});
const pdf = (documentid: string, text: string): DocumentInput => ({
  documentid,
  type: 'HKA',
  title: `Heizkostenabrechnung ${documentid}`,
  residentialunitMscnumber: '0001',
  partnerPmnumber: 'P-1',
  data: new TextEncoder().encode(`%PDF-1.7 ${text}`),
});

/** Changes a stored document's bytes behind the app's back: a damaged disk, or an administrator's mistake. */
async function damage(engine: EngineUnderTest, store: Store, documentid: string): Promise<void> {
  if (engine.name !== 'PostgreSQL') {
    const folder = join(store.dir ?? '', 'result-documents', `${BU}_${TO}`);
    const file = (await readdir(folder)).find((n) => n.startsWith(`${documentid}-`)) ?? '';
    await writeFile(join(folder, file), '%PDF-1.7 verändert');
    return;
  }
  const client = new pg.Client({ connectionString: store.url });
  await client.connect();
  try {
    // Only someone who switches the append-only trigger off can do this.
    await client.query('ALTER TABLE result_documents DISABLE TRIGGER result_documents_no_update');
    await client.query(`UPDATE result_documents SET data = 'verändert'::bytea WHERE documentid = $1`, [documentid]);
    await client.query('ALTER TABLE result_documents ENABLE TRIGGER result_documents_no_update');
  } finally {
    await client.end();
  }
}

describe.each(engines)('billing results ($name)', (engine) => {
  it('keeps a result with its documents, reads it back whole and lists it by billing unit and period', async () => {
    const store = await engine.store(createManualClock());
    const desk = await store.open('Frau Berger');
    const stored = await desk.results.append(input(), [pdf('HKA-1', 'eins'), pdf('HKA-2', 'zwei')]);
    const other = await desk.results.append(input('0.00', '2024-12-31'), []);

    expect(stored).toMatchObject({ billingunit: BU, periodTo: TO, at: '2025-03-01T08:00:00.000Z' });
    expect(other.seq).toBeGreaterThan(stored.seq);
    expect(desk.results.list({ billingunit: BU, periodTo: TO })).toEqual([stored]);
    expect(desk.results.list().map((s) => s.periodTo)).toEqual([TO, '2024-12-31']);
    const entry = await desk.results.latest(BU, TO);
    expect(entry).toMatchObject({ ...input(), id: stored.id });
    expect(entry?.documents.map((d) => [d.documentid, d.bytes])).toEqual([
      ['HKA-1', 13],
      ['HKA-2', 13],
    ]);
    expect(await desk.results.read(stored.id)).toEqual(entry);
    expect(await desk.results.read('nicht-da')).toBeUndefined();
    const doc = entry && (await desk.results.document(entry, 'HKA-2'));
    expect(doc?.data.toString()).toBe('%PDF-1.7 zwei');
    expect(entry && (await desk.results.document(entry, 'HKA-9'))).toBeUndefined();
    expect(desk.events.filter((e) => e.type === 'result-stored').map((e) => e.recipients)).toEqual([2, 2]);
  });

  it('stores a result fetched again once, and a changed result or document as a new entry', async () => {
    const store = await engine.store(createManualClock());
    const desk = await store.open('A');
    const first = await desk.results.append(input(), [pdf('HKA-1', 'eins')]);
    // The same result again, its keys in another order: the same entry, nothing announced.
    const { template, result, ...rest } = input();
    expect(await desk.results.append({ template, result, ...rest }, [pdf('HKA-1', 'eins')])).toEqual(first);
    expect(desk.results.list()).toEqual([first]);

    const corrected = await desk.results.append(input('13.00'), [pdf('HKA-1', 'eins')]);
    const newPdf = await desk.results.append(input('13.00'), [pdf('HKA-1', 'eins, korrigiert')]);
    expect(desk.results.list().map((s) => s.id)).toEqual([first.id, corrected.id, newPdf.id]);
    // Back to the first content: the newest entry differs, so it is stored again (the newest is what counts).
    const back = await desk.results.append(input(), [pdf('HKA-1', 'eins')]);
    expect(back.id).not.toBe(first.id);
    expect(desk.events.filter((e) => e.type === 'result-stored')).toHaveLength(4);
    const latest = await desk.results.latest(BU, TO);
    expect(latest && (await desk.results.document(latest, 'HKA-1'))?.data.toString()).toBe('%PDF-1.7 eins');
  });

  it('refuses a document whose bytes changed after it was stored, saying so, and keeps the others readable', async () => {
    const store = await engine.store(createManualClock());
    const desk = await store.open('A');
    await desk.results.append(input(), [pdf('HKA-1', 'eins'), pdf('HKA-2', 'zwei')]);
    await damage(engine, store, 'HKA-1');
    const entry = await desk.results.latest(BU, TO);
    if (!entry) throw new Error('no entry');
    await expect(desk.results.document(entry, 'HKA-1')).rejects.toMatchObject({
      appError: {
        code: 'CONFLICT',
        key: 'storage.documentDamaged',
        params: { title: 'Heizkostenabrechnung HKA-1' },
        message: expect.stringContaining('ist beschädigt oder fehlt') as unknown,
      },
    });
    expect((await desk.results.document(entry, 'HKA-2'))?.data.toString()).toBe('%PDF-1.7 zwei');
  });

  it('refuses a result without a valid billing unit, naming the field, and stores nothing', async () => {
    const store = await engine.store(createManualClock());
    const desk = await store.open('A');
    await expect(desk.results.append({ ...input(), billingunit: 'x' }, [])).rejects.toThrow('billingunit:');
    expect(desk.results.list()).toEqual([]);
  });

  it('has every stored result again after a restart', async () => {
    const store = await engine.store(createManualClock());
    const desk = await store.open('A');
    const stored = await desk.results.append(input(), [pdf('HKA-1', 'eins')]);
    const again = await store.reopen('A');
    expect(again.results.list()).toEqual([stored]);
    const entry = await again.results.latest(BU, TO);
    expect(entry && (await again.results.document(entry, 'HKA-1'))?.data.toString()).toBe('%PDF-1.7 eins');
    // Fetched again after the restart: still one entry.
    expect(await again.results.append(input(), [pdf('HKA-1', 'eins')])).toEqual(stored);
  });
});

describe.skipIf('missing' in pgEngine)('billing results between desks on the team database', () => {
  const engine = pgEngine as EngineUnderTest;

  it("shows desk A's result on desk B without reloading, announced there too", async () => {
    const store = await engine.store(createManualClock());
    const a = await store.open('Frau Berger (Platz 1)');
    const b = await store.open('Herr Yilmaz (Platz 2)');
    const stored = await a.results.append(input(), [pdf('HKA-1', 'eins')]);
    await expect.poll(() => b.results.list(), { timeout: 10_000 }).toEqual([stored]);
    expect(b.events.filter((e) => e.type === 'result-stored')).toEqual([{ type: 'result-stored', entry: stored, recipients: 2 }]);
    const entry = await b.results.latest(BU, TO);
    expect(entry && (await b.results.document(entry, 'HKA-1'))?.data.toString()).toBe('%PDF-1.7 eins');
    const client = new pg.Client({ connectionString: store.url });
    await client.connect();
    const { rows } = await client.query<{ clerk: string }>('SELECT clerk FROM result_entries');
    await client.end();
    expect(rows).toEqual([{ clerk: 'Frau Berger (Platz 1)' }]);
  });

  it("stores one entry when two desks' watchers store the same result at the same moment", async () => {
    const store = await engine.store(createManualClock());
    const [a, b] = [await store.open('A'), await store.open('B')];
    const both = await Promise.all([
      a.results.append(input(), [pdf('HKA-1', 'eins')]),
      b.results.append(input(), [pdf('HKA-1', 'eins')]),
    ]);
    expect(both[0]).toEqual(both[1]);
    await expect.poll(() => [a.results.list().length, b.results.list().length], { timeout: 10_000 }).toEqual([1, 1]);
    expect([...a.events, ...b.events].filter((e) => e.type === 'result-stored')).toHaveLength(2);
  });

  it('cannot change or remove a result or its documents, not even with the connection the app uses', async () => {
    const store = await engine.store(createManualClock());
    const a = await store.open('A');
    const { id } = await a.results.append(input(), [pdf('HKA-1', 'eins')]);
    const client = new pg.Client({ connectionString: store.url });
    await client.connect();
    try {
      for (const sql of [
        `UPDATE result_entries SET transactionid = 'T-2' WHERE id = '${id}'`,
        `DELETE FROM result_entries WHERE id = '${id}'`,
        'TRUNCATE result_entries CASCADE',
        `UPDATE result_documents SET data = 'x'::bytea`,
        'DELETE FROM result_documents',
        'TRUNCATE result_documents',
      ]) {
        await expect(client.query(sql), sql).rejects.toThrow('Abrechnungsergebnisse sind unveränderlich');
      }
    } finally {
      await client.end();
    }
    const entry = await a.results.latest(BU, TO);
    expect(entry?.transactionid).toBe('T-1');
    expect(entry && (await a.results.document(entry, 'HKA-1'))?.data.toString()).toBe('%PDF-1.7 eins');
  });
});

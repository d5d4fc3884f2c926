/**
 * Column and account mappings through the channels: a suggestion for the mapping step, an explicit mapping that
 * is remembered for the connection (by header text), and the remembered mappings used by the next import.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '@test/unit/ipc/helpers';
import { openGateApp } from '@test/support/gate-app';
import { workbookOf } from '@test/fixtures/excel/workbooks';

const on = { connectionId: 'demo' };

function openApp(userDataDir: string) {
  const { context, call } = openGateApp(userDataDir);
  const upload = async (name: string, rows: (string | number)[][]): Promise<string> =>
    context.files.put(name, await workbookOf('Einheiten', rows)).id;
  return { context, call, upload };
}

describe('remembered Excel mappings', () => {
  let dataDir: string;
  let app: ReturnType<typeof openApp>;

  beforeAll(async () => {
    dataDir = await tempDir('kb-mapping-');
    app = openApp(dataDir);
  });
  afterAll(async () => {
    await app.context.close();
  });

  it('offers the first row for mapping when no header is recognised, then remembers the mapping by header text', async () => {
    const first = await app.upload('Liste 1.xlsx', [
      ['Schlüssel', 'Wo'],
      ['K-01', 'EG links'],
      ['K-02', 'EG rechts'],
    ]);

    const suggested = await app.call('excel:suggest-mapping', { ...on, fileId: first, kind: 'usage-units' });
    if (!suggested.ok) throw new Error(suggested.issues[0]?.message);
    expect(suggested.remembered).toBe(false);
    expect(suggested.suggestion.mapping.headerRow).toBe(1);
    expect(suggested.suggestion.headers.map((h) => h.text)).toEqual(['Schlüssel', 'Wo']);
    expect(suggested.suggestion.missing).toContain('residentialunitPmnumber');

    const unmapped = await app.call('excel:import-units', { ...on, fileId: first });
    expect(unmapped.ok).toBe(false);

    const mapped = await app.call('excel:import-units', {
      ...on,
      fileId: first,
      mapping: {
        kind: 'usage-units',
        headerRow: 1,
        columns: { residentialunitPmnumber: { letter: 'A' }, description: { letter: 'B' } },
      },
    });
    if (!mapped.ok) throw new Error(mapped.issues[0]?.message);
    expect(mapped.fields).toEqual(['residentialunitPmnumber', 'description']);
    expect(mapped.rows).toEqual([
      { row: 2, values: ['K-01', 'EG links'] },
      { row: 3, values: ['K-02', 'EG rechts'] },
    ]);

    // Re-ordered columns under a title row: the remembered header texts still find them.
    const second = await app.upload('Liste 2.xlsx', [['Export vom 01.02.2026'], [], ['Wo', 'Schlüssel'], ['1. OG', 'K-03']]);
    const again = await app.call('excel:suggest-mapping', { ...on, fileId: second, kind: 'usage-units' });
    if (!again.ok) throw new Error(again.issues[0]?.message);
    expect(again.remembered).toBe(true);
    expect(again.suggestion.missing).toEqual([]);
    expect(again.suggestion.mapping.headerRow).toBe(3);
    expect(again.suggestion.mapping.columns).toEqual({
      residentialunitPmnumber: { header: 'Schlüssel' },
      description: { header: 'Wo' },
    });
    const imported = await app.call('excel:import-units', { ...on, fileId: second });
    if (!imported.ok) throw new Error(imported.issues[0]?.message);
    expect(imported.fields).toEqual(['description', 'residentialunitPmnumber']);
    expect(imported.rows).toEqual([{ row: 4, values: ['1. OG', 'K-03'] }]);
    expect(imported.remembered).toBe(true);
  });

  it('does not apply the remembered mapping to a file that lacks its headers', async () => {
    const other = await app.upload('Liste 3.xlsx', [
      ['Ordnungsbegriff', 'Lage'],
      ['LA5-0001', 'EG'],
    ]);
    const suggested = await app.call('excel:suggest-mapping', { ...on, fileId: other, kind: 'usage-units' });
    if (!suggested.ok) throw new Error(suggested.issues[0]?.message);
    expect(suggested.remembered).toBe(false);
    expect(suggested.suggestion.mapping.columns).toEqual({
      residentialunitPmnumber: { header: 'Ordnungsbegriff' },
      description: { header: 'Lage' },
    });
  });

  it('takes a header row the clerk names and says so when that row is empty', async () => {
    const file = await app.upload('Liste 4.xlsx', [['Titel'], ['Nr', 'Bereich'], ['K-09', 'Keller']]);
    const row2 = await app.call('excel:suggest-mapping', { ...on, fileId: file, kind: 'usage-units', headerRow: 2 });
    if (!row2.ok) throw new Error(row2.issues[0]?.message);
    expect(row2.suggestion.headers.map((h) => h.text)).toEqual(['Nr', 'Bereich']);
    const row9 = await app.call('excel:suggest-mapping', { ...on, fileId: file, kind: 'usage-units', headerRow: 9 });
    expect(row9.ok).toBe(false);
    if (!row9.ok) expect(row9.issues[0]?.message).toContain('Zeile 9');
  });

  it('remembers accounts → cost types after a successful invoice import, also after a restart', async () => {
    const [period] = await app.call('periods:list', { ...on, billingunit: '100200301' });
    const where = { ...on, billingunit: '100200301', periodTo: period!.to };
    const template = await app.call('templates:get', where);
    const code = template.costtypes.find((c) => ['400', '301', '302'].includes(c.key))?.key ?? template.costtypes[0]!.key;
    const rows: (string | number)[][] = [
      ['Datum', 'Konto', 'Buchungstext', 'Betrag'],
      ['15.03.2025', '4711', 'Allgemeinstrom', '630,00'],
    ];
    const first = await app.upload('Buchungen.xlsx', rows);
    const unmapped = await app.call('excel:import-invoices', { ...where, fileId: first });
    expect(unmapped.ok).toBe(false);
    if (!unmapped.ok) expect(unmapped.accounts.map((a) => a.account)).toEqual(['4711']);

    const mapped = await app.call('excel:import-invoices', { ...where, fileId: first, accountMapping: { '4711': code } });
    if (!mapped.ok) throw new Error(mapped.issues.map((i) => i.message).join('\n'));

    await app.context.close();
    app = openApp(dataDir);
    const again = await app.call('excel:import-invoices', { ...where, fileId: await app.upload('Buchungen 2.xlsx', rows) });
    if (!again.ok) throw new Error(again.issues.map((i) => i.message).join('\n'));
    const invoices = [...again.heatingsysteminvoices, ...again.ancillaryinvoices];
    expect(invoices.map((i) => i.cost.key)).toEqual([code]);
  });
});

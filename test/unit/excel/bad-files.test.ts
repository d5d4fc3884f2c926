import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { importInvoices } from '@main/services/excel/invoice-import';
import { listSheets } from '@main/services/excel/sheet-stream';
import { importTemplateWorkbook } from '@main/services/excel/template-import';
import { importUsageUnits } from '@main/services/excel/usage-unit-import';
import { TEMPLATE } from '@test/fixtures/excel/template-fixture';
import { cfbBytes, usageUnitWorkbook, workbookOf } from '@test/fixtures/excel/workbooks';

type Failure = { ok: false; issues: { code: string; message: string }[] };

/** Every importer must answer a broken file with exactly one clear error. */
async function onlyIssue(buf: Buffer): Promise<{ code: string; message: string }> {
  const results = [
    await importUsageUnits(buf),
    await importInvoices(buf, { template: TEMPLATE }),
    await importTemplateWorkbook(buf, TEMPLATE),
  ];
  for (const r of results) expect(r.ok).toBe(false);
  const issues = results.map((r) => (r as Failure).issues);
  for (const list of issues) expect(list).toHaveLength(1);
  const [first] = issues[0] ?? [];
  for (const list of issues) expect(list[0]).toEqual(first);
  if (!first) throw new Error('no issue');
  return first;
}

describe('files that are no readable xlsx', () => {
  it('empty buffer', async () => {
    expect(await onlyIssue(Buffer.alloc(0))).toEqual(
      expect.objectContaining({ code: 'FILE_EMPTY', message: 'Die Datei ist leer (0 Byte).' }),
    );
  });

  it('random bytes', async () => {
    const issue = await onlyIssue(randomBytes(4096));
    expect(issue.code).toBe('FILE_CORRUPT');
    expect(issue.message).toMatch(/keine Excel-Arbeitsmappe \(\.xlsx\) oder sie ist beschädigt/);
  });

  it('a truncated xlsx', async () => {
    const good = await usageUnitWorkbook();
    expect((await onlyIssue(good.subarray(0, Math.floor(good.length / 2)))).code).toBe('FILE_CORRUPT');
  });

  it('an encrypted (password-protected) workbook: CFB container', async () => {
    const issue = await onlyIssue(cfbBytes('EncryptionInfo'));
    expect(issue.code).toBe('FILE_ENCRYPTED');
    expect(issue.message).toMatch(/^Die Datei ist kennwortgeschützt \(verschlüsselt\)/);
    expect((await onlyIssue(cfbBytes())).code).toBe('FILE_ENCRYPTED');
  });

  it('an old .xls workbook: CFB container with a Workbook stream', async () => {
    const issue = await onlyIssue(cfbBytes('Workbook'));
    expect(issue).toMatchObject({ code: 'FILE_LEGACY_XLS' });
    expect(issue.message).toMatch(/als Excel-Arbeitsmappe \(\.xlsx\) speichern/);
  });

  it('a workbook whose sheet is cut off', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Nutzer').addRow(['Ordnungsbegriff', 'Name']);
    const stored = Buffer.from(await wb.xlsx.writeBuffer({ zip: { compression: 'STORE' } }));
    const cut = Buffer.from(stored.toString('latin1').replace('</sheetData>', 'x'.repeat(12)), 'latin1');
    const r = await importUsageUnits(cut);
    expect(r).toMatchObject({ ok: false, issues: [{ code: 'FILE_CORRUPT', sheet: 'Nutzer' }] });
  });

  it('a zip that is no workbook', async () => {
    const buf = await workbookOf('A', [['x']]);
    const renamed = Buffer.from(buf.toString('latin1').replaceAll('xl/workbook.xml', 'xl/workbook.xmX'), 'latin1');
    expect((await onlyIssue(renamed)).code).toBe('FILE_CORRUPT');
  });
});

describe('sheets', () => {
  it('lists sheets in tab order with their visibility', async () => {
    const buf = await workbookOf('Nutzer', [['x']], (_ws, wb) => {
      wb.addWorksheet('Geheim', { state: 'hidden' });
      wb.addWorksheet('Rechnungen & Co');
    });
    expect(listSheets(buf)).toEqual({
      ok: true,
      sheets: [
        { name: 'Nutzer', hidden: false },
        { name: 'Geheim', hidden: true },
        { name: 'Rechnungen & Co', hidden: false },
      ],
    });
    expect(listSheets(Buffer.alloc(0))).toMatchObject({ ok: false, issues: [{ code: 'FILE_EMPTY' }] });
  });

  it('a missing sheet is one error naming the sheets there are', async () => {
    const r = await importUsageUnits(await usageUnitWorkbook(), { sheet: 'Mieter' });
    expect(r).toEqual({
      ok: false,
      issues: [
        {
          severity: 'error',
          code: 'SHEET_MISSING',
          sheet: 'Mieter',
          message: 'Das Tabellenblatt „Mieter“ gibt es in der Datei nicht. Vorhandene Blätter: „Nutzer“, „Notizen“.',
        },
      ],
    });
  });

  it('an empty sheet and a sheet without a header row', async () => {
    const empty = await importUsageUnits(await workbookOf('Leer', []));
    expect(empty).toMatchObject({ ok: false, issues: [{ code: 'SHEET_EMPTY', message: 'Das Tabellenblatt „Leer“ ist leer.' }] });
    const noHeader = await importUsageUnits(
      await workbookOf('Daten', [
        ['a', 'b'],
        [1, 2],
      ]),
    );
    expect(noHeader).toMatchObject({ ok: false, issues: [{ code: 'HEADER_NOT_FOUND' }] });
    const r = noHeader as Failure;
    expect(r.issues[0]?.message).toMatch(/^Blatt „Daten“: in den ersten 20 Zeilen wurde keine Kopfzeile gefunden/);
  });

  it('a header merged so that it is not recognised is reported as merged, not as missing', async () => {
    const buf = await workbookOf('Nutzer', [['Ordnungsbegriff', null, 'x'], ['WE-1']], (ws) => {
      ws.mergeCells('A1:B1');
    });
    const r = (await importUsageUnits(buf)) as Failure;
    expect(r.issues).toEqual([
      expect.objectContaining({ code: 'HEADER_MERGED', row: 1, column: 'A', header: 'Ordnungsbegriff' }),
    ]);
  });
});

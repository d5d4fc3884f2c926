/**
 * Limits that keep a crafted workbook from exceljs (GitHub issue 14): sizes from the zip directory, unpacking
 * that stops at the declared size, rows, columns and merged ranges, parts of no use that are never parsed, and
 * the worker thread's time and heap limits. Each refusal is one German error naming the file and the limit.
 */
import { describe, expect, it } from 'vitest';
import { buildTemplateWorkbook } from '@main/services/excel/template-export';
import { importIsolated } from '@main/services/excel/isolated-import';
import { importInvoices } from '@main/services/excel/invoice-import';
import { importTemplateWorkbook } from '@main/services/excel/template-import';
import { importUsageUnits, readUsageUnitRows } from '@main/services/excel/usage-unit-import';
import { DRAFT, TEMPLATE } from '@test/fixtures/excel/template-fixture';
import { FIXED_DATE, usageUnitWorkbook, workbookOf } from '@test/fixtures/excel/workbooks';
import {
  bombPart,
  deflatedPart,
  flippedByte,
  partOf,
  sharedStringsBomb,
  textOf,
  withPart,
} from '@test/unit/excel/hostile-workbooks';

const MIB = 1024 * 1024;
const SMALLER = 'Bitte nur die benötigten Zeilen und Spalten in eine neue Mappe kopieren und diese einlesen.';
const exported = (): Promise<Buffer> => buildTemplateWorkbook(TEMPLATE, { draft: DRAFT, now: FIXED_DATE });

/** The exported Erfassungsmappe with its first sheet (Hinweise) or workbook.xml edited as text. */
async function editedTemplate(edit: (xml: string) => string, part = 'xl/worksheets/sheet1.xml'): Promise<Buffer> {
  const xlsx = await exported();
  return withPart(xlsx, deflatedPart(part, edit(textOf(partOf(xlsx, part)))));
}

const beforeEnd = (extra: string) => (xml: string) => xml.replace('</worksheet>', `${extra}</worksheet>`);
const beforeSheetDataEnd = (extra: string) => (xml: string) => xml.replace('</sheetData>', `${extra}</sheetData>`);

describe('zip parts refused before exceljs sees them', () => {
  it('stops unpacking a part one byte past the size its directory entry understates', async () => {
    const base = await usageUnitWorkbook();
    const gigabyte = partOf(sharedStringsBomb(base), 'xl/sharedStrings.xml');
    const lying = withPart(base, { ...gigabyte, size: 4096 });
    const rss = process.memoryUsage().rss;
    const started = performance.now();

    const r = await importUsageUnits(lying, { file: 'Lüge.xlsx' });

    expect(r).toEqual({
      ok: false,
      issues: [
        {
          severity: 'error',
          code: 'FILE_CORRUPT',
          message:
            'Die Datei „Lüge.xlsx“ ist beschädigt: Der Teil „xl/sharedStrings.xml“ lässt sich nicht entpacken (größer als angegeben). Bitte die Datei in Excel öffnen und neu als .xlsx speichern.',
        },
      ],
    });
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(process.memoryUsage().rss - rss).toBeLessThan(200 * MIB);
  });

  it('refuses parts that claim more than 256 MB together, each under 64 MB', async () => {
    let xlsx = await usageUnitWorkbook();
    for (let i = 1; i <= 5; i++) xlsx = withPart(xlsx, bombPart(`xl/media/image${String(i)}.png`, '', '\0', 60, ''));
    const r = await importUsageUnits(xlsx, { file: 'Bilder.xlsx' });
    expect(r).toMatchObject({ ok: false, issues: [{ code: 'FILE_TOO_LARGE' }] });
    expect((r as { issues: { message: string }[] }).issues[0]?.message).toMatch(
      /^Die Datei „Bilder\.xlsx“ ist zu groß zum Einlesen: Ihre Teile sind entpackt zusammen 30\d MB groß; erlaubt sind höchstens 256 MB\./,
    );
  });

  it('refuses an Erfassungsmappe whose parts to read pass 32 MB before unpacking them', async () => {
    const xlsx = sharedStringsBomb(await exported(), 40);
    const r = await importTemplateWorkbook(xlsx, TEMPLATE, { file: 'Mappe.xlsx' });
    expect(r).toMatchObject({ ok: false, issues: [{ code: 'FILE_TOO_LARGE' }] });
    expect((r as { issues: { message: string }[] }).issues[0]?.message).toMatch(
      /^Die Datei „Mappe\.xlsx“ ist zu groß zum Einlesen: Die Blätter, Texte und Formate sind entpackt zusammen größer als 32 MB/,
    );
  });

  it('names a part packed with a method Excel does not use', async () => {
    const base = await usageUnitWorkbook();
    const xlsx = withPart(base, { ...partOf(base, 'xl/worksheets/sheet1.xml'), method: 12 });
    expect(await importUsageUnits(xlsx, { file: 'Bzip.xlsx' })).toEqual({
      ok: false,
      issues: [
        {
          severity: 'error',
          code: 'FILE_CORRUPT',
          sheet: 'Nutzer',
          message:
            'Die Datei „Bzip.xlsx“ lässt sich nicht lesen: Das Tabellenblatt „Nutzer“ (Teil „xl/worksheets/sheet1.xml“) ist mit einem Verfahren gepackt, das Excel nicht verwendet (Methode 12). Bitte die Datei in Excel öffnen und neu als .xlsx speichern.',
        },
      ],
    });
  });

  it('gives the same error from every importer for damaged shared strings', async () => {
    const xlsx = flippedByte(await usageUnitWorkbook(), 'xl/sharedStrings.xml');
    const results = [
      await importUsageUnits(xlsx),
      await importInvoices(xlsx, { template: TEMPLATE }),
      await importTemplateWorkbook(xlsx, TEMPLATE),
    ];
    for (const r of results) {
      expect(r).toMatchObject({
        ok: false,
        issues: [
          {
            code: 'FILE_CORRUPT',
            message: expect.stringMatching(/^Die Datei ist beschädigt: Der Teil „xl\/sharedStrings\.xml“/) as unknown,
          },
        ],
      });
    }
  });
});

describe('rows, columns and merged ranges', () => {
  it('stops a list that reaches past row 100,000', async () => {
    const xlsx = await workbookOf(
      'Nutzer',
      [
        ['Ordnungsbegriff', 'Lage'],
        ['WE-1', 'EG'],
      ],
      (ws) => {
        ws.getCell('A100001').value = 'x';
      },
    );
    expect(await importUsageUnits(xlsx, { file: 'Lang.xlsx' })).toEqual({
      ok: false,
      issues: [
        {
          severity: 'error',
          code: 'LIMIT_EXCEEDED',
          sheet: 'Nutzer',
          message: `Die Datei „Lang.xlsx“ lässt sich nicht sicher einlesen: Blatt „Nutzer“ reicht bis Zeile 100.001; erlaubt sind höchstens 100.000 Zeilen. ${SMALLER}`,
        },
      ],
    });
  });

  it('stops a list that reaches past column 1,000', async () => {
    const xlsx = await workbookOf(
      'Nutzer',
      [
        ['Ordnungsbegriff', 'Lage'],
        ['WE-1', 'EG'],
      ],
      (ws) => {
        ws.getCell(2, 1001).value = 'x';
      },
    );
    const r = await importUsageUnits(xlsx, { file: 'Breit.xlsx' });
    expect(r).toMatchObject({ ok: false, issues: [{ code: 'LIMIT_EXCEEDED', sheet: 'Nutzer' }] });
    expect((r as { issues: { message: string }[] }).issues[0]?.message).toContain(
      'Blatt „Nutzer“ reicht bis Spalte ALM (1.001); erlaubt sind höchstens 1.000 Spalten.',
    );
  });

  const mergesUpTo = (n: number): string =>
    `<mergeCells count="${String(n)}">${Array.from({ length: n }, (_, i) => `<mergeCell ref="D${String(i + 1)}:E${String(i + 1)}"/>`).join('')}</mergeCells>`;

  it.each([
    [
      'a row past 20,000',
      beforeSheetDataEnd('<row r="20001"><c r="A20001"><v>1</v></c></row>'),
      'reicht bis Zeile 20.001; erlaubt sind höchstens 20.000 Zeilen.',
    ],
    [
      'a cell past column 256',
      beforeSheetDataEnd('<row r="9999"><c r="IW9999"><v>1</v></c></row>'),
      'reicht bis Spalte IW (257); erlaubt sind höchstens 256 Spalten.',
    ],
    [
      'a column definition past XFD',
      (x: string) => x.replace(/<cols>/, '<cols><col min="1" max="2000000000" width="9"/>'),
      'reicht bis Spalte 2.000.000.000;',
    ],
    ['1,001 merged ranges', beforeEnd(mergesUpTo(1001)), 'hat 1.001 verbundene Bereiche; erlaubt sind höchstens 1.000.'],
    [
      'one merge of 128,000 cells',
      beforeEnd('<mergeCells count="1"><mergeCell ref="A1:IV500"/></mergeCells>'),
      'verbindet zusammen 128.000 Zellen; erlaubt sind höchstens 100.000.',
    ],
  ])('refuses an Erfassungsmappe with %s', async (_label, edit, says) => {
    const r = await importTemplateWorkbook(await editedTemplate(edit), TEMPLATE, { file: 'Mappe.xlsx' });
    expect(r).toMatchObject({ ok: false, issues: [{ code: 'LIMIT_EXCEEDED', sheet: 'Hinweise' }] });
    const [issue] = (r as { issues: { message: string }[] }).issues;
    expect(issue?.message).toContain('Die Datei „Mappe.xlsx“ lässt sich nicht sicher einlesen: Blatt „Hinweise“ ');
    expect(issue?.message).toContain(says);
  });

  it('reads an Erfassungsmappe whose drawings, links, tables, validations and names exceljs would expand or miss', async () => {
    const extras =
      '<dataValidations count="1"><dataValidation type="list" sqref="A1:XFD1048576"><formula1>"a,b"</formula1></dataValidation></dataValidations>' +
      '<hyperlinks><hyperlink ref="A1" r:id="rId9"/></hyperlinks><drawing r:id="rId8"/><legacyDrawing r:id="rId7"/>' +
      '<tableParts count="1"><tablePart r:id="rId6"/></tableParts>';
    let xlsx = await editedTemplate((x) => x.replace(/(<pageMargins\b|<\/worksheet>)/, `${extras}$1`));
    const names = '<definedNames><definedName name="alles">Hinweise!$A$1:$XFD$1048576</definedName></definedNames>';
    xlsx = withPart(
      xlsx,
      deflatedPart('xl/workbook.xml', textOf(partOf(xlsx, 'xl/workbook.xml')).replace('</sheets>', `</sheets>${names}`)),
    );

    const started = performance.now();
    const r = await importTemplateWorkbook(xlsx, TEMPLATE);

    expect(r).toStrictEqual({ ok: true, draft: DRAFT, warnings: [] });
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('the import worker thread', () => {
  it('returns what the importer returns', async () => {
    const xlsx = await usageUnitWorkbook();
    expect(await importIsolated('units', {}, xlsx, 'Liste.xlsx')).toEqual(await readUsageUnitRows(xlsx, { file: 'Liste.xlsx' }));
  });

  it('ends an import that takes longer than allowed', async () => {
    const r = await importIsolated('units', {}, await usageUnitWorkbook(), 'Liste.xlsx', {
      limits: { heapMb: 500, timeoutMs: 20 },
    });
    expect(r).toEqual({
      ok: false,
      issues: [
        {
          severity: 'error',
          code: 'LIMIT_EXCEEDED',
          message: `Das Einlesen der Datei „Liste.xlsx“ wurde nach 1 Sekunde abgebrochen; länger darf es nicht dauern. ${SMALLER}`,
        },
      ],
    });
  });

  it('ends an import that needs more heap than allowed, and the next import runs in a fresh worker', async () => {
    // Texts of their own (one-letter strings are shared by V8 and cost the heap nearly nothing).
    // A cell of the sheet refers to the last text, so the whole table is needed (an unused tail would be cut).
    const bomb = sharedStringsBomb(await usageUnitWorkbook(), 48, 'Mustermann, Erika; Hauptstraße 1');
    const sheet = partOf(bomb, 'xl/worksheets/sheet1.xml');
    const strings = withPart(
      bomb,
      deflatedPart(sheet.name, textOf(sheet).replace('</row>', '<c r="Z1" t="s"><v>1500000</v></c></row>')),
    );
    const r = await importIsolated('invoices', { template: TEMPLATE }, strings, 'Viele Texte.xlsx', {
      limits: { heapMb: 32, timeoutMs: 20_000 },
    });
    expect(r).toEqual({
      ok: false,
      accounts: [],
      issues: [
        {
          severity: 'error',
          code: 'LIMIT_EXCEEDED',
          message: `Das Einlesen der Datei „Viele Texte.xlsx“ wurde abgebrochen: Es hätte mehr als 32 MB Arbeitsspeicher gebraucht. ${SMALLER}`,
        },
      ],
    });
    expect(await importIsolated('units', {}, await usageUnitWorkbook(), 'Liste.xlsx')).toMatchObject({ ok: true });
  }, 30_000);
});

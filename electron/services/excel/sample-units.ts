/**
 * "Beispieldatei herunterladen": a usage-unit workbook that fits the embedded demo MSC's world, so a trying user
 * who imports it unchanged sees every outcome of matching — matched by order criterion and by position, one
 * ambiguous, one needing manual work (Leipzig), one not found. The rows are written against the demo seed
 * (electron/sandbox/seed.ts); a unit test runs them through the demo matching to keep both in step.
 */
import ExcelJS from 'exceljs';

export type SampleOutcome = 'matched' | 'matched-by-position' | 'ambiguous' | 'manual' | 'not-found';

export type SampleRow = { billingunit: string; pm: string; position: string; area: string; expect: SampleOutcome };

const known = (billingunit: string, rows: [pm: string, position: string, area: string][]): SampleRow[] =>
  rows.map(([pm, position, area]) => ({ billingunit, pm, position, area, expect: 'matched' }));

export const SAMPLE_ROWS: readonly SampleRow[] = [
  ...known('100200301', [
    ['KH42/01', 'EG links', '64.50'],
    ['KH42/02', 'EG rechts', '71.20'],
    ['KH42/03', '1. OG links', '64.50'],
    ['KH42/04', '1. OG rechts', '71.20'],
    ['KH42/05', '2. OG links', '64.50'],
    ['KH42/06', '2. OG rechts', '71.20'],
    ['KH42/07', '3. OG links', '64.50'],
    ['KH42/08', '3. OG rechts', '71.20'],
    ['KH42/09', '4. OG links', '58.90'],
    ['KH42/10', '4. OG rechts', '62.30'],
  ]),
  { billingunit: '100200301', pm: 'KH42/11', position: 'DG rechts', area: '55.20', expect: 'matched-by-position' },
  { billingunit: '100200301', pm: 'KH42/12', position: 'DG links', area: '48.00', expect: 'ambiguous' },
  { billingunit: '100200301', pm: 'KH42/14', position: 'EG Laden', area: '92.30', expect: 'manual' },
  { billingunit: '100200301', pm: 'KH42/99', position: '5. OG links', area: '60.00', expect: 'not-found' },
  ...known('100200302', [
    ['DS12-001', 'EG links', '82.40'],
    ['DS12-002', 'EG rechts', '78.60'],
    ['DS12-003', 'EG Mitte', '45.30'],
    ['DS12-004', '1. OG links', '82.40'],
    ['DS12-005', '1. OG rechts', '78.60'],
    ['DS12-007', '2. OG links', '82.40'],
    ['DS12-008', '2. OG rechts', '78.60'],
  ]),
  { billingunit: '100200302', pm: 'DS12-009', position: 'Mitte', area: '45.30', expect: 'ambiguous' },
  { billingunit: '100200302', pm: 'DS12-010', position: 'DG links', area: '66.10', expect: 'matched-by-position' },
  { billingunit: '100200302', pm: 'DS12-099', position: '3. OG links', area: '70.00', expect: 'not-found' },
  ...known('100200303', [
    ['LA5-0001', 'EG links', '58.00'],
    ['LA5-0002', 'EG Mitte', '42.50'],
    ['LA5-0003', 'EG rechts', '58.00'],
    ['LA5-0004', '1. OG links', '74.20'],
    ['LA5-0005', '1. OG Mitte', '42.50'],
    ['LA5-0006', '1. OG rechts', '74.20'],
    ['LA5-0007', '2. OG links', '74.20'],
    ['LA5-0009', '2. OG rechts', '74.20'],
  ]),
  { billingunit: '100200303', pm: 'LA5-0010', position: '3. OG links', area: '69.80', expect: 'matched-by-position' },
  { billingunit: '100200303', pm: 'LA5-0011', position: 'Mitte', area: '42.50', expect: 'ambiguous' },
  { billingunit: '100200303', pm: 'LA5-0099', position: '4. OG rechts', area: '65.00', expect: 'not-found' },
];

const OUTCOME_TEXT: Readonly<Record<SampleOutcome, string>> = {
  matched: 'wird über den Ordnungsbegriff zugeordnet (der Messdienst kennt ihn)',
  'matched-by-position': 'wird über Lage und Wohnfläche zugeordnet',
  ambiguous: 'mehrdeutig: zwei Nutzeinheiten passen, Hilfskriterien (z. B. Zählernummer) nötig',
  manual: 'wird beim Messdienst von Hand zugeordnet (im Demo-Messdienst selbst erledigen)',
  'not-found': 'nicht gefunden: diese Nutzeinheit hat der Messdienst nicht',
};

/** The sample rows of the demo properties asked for (all when `billingunit` is absent). */
export function sampleRows(billingunit?: string): SampleRow[] {
  return SAMPLE_ROWS.filter((r) => billingunit === undefined || r.billingunit === billingunit);
}

/** The workbook: a title row, German headers, one row per unit; a second sheet says what each row will do. */
export async function buildSampleWorkbook(billingunit?: string): Promise<Buffer> {
  const rows = sampleRows(billingunit);
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Kostenbrücke';
  const ws = wb.addWorksheet('Nutzeinheiten');
  ws.addRow(['Beispieldatei Demo-Messdienst: Nutzeinheiten zum Abgleich']).font = { bold: true, size: 13 };
  const header = ws.addRow(['Liegenschaft', 'Ordnungsbegriff', 'Lage', 'Wohnfläche']);
  header.font = { bold: true };
  for (const r of rows) {
    const row = ws.addRow([r.billingunit, r.pm, r.position, Number(r.area)]);
    row.getCell(1).numFmt = '@';
    row.getCell(2).numFmt = '@';
    row.getCell(4).numFmt = '0.00';
  }
  ws.columns.forEach((c, i) => (c.width = [14, 18, 16, 12][i] ?? 12));
  ws.views = [{ state: 'frozen', ySplit: 2 }];

  const info = wb.addWorksheet('Erklärung');
  info.addRow(['Ordnungsbegriff', 'Liegenschaft', 'Was der Demo-Messdienst daraus macht']).font = { bold: true };
  for (const r of rows) info.addRow([r.pm, r.billingunit, OUTCOME_TEXT[r.expect]]);
  info.columns.forEach((c, i) => (c.width = [18, 14, 80][i] ?? 12));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

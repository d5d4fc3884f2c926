/** The sample workbook's rows against the demo world's matching: every promised outcome happens. */
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { matchUnits } from '@main/sandbox/matching';
import { demoWorld, DEMO_BILLING_UNITS } from '@main/sandbox/seed';
import { buildSampleWorkbook, sampleRows } from '@main/services/excel/sample-units';
import type { SampleOutcome } from '@main/services/excel/sample-units';

function outcomes(billingunit: string): Record<string, SampleOutcome> {
  const bu = demoWorld().billingunits.find((b) => b.billingunitMscnumber === billingunit);
  const rows = sampleRows(billingunit);
  const sent = rows.map((r) => ({
    residentialunitPmnumber: r.pm,
    description: r.position,
    auxiliarycriteria: { livingarea: r.area },
  }));
  const out = matchUnits(bu?.units ?? [], sent, {});
  const byPm: Record<string, SampleOutcome> = {};
  for (const m of out.matched) {
    const pm = m.residentialunitPmnumber;
    byPm[pm] =
      bu?.units.find((u) => u.residentialunitMscnumber === m.residentialunitMscnumber)?.knownPmnumber === pm
        ? 'matched'
        : 'matched-by-position';
  }
  for (const u of out.unmatched) byPm[u.residentialunitPmnumber] = u.reason === 'AMBIGUOUS' ? 'ambiguous' : 'not-found';
  for (const m of out.manual) byPm[m.residentialunitPmnumber] = 'manual';
  return byPm;
}

describe('sample workbook of the demo MSC', () => {
  it.each(DEMO_BILLING_UNITS)('rows of %s end as the sample promises', (billingunit) => {
    const expected = Object.fromEntries(sampleRows(billingunit).map((r) => [r.pm, r.expect]));
    expect(outcomes(billingunit)).toEqual(expected);
  });

  it('shows matched, ambiguous, manual and not-found units for Leipzig', () => {
    expect(new Set(Object.values(outcomes('100200301')))).toEqual(
      new Set(['matched', 'matched-by-position', 'ambiguous', 'manual', 'not-found']),
    );
  });

  it('writes a title row, German headers and the units as text', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await buildSampleWorkbook('100200301')) as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Nutzeinheiten');
    expect(ws?.getRow(2).values).toEqual([undefined, 'Liegenschaft', 'Ordnungsbegriff', 'Lage', 'Wohnfläche']);
    expect(ws?.getRow(3).values).toEqual([undefined, '100200301', 'KH42/01', 'EG links', 64.5]);
    expect(ws?.rowCount).toBe(2 + sampleRows('100200301').length);
  });
});

/** Issue 19, item 8: an unusual living area is taken, with a remark at its row; the clerk decides. */
import { describe, expect, it } from 'vitest';
import { buildPreview, checkUnitValues } from '@shared/domain/unit-rows';
import { formatIso, parseGermanNumber } from '@shared/domain/decimal';
import { importUsageUnits } from '@main/services/excel/usage-unit-import';
import { workbookOf } from '@test/fixtures/excel/workbooks';

describe('unusual living area', () => {
  it('sends 1.234,50 m² and 0,00 m² but remarks on both at their cell; 72,50 m² passes silently', () => {
    const big = checkUnitValues({ residentialunitPmnumber: 'WE-1', livingarea: '1.234,50' }, false);
    expect(big.unit?.auxiliarycriteria?.livingarea).toBe('1234.50');
    expect(big.problems).toEqual([{ field: 'livingarea', code: 'areaUnusual', value: '1.234,50' }]);
    const none = checkUnitValues({ residentialunitPmnumber: 'WE-2', livingarea: '0,00' }, false);
    expect(none.unit?.auxiliarycriteria?.livingarea).toBe('0.00');
    expect(none.problems.map((p) => p.code)).toEqual(['areaUnusual']);
    expect(checkUnitValues({ residentialunitPmnumber: 'WE-3', livingarea: '72,50' }, false).problems).toEqual([]);
    const preview = buildPreview(
      [
        { residentialunitPmnumber: 'WE-1', livingarea: '1.234,50' },
        { residentialunitPmnumber: 'WE-2', livingarea: '0,00' },
      ],
      { selected: '100200301', partnerColumn: false },
    );
    expect(preview.problemRows).toBe(0);
    expect(preview.groups[0]?.units).toHaveLength(2);
  });

  it('imports the list with a warning at the row, not an error', async () => {
    const buf = await workbookOf('Nutzer', [
      ['Ordnungsbegriff', 'Wohnfläche'],
      ['WE-1', '1.234,50'],
    ]);
    const r = await importUsageUnits(buf);
    expect(r.ok && r.units).toEqual([{ residentialunitPmnumber: 'WE-1', auxiliarycriteria: { livingarea: '1234.50' } }]);
    expect(r.ok && r.warnings).toEqual([expect.objectContaining({ severity: 'warning', row: 2, column: 'B' })]);
  });

  it('reads the usual area forms (read without the general number reader) exactly as that reader does', () => {
    const texts = ['0', '7', '72', '072', '72,5', '72,50', '72.5', '72.05', '999999', '999999,99', '000000,00', '1,2', '10.1'];
    for (const text of texts) {
      const general = parseGermanNumber(text, 2);
      const read = checkUnitValues({ residentialunitPmnumber: 'WE-1', livingarea: text }, false);
      expect(read.unit?.auxiliarycriteria?.livingarea, text).toBe(general.ok ? formatIso(general.value) : undefined);
    }
  });
});

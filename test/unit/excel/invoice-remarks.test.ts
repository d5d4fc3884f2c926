/**
 * Issue 19, item 8: a 0 € row, a negative row that does not read as a credit note and a row dated before the period
 * are taken over from the bookkeeping export, each with a warning at its row; the clerk decides. A credit note that
 * says so, and a row inside the period, pass silently.
 */
import { describe, expect, it } from 'vitest';
import { importInvoices } from '@main/services/excel/invoice-import';
import { TEMPLATE } from '@test/fixtures/excel/template-fixture';
import { workbookOf } from '@test/fixtures/excel/workbooks';

describe('invoice import: remarks at the row', () => {
  it('takes −150 €, 0 € and last year’s invoice, and says why at each row', async () => {
    const buf = await workbookOf('Kosten', [
      ['Datum', 'Kostenart', 'Text', 'Betrag'],
      ['12.03.2025', '221', 'Wartung Kessel', '100,00'],
      ['13.03.2025', '236', 'Wasser', '-150,00'],
      ['14.03.2025', '236', 'Gutschrift Stadtwerke', '-80,00'],
      ['15.03.2025', '400', 'Allgemeinstrom', '0,00'],
      ['20.12.2024', '225', 'Schornsteinfeger', '98,17'],
    ]);
    const r = await importInvoices(buf, { template: TEMPLATE });
    if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
    expect(r.heatingsysteminvoices.length + r.ancillaryinvoices.length).toBe(5);
    expect(r.warnings.map((w) => [w.row, w.column, w.code, w.severity])).toEqual([
      [3, 'D', 'CREDIT_NOTE', 'warning'],
      [5, 'D', 'AMOUNT_ZERO', 'warning'],
      [6, 'A', 'DATE_BEFORE_PERIOD', 'warning'],
    ]);
    expect(r.warnings[0]?.message).toBe(
      'Blatt „Kosten“, Zeile 3, Spalte D („Betrag“): Gutschrift? Der Betrag -150,00 € ist negativ. Ist es eine Gutschrift, ist das richtig (im Text vermerken); sonst bitte das Vorzeichen prüfen.',
    );
    expect(r.warnings[2]?.message).toContain('Das Datum 20.12.2024 liegt vor dem Abrechnungszeitraum 01.01.2025 bis 31.12.2025.');
  });
});

/** The check before writing: what the records cannot carry is named at the field, where the clerk typed it, in both languages. */
import { describe, expect, it } from 'vitest';
import { checkDraftForArge, exportDraftToArge } from '@shared/arge/export';
import type { ExportIssue } from '@shared/arge/export';
import { exportIssueText } from '@renderer/features/arge/issue-text';
import { baseSubmission, baseTemplate } from '@test/fixtures/billing-input';

const opts = { customerNumber: '12345' };
const errors = (issues: ExportIssue[]) => issues.filter((i) => i.severity === 'error');

describe('ARGE check before writing', () => {
  it('a cost text longer than K field 7', () => {
    const fill = baseSubmission();
    fill.heatingsysteminvoices[4]!.cost.text = 'Legionellenprüfung Trinkwasseranlage';
    const [issue, ...rest] = errors(checkDraftForArge(baseTemplate(), fill, opts));
    expect(rest).toEqual([]);
    expect(issue).toMatchObject({
      record: 'K',
      field: 7,
      fieldName: 'costText',
      problem: { code: 'ARGE_TEXT_TOO_LONG', length: 36, max: 25 },
    });
    expect(exportIssueText('de', issue!)).toBe(
      'Rechnung der Heizungsanlage, Kostenart 228, vom 14.08.2025: Bezeichnung der Kostenart „Legionellenprüfung Trinkwasseranlage“ hat 36 Zeichen, die ARGE-Datei hat dafür nur 25. Bitte kürzen.',
    );
    expect(exportIssueText('en', issue!)).toBe(
      'Heating-system invoice, cost type 228, of 08/14/2025: name of the cost type “Legionellenprüfung Trinkwasseranlage” has 36 characters, the ARGE file has room for 25. Please shorten it.',
    );
  });

  it('an amount beyond the field’s digits and a distribution value with more places than 8,2', () => {
    const fill = baseSubmission();
    fill.energysources[0]!.deliveries[0]!.amounts.grossamount = '123456789.00';
    fill.billingrecipients[0]!.allocations[0]!.value = '72.125';
    const found = errors(checkDraftForArge(baseTemplate(), fill, opts));
    expect(found.map((i) => ('problem' in i ? [i.record, i.field, i.problem.code] : i))).toEqual([
      ['M', 39, 'ARGE_TOO_MANY_PLACES'],
      ['K', 11, 'ARGE_TOO_LARGE'],
    ]);
    expect(found.map((i) => exportIssueText('de', i))).toEqual([
      'Nutzer Schmidt (Nutzer-Nr. 0001, P-1001): Wert des Verteilerschlüssels 010 72,125 hat mehr Nachkommastellen, als die ARGE-Datei aufnimmt (höchstens 2).',
      'Lieferung vom 14.02.2025 (Brennstoff 1): Betrag (brutto) 123.456.789,00 ist zu groß für die ARGE-Datei (höchstens 8 Stellen vor dem Komma).',
    ]);
  });

  it('a character ISO 8859-15 lacks, and a bad customer number', () => {
    const template = baseTemplate();
    template.billingrecipients[1]!.name = 'Yılmaz';
    const found = errors(checkDraftForArge(template, baseSubmission(), { customerNumber: 'K-12' }));
    expect(found.map((i) => exportIssueText('de', i))).toEqual([
      'Die Kundennummer „K-12“ muss aus 1 bis 10 Ziffern bestehen.',
      'Nutzer Yılmaz (Nutzer-Nr. 0002, P-1002): Name des Nutzers enthält das Zeichen „ı“, das es im Zeichensatz der ARGE-Datei (ISO 8859-15) nicht gibt. Bitte ersetzen.',
    ]);
  });

  it('writes no file while an error is left, and only warnings for what has no field', () => {
    const fill = baseSubmission();
    fill.ancillaryinvoices[0]!.amounts.grossamount = '100000000.00';
    expect(exportDraftToArge(baseTemplate(), fill, opts, new Date()).ok).toBe(false);
    const ok = exportDraftToArge(baseTemplate(), baseSubmission(), opts, new Date());
    expect(ok.ok).toBe(true);
    expect(ok.issues.every((i) => i.severity === 'warning')).toBe(true);
    expect(ok.issues.map((i) => ('code' in i ? i.code : ''))).toEqual([
      'ARGE_CO2_NOT_CARRIED',
      'ARGE_CO2_NOT_CARRIED',
      'ARGE_CO2_NOT_CARRIED',
      'ARGE_ENERGYMIX_NOT_CARRIED',
      'ARGE_INVOICE_KEY_NOT_CARRIED',
    ]);
  });
});

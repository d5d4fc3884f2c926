/** The clerk's sentences for ARGE import findings: the field by its name, the tenant by name and usage unit. */
import { describe, expect, it } from 'vitest';
import { importIssueText } from '@renderer/features/arge/import-text';

describe('ARGE import findings in the clerk’s words', () => {
  const notNumeric = {
    severity: 'error' as const,
    code: 'ARGE_NOT_NUMERIC',
    file: 'DTD305_20260110120000.DAT',
    line: 2,
    type: 'D',
    field: 8,
    fieldName: 'totalGross',
    position: 61,
  };

  it('names a field of a malformed record by its name, with file, line and position', () => {
    expect(importIssueText('de', notNumeric)).toBe(
      'DTD305_20260110120000.DAT, Zeile 2: Im D-Satz steht in Feld „Gesamtkosten (brutto)“ an Stelle 61 ein Zeichen, das in einem Zahlenfeld nicht stehen darf.',
    );
    expect(importIssueText('en', notNumeric)).toBe(
      'DTD305_20260110120000.DAT, line 2: in the D record, field “total costs (gross)” has a character at position 61 that a numeric field may not hold.',
    );
  });

  it('names a statement left behind by the tenant and the usage unit, and a recipient the period lacks with its date', () => {
    const missing = {
      severity: 'warning' as const,
      code: 'ARGE_PDF_MISSING',
      file: 'DTE898_20260110120000.DAT',
      line: 4,
      path: 'HKA_100200302_0001_1_20241231.pdf',
      unit: '0001',
      unitPm: 'DS12-001',
      criterion: 'P-302-001',
      name: 'Frank Braun',
    };
    expect(importIssueText('de', missing)).toBe(
      'DTE898_20260110120000.DAT, Zeile 4: Die Abrechnung HKA_100200302_0001_1_20241231.pdf (Frank Braun, Nutzeinheit DS12-001) war nicht unter den gewählten Dateien.',
    );
    const stranger = {
      severity: 'warning' as const,
      code: 'ARGE_NOT_A_RECIPIENT',
      file: 'DTD305_20260110120000.DAT',
      line: 7,
      unit: '0003',
      criterion: 'P-9',
      lastDay: '2024-06-30',
    };
    expect(importIssueText('en', stranger)).toContain('user no. 0003 with order criterion P-9 (use until 30/06/2024)');
  });
});

/**
 * Issue 19, item 8: texts as the clerk reads them, from the real locale files: German case after „mit“ and on its
 * own, the send card once matching has finished, and no technical words or mixed terms.
 */
import { describe, expect, it } from 'vitest';
import type { OutboxItem } from '@shared/domain/workspace';
import { i18n } from '@renderer/i18n';
import { checkResultText, countsText } from '@renderer/features/billing/check-counts';
import { headlineKey } from '@renderer/features/units/unit-texts';
import { setupRequestExample } from '@test/fixtures/msc-examples';

const de = (ns: string) => i18n.getFixedT('de', ns);
const en = (ns: string) => i18n.getFixedT('en', ns);

describe('counts in German grammar', () => {
  it('says „Prüfung mit 2 Fehlern“ and „(2 Fehler)“, one and many', () => {
    expect(checkResultText(de('billing'), { errors: 2, warnings: 0, notes: 0 })).toBe('Prüfung mit 2 Fehlern');
    expect(checkResultText(de('billing'), { errors: 1, warnings: 3, notes: 1 })).toBe('Prüfung mit 1 Fehler, 3 Warnungen');
    expect(checkResultText(de('billing'), { errors: 0, warnings: 0, notes: 2 })).toBe('Prüfung mit 2 Hinweisen');
    expect(countsText(de('billing'), { errors: 2, warnings: 1, notes: 0 })).toBe('2 Fehler, 1 Warnung');
    expect(countsText(de('billing'), { errors: 0, warnings: 0, notes: 2 })).toBe('2 Hinweise');
    expect(checkResultText(en('billing'), { errors: 2, warnings: 1, notes: 0 })).toBe('Check with 2 errors, 1 warning');
  });

  it('counts users as „13 Nutzer“ on their own and „in 13 Nutzern“', () => {
    const t = de('editor');
    expect(t('group.rows.nutzer', { count: 13 })).toBe('13 Nutzer');
    expect(t('group.extent', { places: '14 Stellen', rows: t('group.rows.nutzer', { count: 13, context: 'in' }) })).toBe(
      '14 Stellen in 13 Nutzern',
    );
    expect(t('group.rows.heizung', { count: 2, context: 'in' })).toBe('2 Rechnungen');
  });
});

describe('the send card', () => {
  const sent = (billingunit: string): OutboxItem => ({
    id: billingunit,
    seq: 1,
    billingunit,
    request: setupRequestExample,
    createdAt: '2026-03-01T08:00:00.000Z',
    updatedAt: '2026-03-01T08:00:05.000Z',
    attempts: 1,
    state: 'sent',
    transactionid: `tx-${billingunit}`,
    sentAt: '2026-03-01T08:00:05.000Z',
  });

  it('no longer says the MSC is matching once this property is matched, with one property or several', () => {
    const several = headlineKey([sent('100200301'), sent('100200303')], true);
    expect(de('units')(several)).not.toContain('ordnet jetzt zu');
    expect(de('units')(several)).toContain('Diese Liegenschaft ist zugeordnet');
    expect(headlineKey([sent('100200301')], true)).toBe('wizard.queued.matched');
    expect(de('units')(headlineKey([sent('100200301'), sent('100200303')], false))).toContain('ordnet jetzt zu');
  });
});

describe('words a clerk understands', () => {
  it('gives the agreed VAT mode in words, not as its code', () => {
    expect(en('editor')('vat.GROSS')).toBe('Gross amounts (including VAT)');
    expect(de('editor')('vat.BOTH')).toBe('Brutto- und Nettobeträge');
  });

  it('does not send the clerk to Excel for entering billing data', () => {
    expect(de('billing')('start.description')).not.toContain('erfassen Sie in Excel');
    expect(en('billing')('start.description')).not.toContain('enter the billing data in Excel');
  });
});

import { describe, expect, it } from 'vitest';
import { noticeFor } from '@main/app/notifications';

const stored = {
  connectionId: 'demo',
  event: {
    type: 'result-stored' as const,
    entry: { id: 'x', seq: 1, at: '2026-02-15T10:00:00.000Z', billingunit: '100200301', periodTo: '2025-12-31' },
    recipients: 7,
  },
};

describe('desktop notification of a billed period', () => {
  it('says in the chosen language that the result is in, where and for how many recipients', () => {
    expect(noticeFor('workspace:changed', stored, new Map(), 'de')).toEqual({
      title: 'Abrechnung liegt vor',
      body: 'Liegenschaft 100200301, Zeitraum bis 31.12.2025: abgerechnet; Ergebnis und Abrechnungen für 7 Empfänger gespeichert.',
    });
    expect(noticeFor('workspace:changed', stored, new Map(), 'en')?.title).toBe('Billing result received');
  });
});

import { describe, expect, it } from 'vitest';
import { toFilledTemplate } from '@renderer/features/editor/to-filled';
import { localParams } from '@renderer/features/editor/message-params';
import { createFormatters } from '@renderer/lib/format';
import type { DraftContent } from '@shared/domain/workspace';

const recipient = (allocations: { key: string; value: string }[]) => ({
  residentialunitMscnumber: '0001',
  partnerPmnumber: 'P-1',
  validfrom: '2025-01-01',
  validto: '31.12.2025',
  vacancy: false,
  allocations,
});

describe('the draft as the MSC check input', () => {
  it('leaves out distribution keys without a value, so a half-filled draft can still be checked', () => {
    const content: DraftContent = {
      currency: 'EUR',
      expectedvat: 'GROSS',
      billingrecipients: [
        recipient([
          { key: '010', value: '82,4' },
          { key: '011', value: '' },
        ]),
      ],
    };
    const filled = toFilledTemplate(content);
    expect(filled?.billingrecipients[0]?.allocations).toEqual([{ key: '010', value: '82.4' }]);
    expect(filled?.billingrecipients[0]?.validto).toBe('2025-12-31');
  });

  it('still refuses a value that is no number', () => {
    const content: DraftContent = {
      currency: 'EUR',
      expectedvat: 'GROSS',
      billingrecipients: [recipient([{ key: '010', value: 'abc' }])],
    };
    expect(toFilledTemplate(content)).toBeNull();
  });
});

describe('pre-check message parameters', () => {
  it('shows ISO numbers and dates in the clerk’s locale and keeps codes as they are', () => {
    const de = createFormatters('de');
    expect(localParams({ total: '95.0', date: '2026-01-05', key: '010', days: 5 }, de)).toEqual({
      total: '95,0',
      date: '05.01.2026',
      key: '010',
      days: 5,
    });
    expect(localParams({ total: '95.0' }, createFormatters('en')).total).toBe('95.0');
  });
});

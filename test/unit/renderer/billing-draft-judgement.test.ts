import { describe, expect, it } from 'vitest';
import type { DraftContent } from '@shared/domain/workspace';
import { asFilled } from '@renderer/features/billing/draft-content';
import { DRAFT, TEMPLATE } from '@test/fixtures/excel/template-fixture';

describe('one judgement of a draft, whichever door filled it', () => {
  it('takes a draft typed in the editor (German values, open distribution keys) as complete on the period page', () => {
    // As the editor leaves it: values saved as typed, a key still without value, a key the app keeps beside.
    const [delivery, ...deliveries] = DRAFT.energysources[0]?.deliveries ?? [];
    const [recipient, ...recipients] = DRAFT.billingrecipients;
    if (!delivery || !recipient) throw new Error('the fixture draft has a delivery and a recipient');
    const typed: DraftContent = {
      ...DRAFT,
      energysources: [
        {
          ...DRAFT.energysources[0],
          deliveries: [{ ...delivery, invoicedate: '12.03.2025', amounts: { grossamount: '5.355,00' } }, ...deliveries],
        },
        ...DRAFT.energysources.slice(1),
      ],
      billingrecipients: [{ ...recipient, allocations: [...recipient.allocations, { key: '099', value: '' }] }, ...recipients],
      fromprevious: { id: 'x', periodTo: '2024-12-31', at: '2025-03-01T08:00:00.000Z' },
    };

    const filled = asFilled(typed, TEMPLATE);

    expect(filled?.energysources[0]?.deliveries[0]?.invoicedate).toBe('2025-03-12');
    expect(filled?.energysources[0]?.deliveries[0]?.amounts.grossamount).toBe('5355.00');
    expect(filled?.billingrecipients[0]?.allocations).toEqual(recipient.allocations);
  });
});

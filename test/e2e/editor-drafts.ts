/** Drafts of the oil-heated demo property 100200302 as the editor tests start from them. */
import type { DraftContent } from '@shared/domain/workspace';

/** The oil-heated property's draft as a clerk left it: fuel and invoices complete, distribution values still open. */
export const almostComplete: DraftContent = {
  currency: 'EUR',
  expectedvat: 'BOTH',
  energysources: [
    {
      slot: 1,
      fuel: '111',
      openingstock: { date: '2025-01-01', quantity: '3850.000', amounts: { grossamount: '3969.35', netamount: '3335.59' } },
      // Saved straight into the draft, not typed: a stored `2.000` is the MSC's form (two litres), so none here.
      closingstock: { date: '31.12.2025', quantity: '1200', amounts: { grossamount: '1.250,00', netamount: '1.050,42' } },
      deliveries: [
        {
          invoicedate: '15.03.2025',
          quantity: '2000',
          amounts: { grossamount: '2.380,00', netamount: '2.000,00' },
          co2: { emissionfactor: '2,66', emissionkg: '5320', costgross: '293,00' },
        },
      ],
    },
  ],
  // Over six months after the period (186 days): the demo MSC warns, which the clerk accepts on submission.
  heatingsysteminvoices: [
    {
      cost: { key: '221', text: 'Wartung' },
      invoicedate: '05.07.2026',
      amounts: { grossamount: '1.190,00', netamount: '1.000,00' },
    },
  ],
  ancillaryinvoices: [],
};

/**
 * 13 recipients: four distribution values, then heating, hot and cold water prepayments gross and net. Row 7 is the
 * vacancy of unit 0006 after its tenant (row 6): same area, no prepayments. The prepayments fit the costs the draft
 * reports (about 480 € a unit); three times as much would draw the check's PREPAYMENT_HIGH.
 */
export const recipientSheet = Array.from({ length: 13 }, (_, i) => {
  const area = `${String(60 + (i === 6 ? 5 : i))},50`;
  const prepayments = i === 6 ? ['', '', '', '', '', ''] : ['595,00', '500,00', '119,00', '100,00', '59,50', '50,00'];
  return [area, area, '2', '1', ...prepayments].join('\t');
}).join('\n');

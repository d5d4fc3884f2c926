/**
 * The submitted template as a clerk checks it: per section how many entries and what they add up to. Sums are
 * exact decimals (bigint-scaled), never floats.
 */
import { add, formatIso, money, type Decimal } from '@shared/domain/decimal';
import type { FilledTemplate } from '@shared/msc/billing-input';
import type { Amounts } from '@shared/msc/primitives';

export type SummaryLine = {
  key: 'deliveries' | 'heating' | 'ancillary' | 'costs' | 'prepayments' | 'recipients';
  /** The fuel code of a deliveries line. */
  fuel?: string;
  entries: number;
  gross?: string;
  net?: string;
};

type Sums = { gross?: Decimal; net?: Decimal };

function addAmounts(sums: Sums, a: Amounts | undefined): Sums {
  if (!a) return sums;
  return {
    ...sums,
    ...(a.grossamount === undefined ? {} : { gross: add(sums.gross ?? money('0'), money(a.grossamount)) }),
    ...(a.netamount === undefined ? {} : { net: add(sums.net ?? money('0'), money(a.netamount)) }),
  };
}

function line(key: SummaryLine['key'], entries: number, sums: Sums, fuel?: string): SummaryLine {
  return {
    key,
    entries,
    ...(fuel === undefined ? {} : { fuel }),
    ...(sums.gross === undefined ? {} : { gross: formatIso(sums.gross) }),
    ...(sums.net === undefined ? {} : { net: formatIso(sums.net) }),
  };
}

export function summarize(filled: FilledTemplate): SummaryLine[] {
  let costs: Sums = {};
  const lines: SummaryLine[] = [];
  for (const source of filled.energysources) {
    const sums = source.deliveries.reduce<Sums>((s, d) => addAmounts(s, d.amounts), {});
    costs = source.deliveries.reduce<Sums>((s, d) => addAmounts(s, d.amounts), costs);
    lines.push(line('deliveries', source.deliveries.length, sums, source.fuel));
  }
  const heating = filled.heatingsysteminvoices.reduce<Sums>((s, i) => addAmounts(s, i.amounts), {});
  const ancillary = filled.ancillaryinvoices.reduce<Sums>((s, i) => addAmounts(s, i.amounts), {});
  costs = [...filled.heatingsysteminvoices, ...filled.ancillaryinvoices].reduce<Sums>((s, i) => addAmounts(s, i.amounts), costs);
  lines.push(line('heating', filled.heatingsysteminvoices.length, heating));
  lines.push(line('ancillary', filled.ancillaryinvoices.length, ancillary));
  const invoices = filled.heatingsysteminvoices.length + filled.ancillaryinvoices.length;
  const deliveries = filled.energysources.reduce((n, s) => n + s.deliveries.length, 0);
  lines.push(line('costs', invoices + deliveries, costs));
  const paying = filled.billingrecipients.filter((r) => r.prepayments !== undefined);
  const prepayments = paying.reduce<Sums>((s, r) => {
    const p = r.prepayments;
    return addAmounts(addAmounts(addAmounts(s, p?.heating), p?.hotwater), p?.coldwater);
  }, {});
  lines.push(line('prepayments', paying.length, prepayments));
  lines.push(line('recipients', filled.billingrecipients.length, {}));
  return lines;
}

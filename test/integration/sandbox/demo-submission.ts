/**
 * A complete, plausible filled template for any template of the demo world: what a careful clerk would
 * send. Used to prove that the seeded templates and the plausibility check agree (zero messages).
 */
import { FUELS } from '@shared/domain/codes';
import { formatIso, fromUnits, money, percentOf } from '@shared/domain/decimal';
import type { ExpectedVat, FilledTemplate, Invoice, Template } from '@shared/msc/billing-input';
import type { Amounts } from '@shared/msc/primitives';

function amounts(vat: ExpectedVat, grossCents: bigint): Amounts {
  const gross = formatIso(fromUnits(grossCents, 2));
  const net = formatIso(fromUnits((grossCents * 100n + 59n) / 119n, 2));
  if (vat === 'GROSS') return { grossamount: gross };
  if (vat === 'NET') return { netamount: net };
  return { grossamount: gross, netamount: net };
}

const VALUES: Record<string, string> = { '010': '64.5', '011': '64.5', '035': '2', '046': '3' };

export function demoSubmission(template: Template): FilledTemplate {
  const vat = template.expectedvat;
  const { from, to } = template.billingperiod;
  const year = from.slice(0, 4);
  const energysources: FilledTemplate['energysources'] = template.fuels.map((f) => {
    const fuel = FUELS.find((x) => x.code === f.fuel);
    const deliveryCents = 2_400_000n;
    const delivery: FilledTemplate['energysources'][number]['deliveries'][number] = {
      invoicedate: `${year}-11-20`,
      quantity: f.unit === 'KWH' ? '180000.000' : '12000.000',
      amounts: amounts(vat, deliveryCents),
    };
    if (fuel?.fossil) {
      const factor = f.unit === 'KWH' ? '0.201' : '2.650';
      const kg = f.unit === 'KWH' ? '36180.000' : '31800.000';
      delivery.co2 = { emissionfactor: factor, emissionkg: kg, costgross: formatIso(percentOf(money('24000.00'), 10, 2)) };
    }
    const src: FilledTemplate['energysources'][number] = { slot: f.slot, fuel: f.fuel, deliveries: [delivery] };
    if (f.stored) {
      src.openingstock = f.openingstockpreset ?? { date: from, quantity: '0.000', amounts: amounts(vat, 0n) };
      src.closingstock = { date: to, quantity: '2000.000', amounts: amounts(vat, 200_000n) };
    }
    return src;
  });
  const invoice = (key: string, cents: bigint): Invoice => ({
    cost: { key },
    invoicedate: `${year}-10-15`,
    amounts: amounts(vat, cents),
  });
  const heatingsysteminvoices = template.costtypes
    .filter((c) => c.allocation === 'E' && c.key !== '201')
    .map((c) => invoice(c.key, 45_000n));
  const ancillaryinvoices = template.costtypes
    .filter((c) => c.allocation === 'K' || c.allocation === 'B')
    .map((c) => invoice(c.key, 120_000n));
  const billingrecipients: FilledTemplate['billingrecipients'] = template.billingrecipients.map((r) => ({
    residentialunitMscnumber: r.residentialunitMscnumber,
    residentialunitPmnumber: r.residentialunitPmnumber,
    partnerPmnumber: r.partnerPmnumber,
    validfrom: r.validfrom < from ? from : r.validfrom,
    validto: r.validto ?? to,
    vacancy: r.vacancy,
    allocations: template.distributionkeys.map((d) => ({ key: d.key, value: VALUES[d.key] ?? '1' })),
  }));
  return {
    currency: template.currency,
    expectedvat: vat,
    energysources,
    heatingsysteminvoices,
    ancillaryinvoices,
    billingrecipients,
  };
}

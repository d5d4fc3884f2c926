/**
 * The submission behind a seeded COMMISSIONED period: the demo world says last year was submitted, but no client
 * sent it, so there is nothing in the archive to bill. This builds what the property manager plausibly sent (fuel
 * by the building's area, stocks for stored fuel, the agreed cost types as invoices, per recipient its unit's area,
 * persons, smoke detectors and prepayments) from a seeded generator, so billing last year shows real figures.
 */
import { isCo2Relevant, typicalEmissionFactor } from '@shared/domain/co2-factors';
import { formatIso, fromUnits } from '@shared/domain/decimal';
import { mulDivRound } from '@shared/domain/largest-remainder';
import type { ExpectedVat, FilledTemplate, Template } from '@shared/msc/billing-input';
import type { Amounts } from '@shared/msc/primitives';
import type { WorldBillingUnit } from '@main/sandbox/world-types';
import { prng } from '@main/sandbox/billing/readings';
import { daysBetween } from '@shared/domain/dates';

const money = (cents: bigint): string => formatIso(fromUnits(cents, 2));

function amounts(vat: ExpectedVat, grossCents: bigint): Amounts {
  const net = mulDivRound(grossCents, 100n, 119n);
  if (vat === 'GROSS') return { grossamount: money(grossCents) };
  if (vat === 'NET') return { netamount: money(net) };
  return { grossamount: money(grossCents), netamount: money(net) };
}

const qty = (x: number): string => `${String(Math.round(x))}.000`;

/** CO2 price per tonne under the BEHG by year (gross cost carries 19 % VAT). */
const CO2_EURO_PER_T: Record<string, number> = { '2023': 30, '2024': 45, '2025': 55 };
/** District heating names its own factor; a plausible supplier value. */
const DISTRICT_FACTOR = '0.180';

export function seededSubmission(bu: WorldBillingUnit, template: Template): FilledTemplate {
  const rnd = prng(`fill/${bu.billingunitMscnumber}/${template.billingperiod.to}`);
  const vat = template.expectedvat;
  const { from, to } = template.billingperiod;
  const year = from.slice(0, 4);
  const areaOf = new Map(bu.units.map((u) => [u.residentialunitMscnumber, Number(u.livingarea ?? '60')]));
  const totalArea = bu.units.reduce((a, u) => a + Number(u.livingarea ?? '60'), 0);
  const kwh = totalArea * (120 + rnd() * 40);

  const energysources: FilledTemplate['energysources'] = template.fuels.map((f) => {
    const cal = Number(f.calorificvalue ?? '1');
    const units = kwh / (f.unit === 'KWH' ? 1 : cal);
    const unitPrice = f.unit === 'KWH' ? 0.11 + rnd() * 0.04 : 0.95 + rnd() * 0.2;
    const opening = f.stored ? f.openingstockpreset : undefined;
    const closingQty = f.stored ? Math.round(units * (0.15 + rnd() * 0.2)) : 0;
    // What was burnt = opening + deliveries − closing: the deliveries make up the difference.
    const deliveredQty = Math.max(1, Math.round(units - Number(opening?.quantity ?? '0') + closingQty));
    const halves = [Math.round(deliveredQty * 0.6), deliveredQty - Math.round(deliveredQty * 0.6)];
    const deliveries = halves.map((q, i) => {
      const gross = BigInt(Math.round(q * unitPrice * 100));
      const d: FilledTemplate['energysources'][number]['deliveries'][number] = {
        invoicedate: `${year}-${i === 0 ? '02' : '10'}-15`,
        quantity: qty(q),
        amounts: amounts(vat, gross),
      };
      if (isCo2Relevant(f.fuel)) {
        const factor = typicalEmissionFactor(f.fuel) ?? DISTRICT_FACTOR;
        const kg = q * Number(factor);
        const cost = Math.round((kg / 1000) * (CO2_EURO_PER_T[year] ?? 45) * 1.19 * 100);
        d.co2 = { emissionfactor: factor, emissionkg: kg.toFixed(3), costgross: money(BigInt(cost)) };
      }
      return d;
    });
    const closingGross = BigInt(Math.round(closingQty * unitPrice * 100));
    return {
      slot: f.slot,
      fuel: f.fuel,
      ...(f.calorificvalue === undefined ? {} : { calorificvalue: f.calorificvalue }),
      ...(f.stored
        ? {
            openingstock: opening ?? { date: from, quantity: '0.000', amounts: amounts(vat, 0n) },
            closingstock: { date: to, quantity: qty(closingQty), amounts: amounts(vat, closingGross) },
          }
        : {}),
      deliveries,
    };
  });
  const invoice = (key: string, euros: number): FilledTemplate['heatingsysteminvoices'][number] => ({
    cost: { key },
    invoicedate: `${year}-11-30`,
    amounts: amounts(vat, BigInt(Math.round(euros * 100))),
  });
  const costs = template.costtypes.filter((c) => !['200', '201', '202'].includes(c.key));
  const heatingsysteminvoices = costs
    .filter((c) => ['E', 'H', 'W'].includes(c.allocation))
    .map((c) => invoice(c.key, 150 + rnd() * 600));
  const ancillaryinvoices = costs
    .filter((c) => !['E', 'H', 'W'].includes(c.allocation))
    .map((c) => invoice(c.key, totalArea * (0.4 + rnd() * 2.5)));
  const periodDays = daysBetween(from, to) + 1;
  const billingrecipients: FilledTemplate['billingrecipients'] = template.billingrecipients.map((r) => {
    const area = areaOf.get(r.residentialunitMscnumber) ?? 60;
    const validfrom = r.validfrom < from ? from : r.validfrom;
    const validto = r.validto !== undefined && r.validto < to ? r.validto : to;
    const months = ((daysBetween(validfrom, validto) + 1) / periodDays) * 12;
    const monthly = (perM2: number): Amounts => amounts(vat, BigInt(Math.round(area * perM2 * months * 100)));
    const persons = r.vacancy ? 0 : 1 + Math.floor(rnd() * Math.max(1, area / 25));
    return {
      residentialunitMscnumber: r.residentialunitMscnumber,
      residentialunitPmnumber: r.residentialunitPmnumber,
      partnerPmnumber: r.partnerPmnumber,
      validfrom,
      validto,
      vacancy: r.vacancy,
      ...(r.vacancy
        ? {}
        : {
            prepayments: { heating: monthly(0.9 + rnd() * 0.5), hotwater: monthly(0.25 + rnd() * 0.15), coldwater: monthly(0.3) },
          }),
      allocations: template.distributionkeys.map((d) => ({
        key: d.key,
        value:
          d.key === '010' || d.key === '011'
            ? area.toFixed(2)
            : d.key === '035'
              ? String(persons)
              : d.key === '046'
                ? String(2 + Math.floor(area / 30))
                : '1',
      })),
    };
  });
  const { applicable: _a, nonresidential: _n, ...facts } = template.co2configuration;
  return {
    currency: template.currency,
    expectedvat: vat,
    energysources,
    heatingsysteminvoices,
    ancillaryinvoices,
    billingrecipients,
    ...(Object.keys(facts).length > 0 ? { co2configuration: facts } : {}),
  };
}

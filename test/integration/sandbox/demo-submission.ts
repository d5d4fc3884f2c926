/**
 * A complete, plausible filled template built from a template's data and what docs/msc-contract.md and
 * docs/msc-rules.md say, as an outside client would build it: every agreed fuel with the preset calorific value, a
 * delivery and the stocks a stored fuel needs; every agreed cost type as an invoice in the list its allocation names;
 * every recipient OSR delivered with a value per distribution key; the property facts for the CO2 split as preset.
 * Used to prove that the seeded templates and the check agree.
 * One exception, said plainly: which fuels need CO2 figures and their typical emission factor come from
 * shared/domain/co2-factors, which the demo MSC's CO2 rules read too, so this fill does not test those two
 * decisions independently (test/unit/sandbox covers them with their own cases).
 */
import { isCo2Relevant, ratioOf, typicalEmissionFactor } from '@shared/domain/co2-factors';
import { formatIso, fromUnits, money } from '@shared/domain/decimal';
import type { ExpectedVat, FilledTemplate, Invoice, Template } from '@shared/msc/billing-input';
import type { Amounts } from '@shared/msc/primitives';

/**
 * VAT a cost type bears by its nature (UStG §12; docs/msc-rules.md VAT_RATE_COSTTYPE): fresh water 7 %, sewage and
 * drainage fees none; everything else here 19 %.
 */
const VAT_PERCENT: Record<string, bigint> = { '237': 7n, '240': 7n, '238': 0n, '239': 0n, '249': 0n };

function amounts(vat: ExpectedVat, grossCents: bigint, percent = 19n): Amounts {
  const gross = formatIso(fromUnits(grossCents, 2));
  const base = 100n + percent;
  const net = formatIso(fromUnits((grossCents * 100n + base / 2n) / base, 2));
  if (vat === 'GROSS') return { grossamount: gross };
  if (vat === 'NET') return { netamount: net };
  return { grossamount: gross, netamount: net };
}

/** quantity × factor in kg with three places, rounded half up. */
function kgOf(quantityText: string, factorText: string): string {
  const q = ratioOf(quantityText);
  const f = ratioOf(factorText);
  if (!q || !f) return '0.000';
  const den = q.den * f.den;
  return formatIso(fromUnits((q.num * f.num * 1000n * 2n + den) / (2n * den), 3));
}

/**
 * CO2 cost of `kg` at the BEHG price of the year (BEHG §10: 2025 55 € a tonne) plus 19 % VAT, rounded to cents; the
 * price of another year draws CO2_PRICE_YEAR.
 */
const BEHG_EUR_PER_TONNE: Record<string, bigint> = { '2023': 30n, '2024': 45n, '2025': 55n };
function co2CostOf(kgText: string, year: string): string {
  const kg = ratioOf(kgText);
  const price = BEHG_EUR_PER_TONNE[year] ?? 55n;
  if (!kg) return '0.00';
  // cents = kg × price / 1000 × 1.19 × 100
  const num = kg.num * price * 119n;
  const den = kg.den * 1000n;
  return formatIso(fromUnits((num * 2n + den) / (2n * den), 2));
}

/** District heating has no typical factor; its supplier names one (here a plausible 0,180 kg/kWh). */
const SUPPLIER_FACTOR = '0.180';

const VALUES: Record<string, string> = { '003': '38.5', '010': '64.5', '011': '64.5', '035': '2', '046': '3' };

/** docs/msc-rules.md: fuel costs (table K 200, 201, 202) go only under energysources, never into an invoice list. */
const FUEL_COST_KEYS = new Set(['200', '201', '202']);

/** docs/msc-rules.md: the list follows the cost type's allocation, E/H/W heating system, K/A/B ancillary. */
const isHeatingSystem = (allocation: string): boolean => ['E', 'H', 'W'].includes(allocation);

export function demoSubmission(template: Template): FilledTemplate {
  const vat = template.expectedvat;
  const { from, to } = template.billingperiod;
  const year = from.slice(0, 4);
  const energysources: FilledTemplate['energysources'] = template.fuels.map((f) => {
    const deliveryCents = 2_400_000n;
    const qty = f.unit === 'KWH' ? '180000.000' : '12000.000';
    const delivery: FilledTemplate['energysources'][number]['deliveries'][number] = {
      invoicedate: `${year}-11-20`,
      quantity: qty,
      amounts: amounts(vat, deliveryCents),
    };
    if (isCo2Relevant(f.fuel)) {
      const factor = typicalEmissionFactor(f.fuel) ?? SUPPLIER_FACTOR;
      const kg = kgOf(qty, factor);
      delivery.co2 = { emissionfactor: factor, emissionkg: kg, costgross: co2CostOf(kg, year) };
    }
    // Keys in the schema's order, so the fill equals its own parse (the app compares drafts as JSON).
    return {
      slot: f.slot,
      fuel: f.fuel,
      ...(f.calorificvalue === undefined ? {} : { calorificvalue: f.calorificvalue }),
      ...(f.stored
        ? {
            openingstock: f.openingstockpreset ?? { date: from, quantity: '0.000', amounts: amounts(vat, 0n) },
            closingstock: { date: to, quantity: '2000.000', amounts: amounts(vat, 200_000n) },
          }
        : {}),
      deliveries: [delivery],
    };
  });
  const invoice = (key: string, cents: bigint): Invoice => ({
    cost: { key },
    invoicedate: `${year}-10-15`,
    amounts: amounts(vat, cents, VAT_PERCENT[key]),
  });
  const invoiceTypes = template.costtypes.filter((c) => !FUEL_COST_KEYS.has(c.key));
  const heatingsysteminvoices = invoiceTypes.filter((c) => isHeatingSystem(c.allocation)).map((c) => invoice(c.key, 45_000n));
  const ancillaryinvoices = invoiceTypes.filter((c) => !isHeatingSystem(c.allocation)).map((c) => invoice(c.key, 120_000n));
  // Every unit gets the same share of the area the MSC preset for the CO2 split, so the units add up to it.
  const unitCount = BigInt(new Set(template.billingrecipients.map((r) => r.residentialunitMscnumber)).size);
  const preset = template.co2configuration.heatedarea;
  const area = preset === undefined || unitCount === 0n ? undefined : formatIso(fromUnits(money(preset).units / unitCount, 2));
  const valueOf = (key: string): string => ((key === '010' || key === '011') && area !== undefined ? area : (VALUES[key] ?? '1'));
  const billingrecipients: FilledTemplate['billingrecipients'] = template.billingrecipients.map((r) => ({
    residentialunitMscnumber: r.residentialunitMscnumber,
    residentialunitPmnumber: r.residentialunitPmnumber,
    partnerPmnumber: r.partnerPmnumber,
    validfrom: r.validfrom < from ? from : r.validfrom,
    validto: r.validto !== undefined && r.validto < to ? r.validto : to,
    vacancy: r.vacancy,
    allocations: template.distributionkeys.map((d) => ({ key: d.key, value: valueOf(d.key) })),
  }));
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

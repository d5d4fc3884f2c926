/**
 * What a check message's path points to, in the clerk's language: the entry itself, not the JSON path
 * ("Heizungsbetriebskosten, Eintrag 3: 221 Wartung, 12.03.2025, 1.234,56 €"). The German wording is the one of
 * shared/domain/check-path.ts, which the check report uses (test/unit/renderer/billing-check-place.test.ts keeps
 * both the same); the index is the place in the submission ("Eintrag"), not an Excel row. The billing screen and
 * the check report (in either language) both describe places with it, from the texts of the locales' billing
 * `place` keys.
 */
import { costTypeOf, FUELS } from '@shared/domain/codes';
import { deliveryField, parsePath } from '@shared/domain/check-path';
import type { EnergySource, FilledTemplate, Invoice, RecipientEntry, Stock, Template } from '@shared/msc/billing-input';
import type { Amounts } from '@shared/msc/primitives';

/** What describing a place needs of the clerk's language: the billing texts, Intl formatters and code labels. */
export type PlaceText = {
  t: (key: string, params?: Record<string, unknown>) => string;
  format: { date(iso: string): string; decimal(value: string, places?: number): string };
  money(amount: string): string;
  fuel(code: string): string;
  quantityUnit(code: string): string;
  distribution(code: string): string;
};

type Segment = string | number;

const join = (...parts: (string | undefined)[]): string => parts.filter((p) => p !== undefined && p !== '').join(', ');

const UNIT_SYMBOL: Readonly<Record<string, string>> = { KWH: 'kWh', KG: 'kg', M3: 'm³', L: 'l' };

export function describePlace(path: string, text: PlaceText, filled?: FilledTemplate, template?: Template): string {
  const { t, format } = text;
  const amount = (a: Amounts): string => {
    if (a.grossamount !== undefined) return text.money(a.grossamount);
    if (a.netamount !== undefined) return t('place.net', { amount: text.money(a.netamount) });
    return t('place.noAmount');
  };
  // As many decimals as the value carries (`2500.000` l stays `2.500,000 l`), like the check report.
  const exact = (v: string): string => format.decimal(v, v.split('.')[1]?.length ?? 0);
  const qty = (q: string | undefined, unit: string): string => (q === undefined ? '' : `${exact(q)} ${unit}`.trim());
  const entry = (section: string, i: number, what?: string): string =>
    what === undefined ? t('place.entry', { section, n: i + 1 }) : t('place.entryWith', { section, n: i + 1, what });

  const unitOf = (s: EnergySource): string => {
    const code = template?.fuels.find((f) => f.slot === s.slot)?.unit ?? FUELS.find((f) => f.code === s.fuel)?.unit ?? '';
    return UNIT_SYMBOL[code] ?? text.quantityUnit(code);
  };
  const invoiceLine = (inv: Invoice): string => {
    const label =
      inv.cost.text ?? template?.costtypes.find((c) => c.key === inv.cost.key)?.text ?? costTypeOf(inv.cost.key)?.label ?? '';
    return join(`${inv.cost.key} ${label}`.trim(), format.date(inv.invoicedate), amount(inv.amounts));
  };
  const stockLine = (what: string, s: Stock | undefined, unit: string): string =>
    s === undefined
      ? t('place.missing', { what })
      : join(`${what} ${format.date(s.date)}`, qty(s.quantity, unit), amount(s.amounts));

  const source = (rest: Segment[], s: EnergySource): string => {
    const fuel = `${s.fuel} ${text.fuel(s.fuel)}`;
    const unit = unitOf(s);
    const [field, j, ...tail] = rest;
    if (field === 'deliveries' && typeof j === 'number') {
      const d = s.deliveries[j];
      const named = deliveryField(tail);
      const delivery = t('place.delivery', { fuel, slot: s.slot, n: j + 1 });
      const head = named === undefined ? delivery : `${delivery}, ${t(`place.field.${named}`)}`;
      return d === undefined ? head : `${head}: ${join(format.date(d.invoicedate), qty(d.quantity, unit), amount(d.amounts))}`;
    }
    const head = t('place.slot', { slot: s.slot, fuel });
    if (field === 'openingstock') return `${head}, ${stockLine(t('place.opening'), s.openingstock, unit)}`;
    if (field === 'closingstock') return `${head}, ${stockLine(t('place.closing'), s.closingstock, unit)}`;
    return head;
  };

  const recipient = (rest: Segment[], i: number, r: RecipientEntry): string => {
    const name = template?.billingrecipients.find(
      (x) => x.residentialunitMscnumber === r.residentialunitMscnumber && x.partnerPmnumber === r.partnerPmnumber,
    )?.name;
    const unit =
      r.residentialunitPmnumber === undefined
        ? r.residentialunitMscnumber
        : `${r.residentialunitMscnumber} (${r.residentialunitPmnumber})`;
    const section = t(rest[0] === 'prepayments' ? 'place.section.prepayments' : 'place.section.billingrecipients');
    const who = join(
      t('place.recipient', { unit }),
      name,
      t('place.partner', { partner: r.partnerPmnumber }),
      `${format.date(r.validfrom)}–${format.date(r.validto)}`,
    );
    const a = rest[0] === 'allocations' && typeof rest[1] === 'number' ? r.allocations[rest[1]] : undefined;
    const tail =
      a === undefined ? '' : t('place.allocation', { key: a.key, label: text.distribution(a.key), value: exact(a.value) });
    return entry(section, i, `${who}${tail}`);
  };

  const [head, index, ...rest] = parsePath(path);
  if (head === undefined) return t('place.whole');
  if (head === 'currency') return t('place.currency');
  if (head === 'expectedvat') return t('place.vat');
  if (head === 'co2configuration' || head === 'distributionratio') return t(`place.${head}`);
  const i = typeof index === 'number' ? index : -1;
  if (
    typeof head !== 'string' ||
    !['heatingsysteminvoices', 'ancillaryinvoices', 'energysources', 'billingrecipients'].includes(head)
  ) {
    return path;
  }
  const section = t(`place.section.${head}`);
  if (i < 0) return section;
  if (head === 'heatingsysteminvoices' || head === 'ancillaryinvoices') {
    const inv = filled?.[head][i];
    return entry(section, i, inv === undefined ? undefined : invoiceLine(inv));
  }
  if (head === 'energysources') {
    const s = filled?.energysources[i];
    return s === undefined ? entry(section, i) : source(rest, s);
  }
  const r = filled?.billingrecipients[i];
  return r === undefined ? entry(section, i) : recipient(rest, i, r);
}

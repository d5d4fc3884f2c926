/**
 * The MSC names a problem by a JSON path into the submission (`heatingsysteminvoices[2].amounts`).
 * A clerk needs the entry itself: "Heizungsbetriebskosten, Eintrag 3: 221 Wartung, 12.03.2025, 1.234,56 €".
 * It says "Eintrag", not "Zeile": the index is the place in the submission, not an Excel row number,
 * which differs once the clerk re-sorts the Erfassungsmappe. The app and the check report share this text.
 */
import { DISTRIBUTION_UNITS, FUELS, QUANTITY_UNITS, costTypeOf, labelOf } from '@shared/domain/codes';
import { formatGerman, money, quantity } from '@shared/domain/decimal';
import { formatGermanDate } from '@shared/domain/dates';
import type { EnergySource, FilledTemplate, Invoice, RecipientEntry, Stock, Template } from '@shared/msc/billing-input';
import type { Amounts } from '@shared/msc/primitives';

type Segment = string | number;

export function parsePath(path: string): Segment[] {
  const out: Segment[] = [];
  for (const m of path.matchAll(/([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]/g)) out.push(m[1] ?? Number(m[2]));
  return out;
}

const euro = (a: Amounts): string => {
  if (a.grossamount !== undefined) return `${formatGerman(money(a.grossamount))} €`;
  if (a.netamount !== undefined) return `${formatGerman(money(a.netamount))} € netto`;
  return 'ohne Betrag';
};

const qty = (q: string | undefined, unit: string): string =>
  q === undefined ? '' : `${formatGerman(quantity(q))} ${unit}`.trim();

const join = (...parts: (string | undefined)[]): string => parts.filter((p) => p !== undefined && p !== '').join(', ');

function unitOf(source: EnergySource, template?: Template): string {
  const code = template?.fuels.find((f) => f.slot === source.slot)?.unit ?? FUELS.find((f) => f.code === source.fuel)?.unit ?? '';
  return code === 'KWH'
    ? 'kWh'
    : code === 'KG'
      ? 'kg'
      : code === 'M3'
        ? 'm³'
        : code === 'L'
          ? 'l'
          : labelOf(QUANTITY_UNITS, code);
}

function invoiceLine(inv: Invoice, template?: Template): string {
  const text =
    inv.cost.text ?? template?.costtypes.find((c) => c.key === inv.cost.key)?.text ?? costTypeOf(inv.cost.key)?.label ?? '';
  return join(`${inv.cost.key} ${text}`.trim(), formatGermanDate(inv.invoicedate), euro(inv.amounts));
}

function stockLine(what: string, s: Stock | undefined, unit: string): string {
  return s === undefined
    ? `${what} (fehlt)`
    : join(`${what} ${formatGermanDate(s.date)}`, qty(s.quantity, unit), euro(s.amounts));
}

/** The fields of a delivery a message may point into, in words (renderer/locales: billing `place.field`). */
export const DELIVERY_FIELDS = [
  'energymix',
  'invoicedate',
  'quantity',
  'amounts',
  'grossamount',
  'netamount',
  'co2',
  'emissionfactor',
  'emissionkg',
  'costgross',
] as const;
const DELIVERY_FIELD_WORDS: Readonly<Record<(typeof DELIVERY_FIELDS)[number], string>> = {
  energymix: 'Energiemix',
  invoicedate: 'Datum',
  quantity: 'Menge',
  amounts: 'Betrag',
  grossamount: 'Bruttobetrag',
  netamount: 'Nettobetrag',
  co2: 'CO2-Angaben',
  emissionfactor: 'Emissionsfaktor',
  emissionkg: 'CO2-Menge',
  costgross: 'CO2-Kosten',
};

/** The most precise named field of a delivery's path (`amounts.grossamount` → grossamount, `energymix[0].share` → energymix). */
export function deliveryField(tail: readonly Segment[]): (typeof DELIVERY_FIELDS)[number] | undefined {
  return tail.filter((x): x is (typeof DELIVERY_FIELDS)[number] => DELIVERY_FIELDS.some((f) => f === x)).at(-1);
}

function describeSource(rest: Segment[], i: number, s: EnergySource, template?: Template): string {
  const fuel = `${s.fuel} ${labelOf(FUELS, s.fuel)}`;
  const unit = unitOf(s, template);
  const [field, j, ...tail] = rest;
  if (field === 'deliveries' && typeof j === 'number') {
    const d = s.deliveries[j];
    const named = deliveryField(tail);
    const head = `Brennstoff ${String(s.slot)} (${fuel}), Lieferung ${String(j + 1)}${named === undefined ? '' : `, ${DELIVERY_FIELD_WORDS[named]}`}`;
    return d === undefined ? head : `${head}: ${join(formatGermanDate(d.invoicedate), qty(d.quantity, unit), euro(d.amounts))}`;
  }
  const head = `Brennstoff ${String(s.slot)}: ${fuel}`;
  if (field === 'openingstock') return `${head}, ${stockLine('Anfangsbestand', s.openingstock, unit)}`;
  if (field === 'closingstock') return `${head}, ${stockLine('Endbestand', s.closingstock, unit)}`;
  return i >= 0 ? head : fuel;
}

function describeRecipient(rest: Segment[], i: number, r: RecipientEntry, template?: Template): string {
  const name = template?.billingrecipients.find(
    (t) => t.residentialunitMscnumber === r.residentialunitMscnumber && t.partnerPmnumber === r.partnerPmnumber,
  )?.name;
  const unit =
    r.residentialunitPmnumber === undefined
      ? r.residentialunitMscnumber
      : `${r.residentialunitMscnumber} (${r.residentialunitPmnumber})`;
  const sheet = rest[0] === 'prepayments' ? 'Vorauszahlungen' : 'Nutzer und Verteilwerte';
  const who = join(
    `Nutzer ${unit}`,
    name,
    `Partner ${r.partnerPmnumber}`,
    `${formatGermanDate(r.validfrom)}–${formatGermanDate(r.validto)}`,
  );
  let tail = '';
  if (rest[0] === 'allocations' && typeof rest[1] === 'number') {
    const a = r.allocations[rest[1]];
    if (a) tail = `; Verteilerschlüssel ${a.key} ${labelOf(DISTRIBUTION_UNITS, a.key)}: ${a.value.replace('.', ',')}`;
  }
  return `${sheet}, Eintrag ${String(i + 1)}: ${who}${tail}`;
}

/** A human description of what `path` points to in the submission; falls back to the section name. */
export function describeCheckPath(path: string, submission?: FilledTemplate, template?: Template): string {
  const segs = parsePath(path);
  const [head, index, ...rest] = segs;
  if (head === undefined) return 'Gesamte Übermittlung';
  if (head === 'currency') return 'Kopfdaten: Währung';
  if (head === 'expectedvat') return 'Kopfdaten: Umsatzsteuer (brutto/netto)';
  if (head === 'co2configuration') return 'CO2-Angaben der Liegenschaft';
  if (head === 'distributionratio') return 'Vereinbarung: Aufteilung nach Grund- und Verbrauchskosten';
  const i = typeof index === 'number' ? index : -1;
  switch (head) {
    case 'heatingsysteminvoices':
    case 'ancillaryinvoices': {
      const sheet = head === 'heatingsysteminvoices' ? 'Heizungsbetriebskosten' : 'Nebenkosten';
      if (i < 0) return sheet;
      const inv = submission?.[head][i];
      return inv === undefined
        ? `${sheet}, Eintrag ${String(i + 1)}`
        : `${sheet}, Eintrag ${String(i + 1)}: ${invoiceLine(inv, template)}`;
    }
    case 'energysources': {
      const s = i < 0 ? undefined : submission?.energysources[i];
      if (s === undefined) return i < 0 ? 'Brennstoffe und Bestände' : `Brennstoffe und Bestände, Eintrag ${String(i + 1)}`;
      return describeSource(rest, i, s, template);
    }
    case 'billingrecipients': {
      const r = i < 0 ? undefined : submission?.billingrecipients[i];
      if (r === undefined) return i < 0 ? 'Nutzer und Verteilwerte' : `Nutzer und Verteilwerte, Eintrag ${String(i + 1)}`;
      return describeRecipient(rest, i, r, template);
    }
    default:
      return path;
  }
}

/**
 * A billing period's draft (the template and the filled template of the MSC contract) as ARGE records: L + M for the
 * DTM file, B + K for the DTK file (docs/arge.md, "Vom Entwurf zu den Sätzen"). Each record keeps the place in the
 * draft it came from, so the check can name a problem where the clerk typed it.
 */
import type { FilledTemplate, Invoice, Template } from '@shared/msc/billing-input';
import type { Amounts } from '@shared/msc/primitives';
import { fuelExtras, invoiceUsageGroup, recipientExtras } from '@shared/arge/draft-extras';
import type { ArgeRecord, FieldValues } from '@shared/arge/write';

export type ExportOptions = {
  customerNumber: string;
  /** Two-digit key of the MSC (table U). */
  mscKey?: string;
  /** What M field 6 holds: the recipient's partner number (default) or the unit's number at the PM. */
  orderCriterion?: 'partner' | 'unit';
  /** The property's address and the PM's own number for it, when known (L fields 7–10, 12). */
  property?: { street?: string; postalcode?: string; city?: string; country?: string; pmnumber?: string };
};

/** Where in the draft a record's values come from, in terms a clerk recognises. */
export type Place =
  | { kind: 'property' }
  | { kind: 'recipient'; unit: string; partner: string; name?: string }
  | { kind: 'fuel'; slot: number; fuel: string }
  | { kind: 'delivery'; slot: number; fuel: string; date: string; index: number }
  | { kind: 'invoice'; list: 'heating' | 'ancillary'; key: string; date: string; index: number };

export type PlacedRecord = { record: ArgeRecord; place: Place };

/** Something the draft holds that the records have no place for; reported, not written. */
export type NotCarried =
  | { code: 'ARGE_KEY_NOT_CARRIED'; key: string }
  | { code: 'ARGE_INVOICE_KEY_NOT_CARRIED'; place: Place; key: string }
  | { code: 'ARGE_CO2_NOT_CARRIED'; place: Place }
  | { code: 'ARGE_ENERGYMIX_NOT_CARRIED'; place: Place };

export type DraftRecords = { property: PlacedRecord[]; costs: PlacedRecord[]; notCarried: NotCarried[] };

/** K field 7 holds a text only for the keys whose name is free text. */
const VARIABLE_TEXT_KEYS = new Set(['228', '242', '254', '311']);
const ALLOCATION_SLOTS = 3;
const VAT_MODE = { GROSS: '3', NET: '4', BOTH: '5' } as const;

const reference = (template: Template, unit = '0000'): string => `${template.billingunitMscnumber.padStart(9, '0')}${unit}`;

const money = (a: Amounts | undefined, gross: string, net: string): FieldValues => ({
  [gross]: a?.grossamount,
  [net]: a?.netamount,
});

/** The distribution keys that get M fields 36–41: those of the ancillary costs first, then any other, at most three. */
function allocationKeys(template: Template, fill: FilledTemplate): { carried: string[]; dropped: string[] } {
  const ordered: string[] = [];
  const add = (k: string | undefined): void => {
    if (k !== undefined && !ordered.includes(k)) ordered.push(k);
  };
  for (const c of template.costtypes) if (['K', 'A', 'B'].includes(c.allocation)) add(c.allocationkey);
  for (const i of fill.ancillaryinvoices) add(i.allocationkey);
  for (const c of template.costtypes) add(c.allocationkey);
  const used = new Set(fill.billingrecipients.flatMap((r) => r.allocations.map((a) => a.key)));
  const withValues = ordered.filter((k) => used.has(k));
  for (const k of used) if (!withValues.includes(k)) withValues.push(k);
  return { carried: withValues.slice(0, ALLOCATION_SLOTS), dropped: withValues.slice(ALLOCATION_SLOTS) };
}

const NAME_WIDTH = 35;

/**
 * The MSC's name of a recipient may have 70 characters, a name field 35: a longer name is wrapped at spaces onto
 * Name 2–4 (docs/arge.md says why); a word longer than a field stays whole, so the check names it.
 */
function nameLines(name: string | undefined): FieldValues {
  if (name === undefined || name.length <= NAME_WIDTH) return { userName1: name };
  const lines: string[] = [];
  for (const word of name.split(/ +/)) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= NAME_WIDTH) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  if (lines.length > 4) return { userName1: name };
  return Object.fromEntries(lines.map((l, i) => [`userName${String(i + 1)}`, l]));
}

function head(opts: ExportOptions, ref: string): FieldValues {
  return { customerNumber: opts.customerNumber, mscKey: opts.mscKey, mscReference: ref };
}

function propertyRecords(
  template: Template,
  fill: FilledTemplate,
  opts: ExportOptions,
  notCarried: NotCarried[],
): PlacedRecord[] {
  const { from, to } = template.billingperiod;
  const p = opts.property ?? {};
  const labor = [...fill.heatingsysteminvoices, ...fill.ancillaryinvoices].some((i) => i.laborgross !== undefined);
  const l: PlacedRecord = {
    place: { kind: 'property' },
    record: {
      type: 'L',
      values: {
        ...head(opts, reference(template)),
        vatMode: VAT_MODE[fill.expectedvat],
        street: p.street,
        country: p.country ?? (p.postalcode !== undefined ? 'DEU' : undefined),
        postalCode: p.postalcode,
        city: p.city,
        billingPeriod: `${from}/${to}`,
        objectNumber: p.pmnumber,
        rentLossRisk: '0',
        laborShareShown: labor ? '1' : '0',
        currency: fill.currency,
      },
    },
  };
  const keys = allocationKeys(template, fill);
  for (const key of keys.dropped) notCarried.push({ code: 'ARGE_KEY_NOT_CARRIED', key });
  const users = fill.billingrecipients.map((r): PlacedRecord => {
    const named = template.billingrecipients.find(
      (t) => t.residentialunitMscnumber === r.residentialunitMscnumber && t.partnerPmnumber === r.partnerPmnumber,
    );
    const values: FieldValues = {
      ...head(opts, reference(template, r.residentialunitMscnumber)),
      pmReference:
        opts.orderCriterion === 'unit' ? (r.residentialunitPmnumber ?? named?.residentialunitPmnumber) : r.partnerPmnumber,
      addressMode: '1',
      ...nameLines(named?.name),
      userStreet: p.street,
      userCountry: p.country ?? (p.postalcode !== undefined ? 'DEU' : undefined),
      userPostalCode: p.postalcode,
      userCity: p.city,
      occupancy: `${r.validfrom}/${r.validto}`,
      vatFlag: '0',
      rentLossRisk: '0',
      ...money(r.prepayments?.heating, 'heatingPrepaymentGross', 'heatingPrepaymentNet'),
      ...money(r.prepayments?.hotwater, 'hotWaterPrepaymentGross', 'hotWaterPrepaymentNet'),
      ...money(r.prepayments?.coldwater, 'coldWaterPrepaymentGross', 'coldWaterPrepaymentNet'),
      vacancy: r.vacancy ? '1' : '0',
      changeFeeShared: '0',
      ...recipientExtras(r),
    };
    keys.carried.forEach((key, i) => {
      const value = r.allocations.find((a) => a.key === key)?.value;
      if (value === undefined) return;
      values[`allocationKey${String(i + 1)}`] = key;
      values[`allocationShare${String(i + 1)}`] = value;
    });
    const place: Place = { kind: 'recipient', unit: r.residentialunitMscnumber, partner: r.partnerPmnumber };
    if (named) place.name = named.name;
    return { place, record: { type: 'M', values } };
  });
  return [l, ...users];
}

function fuelRecords(template: Template, fill: FilledTemplate, opts: ExportOptions, notCarried: NotCarried[]): PlacedRecord[] {
  const { from, to } = template.billingperiod;
  const out: PlacedRecord[] = [];
  for (const s of fill.energysources) {
    const preset = template.fuels.find((f) => f.slot === s.slot);
    out.push({
      place: { kind: 'fuel', slot: s.slot, fuel: s.fuel },
      record: {
        type: 'B',
        values: {
          ...head(opts, reference(template)),
          currency: fill.currency,
          billingPeriod: `${from}/${to}`,
          fuelKey: s.fuel,
          calorificValue: s.calorificvalue ?? preset?.calorificvalue,
          openingStockDate: s.openingstock?.date,
          openingStockQuantity: s.openingstock?.quantity,
          ...money(s.openingstock?.amounts, 'openingStockGross', 'openingStockNet'),
          closingStockDate: s.closingstock?.date,
          closingStockQuantity: s.closingstock?.quantity,
          ...money(s.closingstock?.amounts, 'closingStockGross', 'closingStockNet'),
          fuelSlot: String(s.slot),
          ...fuelExtras(s, fill),
        },
      },
    });
  }
  for (const s of fill.energysources) {
    s.deliveries.forEach((d, index) => {
      const place: Place = { kind: 'delivery', slot: s.slot, fuel: s.fuel, date: d.invoicedate, index };
      if (d.co2) notCarried.push({ code: 'ARGE_CO2_NOT_CARRIED', place });
      if (d.energymix && d.energymix.length > 0) notCarried.push({ code: 'ARGE_ENERGYMIX_NOT_CARRIED', place });
      out.push({
        place,
        record: {
          type: 'K',
          values: {
            ...head(opts, reference(template)),
            costKey: '201',
            allocation: 'E',
            invoiceDate: d.invoicedate,
            quantity: d.quantity,
            ...money(d.amounts, 'gross', 'net'),
            taxServiceType: '00',
            fuelSlot: String(s.slot),
          },
        },
      });
    });
  }
  return out;
}

function invoiceRecord(
  template: Template,
  opts: ExportOptions,
  inv: Invoice,
  list: 'heating' | 'ancillary',
  index: number,
  notCarried: NotCarried[],
): PlacedRecord {
  const agreed = template.costtypes.find((c) => c.key === inv.cost.key);
  const place: Place = { kind: 'invoice', list, key: inv.cost.key, date: inv.invoicedate, index };
  if (inv.allocationkey !== undefined && inv.allocationkey !== agreed?.allocationkey) {
    notCarried.push({ code: 'ARGE_INVOICE_KEY_NOT_CARRIED', place, key: inv.allocationkey });
  }
  return {
    place,
    record: {
      type: 'K',
      values: {
        ...head(opts, reference(template)),
        costKey: inv.cost.key,
        costText: VARIABLE_TEXT_KEYS.has(inv.cost.key) ? (inv.cost.text ?? agreed?.text) : undefined,
        allocation: agreed?.allocation ?? (list === 'heating' ? 'E' : 'B'),
        invoiceDate: inv.invoicedate,
        quantity: inv.quantity,
        ...money(inv.amounts, 'gross', 'net'),
        taxServiceType: inv.taxservicetype ?? '00',
        laborGross: inv.laborgross,
        fuelSlot: '1',
        usageGroup: invoiceUsageGroup(inv),
      },
    },
  };
}

export function draftToRecords(template: Template, fill: FilledTemplate, opts: ExportOptions): DraftRecords {
  const notCarried: NotCarried[] = [];
  const property = propertyRecords(template, fill, opts, notCarried);
  const costs = [
    ...fuelRecords(template, fill, opts, notCarried),
    ...fill.heatingsysteminvoices.map((inv, i) => invoiceRecord(template, opts, inv, 'heating', i, notCarried)),
    ...fill.ancillaryinvoices.map((inv, i) => invoiceRecord(template, opts, inv, 'ancillary', i, notCarried)),
  ];
  return { property, costs, notCarried };
}

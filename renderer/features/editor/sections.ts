/**
 * The draft's grids and fields: each section id (shared with `locate` in @shared/domain/draft-location) names a
 * list of rows inside the draft. Stock is shown as two rows, opening (0) and closing (1), of one fuel. Two sections
 * are one row of single fields: a fuel itself (`energysources[0]`, its calorific value) and the CO2 property facts
 * (`co2configuration`).
 */
import type { DraftContent } from '@shared/domain/workspace';
import type { Template } from '@shared/msc/billing-input';
import { carryTemplatePresets } from '@shared/domain/precheck/presets';
import type { Row } from '@renderer/components/grid/draft-path';

type Source = NonNullable<DraftContent['energysources']>[number];

const SOURCE_SECTION = /^energysources\[(\d+)\]\.(deliveries|stock)$/;
const FUEL_SECTION = /^energysources\[(\d+)\]$/;
export const CO2_SECTION = 'co2configuration';
/** The hot-water figures (`hotwater`) and the top-level flags of the property (`condominium`), one row each. */
export const HOTWATER_SECTION = 'hotwater';
export const PROPERTY_SECTION = 'property';

export const deliveriesSection = (i: number) => `energysources[${String(i)}].deliveries`;
export const stockSection = (i: number) => `energysources[${String(i)}].stock`;
export const fuelSection = (i: number) => `energysources[${String(i)}]`;

/** A section of single fields (no grid, so no row numbers to speak of). */
export const isFieldSection = (section: string): boolean =>
  section === CO2_SECTION || section === HOTWATER_SECTION || section === PROPERTY_SECTION || FUEL_SECTION.test(section);

const rowsOf = (v: unknown): Row[] => (Array.isArray(v) ? (v as Row[]) : []);
const rowOf = (v: unknown): Row => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Row) : {});

export function sectionRows(content: DraftContent, section: string): Row[] {
  if (section === CO2_SECTION) return [rowOf(content[CO2_SECTION])];
  if (section === HOTWATER_SECTION) return [rowOf(content.hotwater)];
  if (section === PROPERTY_SECTION) return [content.condominium === undefined ? {} : { condominium: content.condominium }];
  const fuel = FUEL_SECTION.exec(section);
  if (fuel) return [rowOf(content.energysources?.[Number(fuel[1])])];
  const m = SOURCE_SECTION.exec(section);
  if (m) {
    const source = content.energysources?.[Number(m[1])];
    if (m[2] === 'deliveries') return rowsOf(source?.deliveries);
    return [source?.openingstock ?? {}, source?.closingstock ?? {}];
  }
  return rowsOf((content as Record<string, unknown>)[section]);
}

const emptyToUndefined = (r: Row | undefined): Row | undefined =>
  r === undefined || Object.keys(r).length === 0 ? undefined : r;

export function withSectionRows(content: DraftContent, section: string, rows: readonly Row[]): DraftContent {
  if (section === CO2_SECTION) {
    const { co2configuration: _cleared, ...rest } = content;
    const facts = emptyToUndefined(rows[0]);
    return facts === undefined ? rest : { ...rest, co2configuration: facts };
  }
  if (section === HOTWATER_SECTION) {
    const { hotwater: _cleared, ...rest } = content;
    const figures = emptyToUndefined(rows[0]);
    return figures === undefined ? rest : { ...rest, hotwater: figures };
  }
  if (section === PROPERTY_SECTION) {
    const { condominium: _cleared, ...rest } = content;
    const flag = rows[0]?.['condominium'];
    return typeof flag === 'boolean' ? { ...rest, condominium: flag } : rest;
  }
  const fuel = FUEL_SECTION.exec(section);
  if (fuel) {
    const sources = [...(content.energysources ?? [])];
    sources[Number(fuel[1])] = rows[0] ?? {};
    return { ...content, energysources: sources };
  }
  const m = SOURCE_SECTION.exec(section);
  if (!m) return { ...content, [section]: rows };
  const index = Number(m[1]);
  const sources = [...(content.energysources ?? [])];
  const source: Source = { ...(sources[index] ?? {}) };
  if (m[2] === 'deliveries') source.deliveries = rows as Source['deliveries'];
  else {
    const [opening, closing] = rows;
    const o = emptyToUndefined(opening);
    const c = emptyToUndefined(closing);
    if (o === undefined) delete source.openingstock;
    else source.openingstock = o;
    if (c === undefined) delete source.closingstock;
    else source.closingstock = c;
  }
  sources[index] = source;
  return { ...content, energysources: sources };
}

/**
 * The draft completed with what the template presets: its fuels (opening stock from `openingstockpreset`, the
 * calorific value), the CO2 property facts, every billing recipient with its period and an empty value per
 * distribution key. Existing entries are kept as typed.
 */
export function completeDraft(content: DraftContent | undefined, template: Template): DraftContent {
  const base: DraftContent = content ?? { currency: template.currency, expectedvat: template.expectedvat };
  const sources = [...(base.energysources ?? [])];
  template.fuels.forEach((fuel, i) => {
    const existing = sources.find((s) => s.slot === fuel.slot);
    if (existing) return;
    const preset = fuel.openingstockpreset;
    sources.splice(i, 0, {
      slot: fuel.slot,
      fuel: fuel.fuel,
      ...(preset ? { openingstock: { date: preset.date, quantity: preset.quantity, amounts: { ...preset.amounts } } } : {}),
      deliveries: [],
    });
  });
  const recipients = [...(base.billingrecipients ?? [])];
  for (const r of template.billingrecipients) {
    const known = recipients.some(
      (x) => x.residentialunitMscnumber === r.residentialunitMscnumber && x.partnerPmnumber === r.partnerPmnumber,
    );
    if (known) continue;
    recipients.push({
      residentialunitMscnumber: r.residentialunitMscnumber,
      residentialunitPmnumber: r.residentialunitPmnumber,
      partnerPmnumber: r.partnerPmnumber,
      validfrom: r.validfrom < template.billingperiod.from ? template.billingperiod.from : r.validfrom,
      validto: r.validto ?? template.billingperiod.to,
      vacancy: r.vacancy,
      allocations: template.distributionkeys.map((k) => ({ key: k.key, value: '' })),
    });
  }
  return carryTemplatePresets(
    {
      ...base,
      currency: base.currency ?? template.currency,
      expectedvat: base.expectedvat ?? template.expectedvat,
      energysources: sources,
      heatingsysteminvoices: base.heatingsysteminvoices ?? [],
      ancillaryinvoices: base.ancillaryinvoices ?? [],
      billingrecipients: recipients,
    },
    template,
  );
}

/** The template's recipient a draft row belongs to (for its name), by unit and partner. */
export function recipientName(template: Template, row: Row): string {
  const match = template.billingrecipients.find(
    (r) => r.residentialunitMscnumber === row.residentialunitMscnumber && r.partnerPmnumber === row.partnerPmnumber,
  );
  return match?.name ?? '';
}

/**
 * The documents of a billing result as PDFs (docs/msc-results.md): HKA, the heating-cost statement a tenant reads;
 * VDA, the consumption analysis; BKA, the other operating costs; LGA, the property's overall statement.
 * Rendered on request from the stored result, so a result of 2,000 recipients is billed without 6,000 PDFs.
 */
import { formatGermanDate } from '@shared/domain/dates';
import type { BillingResult, RecipientResult, ResultDocument, ResultPosition } from '@shared/msc/billing-result';
import type { Address } from '@shared/msc/primitives';
import { recipientOfDocument } from '@main/sandbox/billing/documents';
import {
  amount,
  euro,
  facts,
  footer,
  heading,
  newDoc,
  periodText,
  quantityText,
  row,
  shown,
  t,
  vatNote,
  type Doc,
} from '@main/sandbox/billing/pdf-kit';

export type Property = { address: Address };

/** The balance as a tenant reads it: who pays whom how much. */
export function balanceInWords(r: RecipientResult): string {
  const b = shown(r.balance);
  if (b > 0n) return `Nachzahlung: ${euro(b)} – bitte zahlen Sie diesen Betrag an Ihre Hausverwaltung.`;
  if (b < 0n) return `Guthaben: ${euro(-b)} – diesen Betrag erhalten Sie zurück.`;
  return 'Ausgeglichen: Ihre Vorauszahlungen decken Ihre Kosten genau.';
}

function recipientFacts(res: BillingResult, r: RecipientResult, p: Property): [string, string][] {
  return [
    ['Liegenschaft', `${p.address.street}, ${p.address.postalcode} ${p.address.city} (Nr. ${res.billingunitMscnumber})`],
    ['Abrechnungszeitraum', periodText(res)],
    [
      'Nutzeinheit',
      `${r.residentialunitMscnumber}${r.residentialunitPmnumber ? ` (Ihre Nr. ${r.residentialunitPmnumber})` : ''}`,
    ],
    ['Nutzer', r.name ?? r.partnerPmnumber],
    ['Nutzungszeitraum', `${formatGermanDate(r.validfrom)} – ${formatGermanDate(r.validto)}`],
  ];
}

const consumptionCell = (p: ResultPosition): string =>
  p.consumption
    ? `${quantityText(p.consumption.value, p.consumption.unit)} von ${quantityText(p.consumption.total, p.consumption.unit)}${p.consumption.source === 'ESTIMATED' ? ' (geschätzt)' : ''}`
    : '';

function positionsTable(doc: Doc, positions: readonly ResultPosition[], width: number): void {
  row(doc, ['Kostenart', 'Ihr Anteil nach', 'Betrag'], [4, 5, 2], width, true);
  for (const p of positions) row(doc, [p.text, consumptionCell(p), amount(p.cost)], [4, 5, 2], width);
}

function hka(doc: Doc, res: BillingResult, r: RecipientResult, p: Property, width: number): void {
  heading(doc, 'Heizkostenabrechnung', width);
  facts(doc, recipientFacts(res, r, p), width);
  const heat = r.positions.filter((x) => x.allocation !== 'B');
  positionsTable(doc, heat, width);
  doc.moveDown(0.4);
  const heatTotal = heat.reduce((a, x) => a + shown(x.cost), 0n);
  row(doc, ['Ihre Heiz- und Wasserkosten', '', euro(heatTotal)], [4, 5, 2], width, true);
  const other = r.positions.filter((x) => x.allocation === 'B');
  if (other.length > 0) {
    const otherTotal = other.reduce((a, x) => a + shown(x.cost), 0n);
    row(doc, ['Weitere Betriebskosten (siehe Betriebskostenabrechnung)', '', euro(otherTotal)], [4, 5, 2], width);
  }
  row(doc, ['Ihre Kosten insgesamt', '', amount(r.totalcost)], [4, 5, 2], width, true);
  row(doc, ['Ihre Vorauszahlungen', '', amount(r.prepayment)], [4, 5, 2], width);
  doc.moveDown(0.6);
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .fillColor('black')
    .text(t(balanceInWords(r)), { width });
  doc.moveDown(0.4);
  doc.font('Helvetica').fontSize(10);
  doc.text(t(`Neue monatliche Vorauszahlung (Vorschlag): ${amount(r.newmonthlyprepayment)}`), { width });
  if (res.co2) {
    doc.moveDown(0.4);
    doc.text(
      t(
        `CO2-Kosten (CO2KostAufG): Das Gebäude liegt bei ${res.co2.intensity.replace('.', ',')} kg CO2 je m² und Jahr (Stufe ${String(res.co2.tier)}). ` +
          `Der Vermieter trägt ${res.co2.landlordpercent.replace('.', ',')} %; für Sie sind das ${amount(r.co2landlordshare)}, die in Ihren Kosten bereits abgezogen sind.`,
      ),
      { width },
    );
  }
  if (r.positions.some((x) => x.consumption?.source === 'ESTIMATED')) {
    doc.moveDown(0.4);
    doc.text(t('Ihr Verbrauch wurde geschätzt, weil keine Ablesung möglich war (§ 9a HeizkostenV).'), { width });
  }
  if (r.changesplit) {
    doc.moveDown(0.4);
    const how = r.changesplit === 'READINGS' ? 'nach einer Zwischenablesung' : 'nach Gradtagszahlen (Heizung) und Tagen (Wasser)';
    doc.text(t(`Nutzerwechsel im Zeitraum: der Verbrauch wurde ${how} aufgeteilt (§ 9b HeizkostenV).`), { width });
  }
  doc.moveDown(0.4);
  doc
    .fontSize(8)
    .fillColor('#555555')
    .text(t(`${vatNote(res)}. Abgerechnet am ${formatGermanDate(res.billingdate)}.`), { width });
}

function vda(doc: Doc, res: BillingResult, r: RecipientResult, p: Property, width: number): void {
  heading(doc, 'Verbrauchsanalyse', width);
  facts(doc, recipientFacts(res, r, p), width);
  row(doc, ['Verbrauch', 'Ihr Wert', 'Anteil am Haus'], [4, 5, 2], width, true);
  for (const x of r.positions.filter((y) => y.basis === 'CONSUMPTION' && y.consumption)) {
    const c = x.consumption;
    if (!c) continue;
    const total = Number(c.total);
    const percent = total > 0 ? ((Number(c.value) / total) * 100).toFixed(1).replace('.', ',') : '0,0';
    row(doc, [x.text, quantityText(c.value, c.unit), `${percent} %`], [4, 5, 2], width);
  }
}

function bka(doc: Doc, res: BillingResult, r: RecipientResult, p: Property, width: number): void {
  heading(doc, 'Betriebskostenabrechnung', width);
  facts(doc, recipientFacts(res, r, p), width);
  const other = r.positions.filter((x) => x.allocation === 'B');
  positionsTable(doc, other, width);
  row(doc, ['Summe', '', euro(other.reduce((a, x) => a + shown(x.cost), 0n))], [4, 5, 2], width, true);
}

function lga(doc: Doc, res: BillingResult, p: Property, width: number): void {
  heading(doc, 'Gesamtabrechnung der Liegenschaft', width);
  facts(
    doc,
    [
      ['Liegenschaft', `${p.address.street}, ${p.address.postalcode} ${p.address.city} (Nr. ${res.billingunitMscnumber})`],
      ['Abrechnungszeitraum', periodText(res)],
      ['Zu verteilende Kosten', amount(res.totals.distributablecost)],
      ['davon Heizung / Warmwasser', `${amount(res.totals.heating)} / ${amount(res.totals.hotwater)}`],
      ['Kaltwasser / Betriebskosten', `${amount(res.totals.coldwater)} / ${amount(res.totals.operating)}`],
      ['CO2-Anteil Vermieter', amount(res.totals.co2landlordshare)],
      ['Vorauszahlungen / Saldo', `${amount(res.totals.prepayment)} / ${amount(res.totals.balance)}`],
    ],
    width,
  );
  row(doc, ['Nutzeinheit', 'Nutzer', 'Kosten', 'CO2 Verm.', 'Vorausz.', 'Saldo'], [2, 5, 2, 2, 2, 2], width, true);
  for (const r of res.results) {
    row(
      doc,
      [
        r.residentialunitMscnumber,
        `${r.name ?? r.partnerPmnumber}${r.vacancy ? ' (Leerstand)' : ''}`,
        amount(r.totalcost),
        amount(r.co2landlordshare),
        amount(r.prepayment),
        amount(r.balance),
      ],
      [2, 5, 2, 2, 2, 2],
      width,
    );
  }
}

export async function renderDocument(res: BillingResult, d: ResultDocument, p: Property): Promise<Buffer> {
  const { doc, done, width } = newDoc(d.title, res.createdat);
  const i = recipientOfDocument(res, d.documentid);
  const r = i === undefined ? undefined : res.results[i];
  if (d.type === 'LGA' || !r) lga(doc, res, p, width);
  else if (d.type === 'HKA') hka(doc, res, r, p, width);
  else if (d.type === 'VDA') vda(doc, res, r, p, width);
  else bka(doc, res, r, p, width);
  footer(doc, `Demo-Messdienst · ${d.title} · ${periodText(res)}`, width);
  doc.end();
  return done;
}

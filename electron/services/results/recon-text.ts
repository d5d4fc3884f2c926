/**
 * The reconciliation's messages in German for the reports (the screen has its own texts in the locale files):
 * where (usage unit, tenant) and what differs, amounts as the clerk writes them.
 */
import { formatGermanDate } from '@shared/domain/dates';
import { formatGerman, money } from '@shared/domain/decimal';
import type { ReconCode, ReconMessage, ReconPlace, ReconSeverity } from '@shared/domain/reconciliation';

const eur = (iso: string | number | undefined) => `${formatGerman(money(String(iso ?? '0')))} €`;

export const SEVERITY_LABEL: Record<ReconSeverity, string> = { error: 'Abweichung', warning: 'Prüfen', info: 'Hinweis' };

const TEXT: Record<ReconCode, (p: ReconMessage['params']) => string> = {
  TOTAL_DIFFERS: (p) =>
    `Umlagefähige Kosten: übermittelt ${eur(p.submitted)}, abgerechnet ${eur(p.billed)} (Differenz ${eur(p.difference)}).`,
  RESULT_MISSING: () => 'Für diesen Abrechnungsempfänger enthält das Ergebnis keine Abrechnung.',
  RESULT_UNEXPECTED: () => 'Das Ergebnis rechnet einen Empfänger ab, der so nicht übermittelt wurde.',
  PREPAYMENT_DIFFERS: (p) =>
    `Vorauszahlungen: übermittelt ${eur(p.sent)}, vom Messdienst angesetzt ${eur(p.used)} (Differenz ${eur(p.difference)}).`,
  BALANCE_ARITHMETIC: (p) => `Der Saldo ${eur(p.balance)} ist nicht Kosten minus Vorauszahlung (${eur(p.expected)}).`,
  DOCUMENT_MISSING: () => 'Die Heizkostenabrechnung (HKA) für diesen Mieter fehlt.',
  BALANCE_HIGH: (p) =>
    `${Number(p.balance) > 0 ? 'Nachzahlung' : 'Guthaben'} von ${eur(String(p.balance).replace('-', ''))} (ab ${eur(p.threshold)} hervorgehoben).`,
  ESTIMATED: (p) => `Geschätzte Werte statt Ablesung: ${String(p.positions)}.`,
  CO2_TOTAL_DIFFERS: (p) =>
    `CO2-Kosten Vermieteranteil: nach unserer Berechnung ${eur(p.ours)}, abgerechnet ${eur(p.billed)} (Differenz ${eur(p.difference)}).`,
  CO2_DIFFERS: (p) =>
    `CO2-Kosten Vermieteranteil dieses Empfängers: nach unserer Berechnung ${eur(p.ours)}, abgerechnet ${eur(p.billed)}.`,
  CO2_NOT_CHECKED: () => 'Der CO2-Vermieteranteil konnte nicht nachgerechnet werden (Angaben der Vereinbarung fehlen).',
};

export function reconText(m: ReconMessage): string {
  return TEXT[m.code](m.params);
}

export function placeText(place: ReconPlace | undefined): string {
  if (!place) return 'Liegenschaft';
  const who = place.name ?? place.partnerPmnumber;
  const unit = place.residentialunitPmnumber
    ? `${place.residentialunitMscnumber} (${place.residentialunitPmnumber})`
    : place.residentialunitMscnumber;
  return `Nutzeinheit ${unit}, ${who}, ab ${formatGermanDate(place.validfrom)}`;
}

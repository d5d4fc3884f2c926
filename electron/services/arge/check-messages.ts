/**
 * The ARGE check's findings as the check messages an MSC answers a test check with: a stable code, the German text
 * (the screens show an MSC's messages as its own German text) and the path in the filled template, so the editor
 * places each one where the clerk typed the value. The ARGE section of a period shows the same findings in the
 * clerk's language (renderer/features/arge/issue-text.ts).
 */
import type { ExportIssue } from '@shared/arge/export';
import type { Place } from '@shared/arge/from-draft';
import { RECORDS } from '@shared/arge/tables';
import type { FilledTemplate } from '@shared/msc/billing-input';
import type { ReceivedCheckMessage } from '@shared/msc/problem';

function placeText(place: Place): string {
  switch (place.kind) {
    case 'property':
      return 'Liegenschaft';
    case 'recipient':
      return `Nutzer ${place.name ?? place.partner} (Nutzer-Nr. ${place.unit})`;
    case 'fuel':
      return `Brennstoff ${String(place.slot)}`;
    case 'delivery':
      return `Lieferung vom ${german(place.date)} (Brennstoff ${String(place.slot)})`;
    case 'invoice':
      return `${place.list === 'heating' ? 'Rechnung der Heizungsanlage' : 'Nebenkostenrechnung'}, Kostenart ${place.key}, vom ${german(place.date)}`;
  }
}

const german = (iso: string): string => iso.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$3.$2.$1');

function pathOf(place: Place, filled: FilledTemplate): string {
  switch (place.kind) {
    case 'property':
      return '';
    case 'recipient': {
      const i = filled.billingrecipients.findIndex(
        (r) => r.residentialunitMscnumber === place.unit && r.partnerPmnumber === place.partner,
      );
      return i < 0 ? 'billingrecipients' : `billingrecipients[${String(i)}]`;
    }
    case 'fuel':
    case 'delivery': {
      const i = filled.energysources.findIndex((s) => s.slot === place.slot);
      const source = i < 0 ? 'energysources' : `energysources[${String(i)}]`;
      return place.kind === 'fuel' ? source : `${source}.deliveries[${String(place.index)}]`;
    }
    case 'invoice':
      return `${place.list === 'heating' ? 'heatingsysteminvoices' : 'ancillaryinvoices'}[${String(place.index)}]`;
  }
}

function problemText(issue: Extract<ExportIssue, { problem: unknown }>): string {
  const p = issue.problem;
  const value = issue.value === undefined ? '' : `„${issue.value}“`;
  switch (p.code) {
    case 'ARGE_MISSING':
      return 'fehlt, die Datei verlangt hier eine Angabe.';
    case 'ARGE_TEXT_TOO_LONG':
      return `ist ${String(p.length)} Zeichen lang, das Feld der Datei fasst ${String(p.max)}.`;
    case 'ARGE_CHARACTER':
      return `enthält das Zeichen „${p.character}“, das die Datei (ISO 8859-15) nicht darstellen kann.`;
    case 'ARGE_NOT_A_NUMBER':
      return `${value} ist keine Zahl.`;
    case 'ARGE_TOO_MANY_PLACES':
      return `${value} hat mehr als ${String(p.places)} Nachkommastellen.`;
    case 'ARGE_TOO_LARGE':
      return `${value} hat mehr als ${String(p.digits)} Stellen vor dem Komma.`;
    case 'ARGE_BAD_DATE':
    case 'ARGE_DATE_OUT_OF_RANGE':
      return `${value} ist kein Datum, das die Datei aufnehmen kann (1970 bis 2069).`;
  }
}

function text(issue: ExportIssue): string {
  if ('problem' in issue) {
    const label = RECORDS[issue.record].fields.find((f) => f.no === issue.field)?.label ?? issue.fieldName;
    return `${placeText(issue.place)}: ${label} ${problemText(issue)}`;
  }
  if (issue.severity === 'error') {
    return issue.code === 'ARGE_CUSTOMER_NUMBER'
      ? `Die Kundennummer „${issue.value}“ der Verbindung hat nicht 1 bis 10 Ziffern.`
      : `Der Schlüssel des Messdienstes „${issue.value}“ hat nicht 2 Ziffern.`;
  }
  switch (issue.code) {
    case 'ARGE_KEY_NOT_CARRIED':
      return `Die Werte des Verteilerschlüssels ${issue.key} haben keinen Platz mehr im Nutzersatz (höchstens drei Schlüssel); die Dateien enthalten sie nicht.`;
    case 'ARGE_INVOICE_KEY_NOT_CARRIED':
      return `${placeText(issue.place)}: Der eigene Verteilerschlüssel ${issue.key} der Rechnung hat kein Feld in der Datei; der Messdienst verteilt nach dem vereinbarten.`;
    case 'ARGE_CO2_NOT_CARRIED':
      return `${placeText(issue.place)}: Die CO2-Angaben haben in ARGE 3.05 kein Feld und stehen nicht in der Datei.`;
    case 'ARGE_ENERGYMIX_NOT_CARRIED':
      return `${placeText(issue.place)}: Der Energiemix hat in ARGE 3.05 kein Feld und steht nicht in der Datei.`;
  }
}

export function argeCheckMessages(issues: readonly ExportIssue[], filled: FilledTemplate): ReceivedCheckMessage[] {
  return issues.map((issue) => ({
    type: issue.severity === 'error' ? 'ERROR' : 'WARNING',
    shortmessage: 'problem' in issue ? issue.problem.code : issue.code,
    message: text(issue),
    path: 'place' in issue ? pathOf(issue.place, filled) : '',
  }));
}

/**
 * The demo MSC's plausibility rules as data: code, severity, when it fires, where its path points and the German
 * message (placeholders in braces). docs/msc-rules.md shows the same table; a unit test fails when they disagree,
 * when a code here has no rule in ./index.ts, or when a rule's message no longer reads like its template here.
 */
import { MISTAKE_RULES } from '@main/sandbox/rules/catalog-mistakes';
import { HOTWATER_CATALOG } from '@main/sandbox/rules/hotwater';
import { RECIPIENT_FLAGS_CATALOG } from '@main/sandbox/rules/recipient-flags';

export type RuleEntry = {
  code: string;
  /** `WARNING/ERROR`: a warning that becomes an error in the case `when` names. */
  severity: 'ERROR' | 'WARNING' | 'WARNING/ERROR';
  when: string;
  path: string;
  message: string;
};

const DELIVERY = 'Lieferung Nr. {n} vom {Datum} für {Brennstoff}';

const FIRST_RULES: readonly RuleEntry[] = [
  {
    code: 'ENERGYMIX_SUM',
    severity: 'ERROR',
    when: 'Die Anteile im Energiemix einer Lieferung ergeben nicht 100,0 %. Quelle: ARGE Tabelle M (Energiemix einer Lieferung, V3.10).',
    path: 'energysources[i].deliveries[j].energymix',
    message: `Die Anteile im Energiemix der ${DELIVERY} ergeben zusammen {Summe} % statt 100,0 % ({Anteile}).`,
  },
  {
    code: 'FUEL_NOT_AGREED',
    severity: 'ERROR',
    when: 'Brennstoffplatz oder Brennstoff ist nicht vereinbart oder doppelt gemeldet. Quelle: ARGE B-Satz mit Tabelle B (vereinbarte Brennstoffe); unsere Regel zur Schnittstelle (docs/msc-contract.md).',
    path: 'energysources[i].fuel',
    message: 'Auf Brennstoffplatz {Platz} ist {Brennstoff} vereinbart, gemeldet wurde {Brennstoff}.',
  },
  {
    code: 'STOCK_REQUIRED',
    severity: 'ERROR',
    when: 'Ein lagerfähiger Brennstoff ohne Anfangs- oder Endbestand. Quelle: §7 (2) HeizkostenV (Kosten der verbrauchten Brennstoffe); ARGE B-Satz (Anfangs- und Endbestand).',
    path: 'energysources[i].openingstock / closingstock',
    message: 'Für {Brennstoff} fehlt der {Bestand} (Stand {Datum}). Lagerfähige Brennstoffe brauchen Anfangs- und Endbestand.',
  },
  {
    code: 'OPENINGSTOCK_DIFFERS',
    severity: 'WARNING',
    when: 'Der Anfangsbestand weicht vom Endbestand des Vorjahres ab. Quelle: §7 (2) HeizkostenV (Kosten der verbrauchten Brennstoffe); ARGE B-Satz (Anfangs- und Endbestand).',
    path: 'energysources[i].openingstock',
    message: 'Der Anfangsbestand für {Brennstoff} weicht vom Endbestand des Vorjahres ({Datum}) ab: {Abweichungen}.',
  },
  {
    code: 'QUANTITY_REQUIRED',
    severity: 'ERROR',
    when: 'Eine Lieferung ohne Menge. Quelle: §7 (2) HeizkostenV (Kosten der verbrauchten Brennstoffe); ARGE K-Satz Feld 10 (Menge) der Lieferung, Kostenart 201.',
    path: 'energysources[i].deliveries[j].quantity',
    message: `Bei der ${DELIVERY} über {Betrag} fehlt die gelieferte Menge.`,
  },
  {
    code: 'DATE_OUTSIDE_PERIOD',
    severity: 'WARNING/ERROR',
    when: 'Mit Leistungszeitraum (`servicefrom`/`serviceto`): dessen Beginn oder Ende liegt außerhalb des Abrechnungszeitraums. Ohne: das Rechnungsdatum liegt vor dessen Beginn oder mehr als sechs Monate nach dessen Ende (eine Jahresrechnung vom Januar ist üblich). Fehler, wenn mehr als ein Jahr daneben. Quelle: §6 (1), §7 (2) HeizkostenV (Kosten des Abrechnungszeitraums); ARGE K-Satz Feld 9 (Rechnungsdatum) und B-Satz Feld 7 (Abrechnungszeitraum); einen Leistungszeitraum der Rechnung kennt ARGE nicht, er ist unsere Erweiterung (docs/msc-contract.md).',
    path: '….invoicedate / servicefrom / serviceto',
    message: 'Das Rechnungsdatum der {Rechnung} liegt {Tage} Tage vor Beginn des Abrechnungszeitraums {Zeitraum}.',
  },
  {
    code: 'COSTTYPE_NOT_AGREED',
    severity: 'ERROR',
    when: 'Die Kostenart ist in der Schablone nicht vereinbart (nur das; Brennstoffkosten und falsche Liste haben eigene Codes). Quelle: ARGE K-Satz mit Tabelle K (vereinbarte Kostenarten).',
    path: '…invoices[i].cost.key',
    message: 'Die {Rechnung} hat eine Kostenart, die für diese Liegenschaft nicht vereinbart ist (vereinbart: {Schlüssel}).',
  },
  {
    code: 'TEXT_REQUIRED',
    severity: 'ERROR',
    when: 'Kostenart 228/242 ohne Freitext. Quelle: ARGE Tabelle K (228 und 242 verlangen einen Freitext).',
    path: '…invoices[i].cost.text',
    message:
      'Bei der {Rechnung} fehlt die Bezeichnung der Kosten. Für die Kostenart {Schlüssel} ist ein Freitext Pflicht (z. B. „Legionellenprüfung“).',
  },
  {
    code: 'LABOR_REQUIRED',
    severity: 'ERROR',
    when: 'Leistungsart 11–13 (§35a EStG) ohne Lohnanteil. Quelle: §35a EStG; ARGE K-Satz Feld 14 (Pflicht bei Leistungsart 11–13 in Feld 13, Tabelle L).',
    path: '…invoices[i].laborgross',
    message:
      'Bei der {Rechnung} ist die Leistungsart {Code} ({Leistungsart}) angegeben, aber der Lohnanteil brutto fehlt. Er wird für die Bescheinigung nach §35a EStG gebraucht.',
  },
  {
    code: 'LABOR_EXCEEDS_GROSS',
    severity: 'ERROR',
    when: 'Der Lohnanteil ist höher als der Bruttobetrag. Quelle: §35a EStG (Lohnanteil als Teil der Rechnung); ARGE K-Satz mit Tabelle L.',
    path: '…invoices[i].laborgross',
    message: 'Bei der {Rechnung} ist der Lohnanteil {Betrag} höher als der Bruttobetrag {Betrag}.',
  },
  {
    code: 'NET_EXCEEDS_GROSS',
    severity: 'ERROR',
    when: 'Netto höher als brutto oder mit anderem Vorzeichen. Quelle: §12 (1), (2) UStG (Steuersätze 19 %, 7 %: brutto = netto + Umsatzsteuer).',
    path: '….amounts.netamount',
    message: 'Bei {Stelle} ist der Nettobetrag {Betrag} höher als der Bruttobetrag {Betrag}.',
  },
  {
    code: 'VAT_MODE',
    severity: 'ERROR',
    when: 'Ein Betrag fehlt, den expectedvat der Schablone verlangt. Quelle: unsere Regel zur Schnittstelle (docs/msc-contract.md), `expectedvat` der Schablone.',
    path: '….amounts.grossamount / netamount',
    message: 'Bei {Stelle} fehlt der {Betragsart}; für diese Liegenschaft sind alle Beträge {Art} zu melden.',
  },
  {
    code: 'CURRENCY_MISMATCH',
    severity: 'ERROR',
    when: 'currency oder expectedvat der Meldung weicht von der Schablone ab. Quelle: unsere Regel zur Schnittstelle (docs/msc-contract.md), `currency` und `expectedvat` der Schablone.',
    path: 'currency / expectedvat',
    message: 'Die Meldung gibt Beträge als „{Art}“ an, vereinbart ist „{Art}“.',
  },
  {
    code: 'RECIPIENT_UNKNOWN',
    severity: 'ERROR',
    when: 'Nutzeinheit oder Nutzer nicht per OSR übermittelt. Quelle: unsere Regel zur Schnittstelle (docs/msc-contract.md) und docs/msc-osr.md (Nutzer kommen per OSR).',
    path: 'billingrecipients[i].partnerPmnumber / residentialunitMscnumber',
    message:
      'Der Nutzer {Nutzer} in Nutzeinheit {Nutzeinheit} wurde nicht per On-Site-Roles (OSR 2.0) übermittelt; dort bekannt: {Nutzer}. Bitte den Nutzerwechsel zuerst per OSR melden.',
  },
  {
    code: 'RECIPIENT_OUTSIDE_PERIOD',
    severity: 'ERROR',
    when: 'Nutzungszeitraum außerhalb des Abrechnungszeitraums oder Ende vor Beginn. Quelle: ARGE M-Satz (Nutzungszeitraum liegt im Abrechnungszeitraum).',
    path: 'billingrecipients[i].validfrom / validto',
    message: 'Bei {Nutzer} liegt der Nutzungsbeginn {Datum} vor dem Abrechnungszeitraum {Zeitraum}; bitte auf {Datum} kürzen.',
  },
  {
    code: 'RECIPIENT_OVERLAP',
    severity: 'ERROR',
    when: 'Zwei Zeiträume derselben Nutzeinheit überschneiden sich. Quelle: ARGE M-Satz (Nutzungszeiträume einer Nutzeinheit); §9b HeizkostenV (Aufteilung zwischen Vor- und Nachnutzer).',
    path: 'billingrecipients[i].validfrom',
    message:
      'In Nutzeinheit {Nutzeinheit} überschneiden sich zwei Zeiträume: {Nutzer} vom {Zeitraum} und {Nutzer} vom {Zeitraum}.',
  },
  {
    code: 'RECIPIENT_GAP',
    severity: 'WARNING',
    when: 'Eine Nutzeinheit ist zeitweise weder vermietet noch als Leerstand gemeldet. Quelle: unsere Regel zur Schnittstelle (docs/msc-contract.md) (Leerstand wird als eigener Zeitraum gemeldet).',
    path: 'billingrecipients[i].validfrom / validto, billingrecipients',
    message:
      'Nutzeinheit {Nutzeinheit} ist vom {Datum} bis {Datum} ({Tage} Tage) keinem Nutzer zugeordnet und nicht als Leerstand gemeldet.',
  },
  {
    code: 'ALLOCATION_MISSING',
    severity: 'ERROR',
    when: 'Einem Nutzer fehlt ein Wert für einen verwendeten Verteilerschlüssel. Quelle: ARGE M-Satz mit Tabelle E (Verteilwerte je Nutzer); §6 (1) HeizkostenV (Verteilung auf die einzelnen Nutzer).',
    path: 'billingrecipients[i].allocations',
    message: 'Bei {Nutzer} fehlt ein Wert für den Verteilerschlüssel {Schlüssel}, gebraucht für {Kostenarten}.',
  },
  {
    code: 'ALLOCATION_NEGATIVE',
    severity: 'ERROR',
    when: 'Ein Verteilwert ist negativ. Quelle: ARGE M-Satz mit Tabelle E (Verteilwerte je Nutzer).',
    path: 'billingrecipients[i].allocations[k].value',
    message:
      'Bei {Nutzer} ist der Wert {Wert} für den Verteilerschlüssel {Schlüssel} negativ; Verteilerwerte müssen 0 oder größer sein.',
  },
  {
    code: 'CO2_REQUIRED',
    severity: 'ERROR',
    when: 'Abrechnungszeitraum ab 2023 und eine Lieferung eines CO2-relevanten Brennstoffs (fossil, Fern- und Nahwärme 142/144) ohne CO2-Angaben. Quelle: §3 (1) CO2KostAufG (Angaben des Lieferanten auf der Rechnung); §5 CO2KostAufG (Aufteilung bei Wohngebäuden).',
    path: 'energysources[i].deliveries[j].co2',
    message: `Bei der ${DELIVERY} fehlen die CO2-Angaben (Emissionsfaktor, kg CO2, CO2-Kosten brutto). Sie sind nach CO2KostAufG ab dem Abrechnungszeitraum 2023 für fossile Brennstoffe und Fernwärme Pflicht.`,
  },
  {
    code: 'SIDECOSTS_HIGH',
    severity: 'WARNING',
    when: 'Heizungsnebenkosten über 25 % der Energiekosten. Quelle: §7 (2) HeizkostenV (Kosten des Betriebs neben den Brennstoffkosten); die Schwelle von 25 % ist unsere Erfahrungsregel.',
    path: 'heatingsysteminvoices',
    message:
      'Die Heizungsnebenkosten betragen {Betrag} {Art} und damit {Anteil} % der Energiekosten von {Betrag} ({Rechnung}). Üblich sind höchstens 25 %; bitte prüfen, ob Rechnungen falsch zugeordnet oder Brennstoffkosten unvollständig sind.',
  },
  {
    code: 'DUPLICATE_INVOICE',
    severity: 'WARNING',
    when: 'Dieselbe Kostenart mit gleichem Datum und Betrag zweimal. Quelle: unsere Regel zur Schnittstelle (docs/msc-contract.md).',
    path: '…invoices[i]',
    message:
      'Die {Rechnung} gleicht der {Rechnung} in Kostenart, Rechnungsdatum und Betrag. Wurde dieselbe Rechnung doppelt erfasst?',
  },
  {
    code: 'FUEL_AS_INVOICE',
    severity: 'ERROR',
    when: 'Brennstoffkosten (Tabelle K 200 Anfangsbestand, 201 Lieferung, 202 Endbestand) als Rechnung gemeldet. Quelle: ARGE Tabelle K 200–202; unsere Regel zur Schnittstelle (docs/msc-contract.md) (Brennstoffe unter `energysources`).',
    path: '…invoices[i].cost.key',
    message:
      'Die {Rechnung} enthält Brennstoffkosten (Kostenart {Schlüssel}: {Art}). Sie gehören nicht zu den Rechnungen, sondern {Ort}: energysources[].{Feld}.',
  },
  {
    code: 'COSTTYPE_WRONG_LIST',
    severity: 'ERROR',
    when: 'Eine vereinbarte Kostenart in der falschen Liste: Umlageart E/H/W gehört zu heatingsysteminvoices, K/A/B zu ancillaryinvoices. Quelle: ARGE K-Satz Feld 8 (Umlageart).',
    path: '…invoices[i].cost.key',
    message:
      'Die {Rechnung} steht in der falschen Liste: {Kostenart} ist mit der Umlageart {Code} ({Umlageart}) vereinbart und gehört zu den {Liste} ({Liste}).',
  },
  {
    code: 'ENERGY_MISSING',
    severity: 'ERROR',
    when: 'Brennstoffe sind vereinbart, aber die Meldung enthält weder eine Lieferung noch einen Anfangsbestand. Quelle: §7 (2) HeizkostenV (Kosten der verbrauchten Brennstoffe); ARGE B-Satz.',
    path: 'energysources',
    message:
      'Die Meldung enthält keine Energie: weder eine Brennstofflieferung noch einen Anfangsbestand (vereinbart: {Brennstoffe}). Ohne Energiekosten lässt sich die Heizkostenabrechnung nicht erstellen.',
  },
  {
    code: 'CALORIFIC_VALUE_REQUIRED',
    severity: 'ERROR',
    when: 'Ein Brennstoff ohne Heizwert oder mit Heizwert 0. Quelle: ARGE B-Satz Feld 9 (Pflicht, sobald Feld 8 gefüllt).',
    path: 'energysources[i].calorificvalue',
    message:
      'Für {Brennstoff} fehlt der Heizwert (kWh je {Einheit}). Er ist Pflicht, sobald ein Brennstoff gemeldet wird.{Vorgabe}',
  },
  {
    code: 'CLOSINGSTOCK_EXCEEDS',
    severity: 'ERROR',
    when: 'Endbestand größer als Anfangsbestand plus Liefermengen. Quelle: §7 (2) HeizkostenV (Kosten der verbrauchten Brennstoffe); ARGE B-Satz Felder 11 und 15 (Mengen Anfangs- und Restbestand), K-Satz Feld 10 (Menge der Lieferungen, Kostenart 201).',
    path: 'energysources[i].closingstock.quantity',
    message:
      'Der Endbestand für {Brennstoff} von {Menge} ist größer als Anfangsbestand ({Menge}) und Lieferungen ({Menge}) zusammen; es fehlen {Menge}. Bitte Bestände und Liefermengen prüfen.',
  },
  {
    code: 'STOCK_DATE',
    severity: 'ERROR',
    when: 'Endbestand nicht zum letzten Tag des Abrechnungszeitraums, Anfangsbestand nicht zum ersten Tag oder dem Vortag. Quelle: §7 (2) HeizkostenV (Brennstoffe, die im Abrechnungszeitraum verbraucht wurden); ARGE B-Satz (Anfangs- und Endbestand).',
    path: 'energysources[i].openingstock.date / closingstock.date',
    message:
      'Der Endbestand für {Brennstoff} ist zum {Datum} angegeben; er muss zum Ende des Abrechnungszeitraums ({Datum}) ermittelt sein, sonst stimmt der Verbrauch nicht.',
  },
  {
    code: 'DUPLICATE_DELIVERY',
    severity: 'WARNING',
    when: 'Dieselbe Lieferung (Datum, Menge, Betrag) zweimal beim selben Brennstoff. Quelle: unsere Regel zur Schnittstelle (docs/msc-contract.md).',
    path: 'energysources[i].deliveries[j]',
    message: `Die ${DELIVERY} gleicht der Lieferung Nr. {n} in Rechnungsdatum, Menge und Betrag. Wurde dieselbe Lieferung doppelt erfasst?`,
  },
  {
    code: 'RECIPIENTS_MISSING',
    severity: 'ERROR',
    when: 'Die Meldung enthält keinen einzigen Nutzer. Quelle: §6 (1) HeizkostenV (Verteilung auf die einzelnen Nutzer); ARGE M-Satz.',
    path: 'billingrecipients',
    message:
      'Die Meldung enthält keine Nutzer. Ohne Nutzer mit Zeiträumen und Verteilwerten lassen sich die Kosten nicht verteilen; laut OSR gehören {Anzahl} Nutzeinheiten zu dieser Liegenschaft.',
  },
  {
    code: 'ALLOCATIONS_EMPTY',
    severity: 'ERROR',
    when: 'Nutzer sind gemeldet, aber kein einziger Verteilwert (statt ALLOCATION_MISSING je Nutzer). Quelle: §6 (1) HeizkostenV (Verteilung auf die einzelnen Nutzer); ARGE M-Satz mit Tabelle E.',
    path: 'billingrecipients',
    message:
      'Die Meldung enthält keinen einzigen Verteilwert ({Anzahl} Nutzer; gebraucht werden {Schlüssel}). Bitte die Werte je Nutzer eintragen.',
  },
  {
    code: 'ALLOCATION_ZERO_SUM',
    severity: 'ERROR',
    when: 'Alle Werte eines verwendeten Verteilerschlüssels sind 0. Quelle: ARGE Tabelle E (Verteilerschlüssel); §6 (1) HeizkostenV (Verteilung auf die einzelnen Nutzer).',
    path: 'billingrecipients',
    message:
      'Alle {Anzahl} Werte für den Verteilerschlüssel {Schlüssel} sind 0. Die Kosten, die nach diesem Schlüssel verteilt werden ({Kostenarten}), lassen sich so nicht verteilen.',
  },
  {
    code: 'VACANCY_AREA_MISSING',
    severity: 'ERROR',
    when: 'Ein Leerstand ohne Wert (oder mit 0) für einen verwendeten Flächenschlüssel (Tabelle E 010/011/017). Quelle: §7 (1), §8 (1) HeizkostenV (Grundkosten nach Fläche); ARGE Tabelle E 010/011/017.',
    path: 'billingrecipients[i].allocations',
    message:
      'Beim Leerstand in Nutzeinheit {Nutzeinheit} ({Zeitraum}) fehlt die Fläche für {Schlüssel}. Ohne Fläche fielen die Grundkosten des leeren Zeitraums den übrigen Nutzern zu; sie trägt der Eigentümer.',
  },
  {
    code: 'RECIPIENT_DATES_DIFFER',
    severity: 'ERROR',
    when: 'Beginn oder Ende eines per OSR übermittelten Nutzers weicht von OSR ab (auf den Abrechnungszeitraum gekürzt). Quelle: unsere Regel zur Schnittstelle (docs/msc-contract.md) und docs/msc-osr.md.',
    path: 'billingrecipients[i].validfrom / validto',
    message:
      'Bei {Nutzer} endet der Zeitraum am {Datum}, per OSR übermittelt ist der {Datum}. Bitte die Daten angleichen oder den Nutzerwechsel zuerst per OSR korrigieren.',
  },
  {
    code: 'CO2_KG_MISMATCH',
    severity: 'WARNING',
    when: 'kg CO2 weicht um mehr als 1 % (mindestens 1 kg) von Menge × Emissionsfaktor ab, und bei Brennstoffen in kWh/MWh auch von Menge ÷ Hs/Hi × Faktor (Erdgas 1,11, Flüssiggas 1,09, Heizöl 1,06: Abrechnung nach Brennwert, Faktor nach Heizwert). Quelle: §3 CO2KostAufG (Angaben des Lieferanten); Anlage 1 EBeV 2030 (Standardwerte je Heizwert); §9 (3) HeizkostenV (Hs/Hi 1,11).',
    path: 'energysources[i].deliveries[j].co2.emissionkg',
    message: `Bei der ${DELIVERY} passen die CO2-Angaben nicht zur Menge: {Menge} × {Faktor} kg CO2 je {Einheit} ergeben rund {kg} kg CO2{auf Brennwert umgerechnet}, gemeldet sind {kg} kg. Bitte mit der Rechnung des Lieferanten vergleichen.`,
  },
  {
    code: 'CO2_FACTOR_IMPLAUSIBLE',
    severity: 'ERROR',
    when: 'Emissionsfaktor mehr als 25 % neben dem üblichen Wert des Brennstoffs (Heizöl, Erdgas, Flüssiggas; Fernwärme und Biomasse ohne Vorgabe). Quelle: §3 (1) Nr. 3, (2) CO2KostAufG (heizwertbezogener Emissionsfaktor nach den Standardwerten zum BEHG); Anlage 1 EBeV 2030; die Spanne von 25 % ist unsere Regel.',
    path: 'energysources[i].deliveries[j].co2.emissionfactor',
    message: `Bei der ${DELIVERY} liegt der Emissionsfaktor {Faktor} kg CO2 je {Einheit} weit neben dem üblichen Wert für {Brennstoff} ({Faktor} kg CO2 je {Einheit}). Bitte den Faktor auf der Rechnung des Lieferanten prüfen.`,
  },
  {
    code: 'CO2_COST_EXCEEDS',
    severity: 'WARNING/ERROR',
    when: 'Betrag der CO2-Kosten höher als der des Bruttobetrags der Lieferung bei gleichem Vorzeichen (Gutschrift: beide negativ); eine Warnung, wenn die Vorzeichen verschieden sind. Quelle: §3 (1) CO2KostAufG (CO2-Kosten als Teil des Lieferpreises auf der Rechnung).',
    path: 'energysources[i].deliveries[j].co2.costgross',
    message: `Bei der ${DELIVERY} sind die CO2-Kosten {Betrag} höher als der Rechnungsbetrag der Lieferung {Betrag}. Die CO2-Kosten sind ein Teil des Lieferpreises.`,
  },
  {
    code: 'CO2_AREA_REQUIRED',
    severity: 'ERROR',
    when: 'CO2KostAufG gilt (vereinbart, ab 2023, ein CO2-relevanter Brennstoff mit Lieferung oder Anfangsbestand), aber die Wohnfläche fehlt oder ist 0. Quelle: §5 (1) CO2KostAufG (kg CO2 je m² Wohnfläche und Jahr).',
    path: 'co2configuration.heatedarea',
    message:
      'Die Wohnfläche fehlt. Sie wird gebraucht, um die CO2-Kosten nach CO2KostAufG zwischen Vermieter und Mietern aufzuteilen.{Vorgabe}',
  },
  {
    code: 'VAT_RATIO',
    severity: 'WARNING',
    when: 'Brutto zu netto passt zu keinem Steuersatz 19 %, 7 % oder 0 % (Toleranz 2 Cent oder 0,2 %). Quelle: §12 (1), (2) UStG (19 % und 7 %); 0 % für steuerfreie oder nicht steuerbare Leistungen.',
    path: '….amounts',
    message:
      'Bei {Stelle} passen Bruttobetrag {Betrag} und Nettobetrag {Betrag} zu keinem üblichen Umsatzsteuersatz (19 %, 7 % oder steuerfrei); sie ergeben {Satz} %. Bitte die Beträge prüfen.',
  },
  {
    code: 'DISTRIBUTION_RATIO',
    severity: 'WARNING/ERROR',
    when: 'Verteilungsschlüssel der Schablone: Summe ≠ 100 % oder Verbrauchsanteil unter 50 % (Fehler); über 70 % nur mit Vereinbarung nach HeizkostenV §10 (Warnung). Quelle: §7 (1), §8 (1) HeizkostenV (50–70 % nach Verbrauch); §10 HeizkostenV (mehr als 70 % nach Vereinbarung).',
    path: 'distributionratio.heating / hotwater (in der Schablone)',
    message:
      'Der vereinbarte Verteilungsschlüssel für {Art} ({Anteile}) verteilt weniger als 50 % nach Verbrauch; HeizkostenV {Paragraph} verlangt 50 bis 70 %. Bitte mit dem Messdienst klären.',
  },
  // Issue 20 item 4: the fields a real MSC needs besides (hot water, supply periods, tenant change, usage groups, …).
  ...HOTWATER_CATALOG,
  ...RECIPIENT_FLAGS_CATALOG,
];

export const RULE_CATALOG: readonly RuleEntry[] = [...FIRST_RULES, ...MISTAKE_RULES];

/** The template as a pattern: literal text, each `{…}` any text. */
export function messagePattern(template: string): RegExp {
  const parts = template.split(/\{[^}]*\}/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.*?')}$`, 's');
}

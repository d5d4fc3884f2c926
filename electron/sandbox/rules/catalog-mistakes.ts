/**
 * Catalog entries of the rules added for issue 20 item 3 (mistakes an outside review found slipping through), in
 * the form of ./catalog.ts; each `when` ends with the source of the rule ("Quelle: …"). The codes and their order
 * are MISTAKE_CODES (shared with the local pre-check); this file gives each exactly one entry.
 */
import { MISTAKE_CODES, type MistakeCode } from '@shared/domain/precheck/mistake-codes';
import type { RuleEntry } from '@main/sandbox/rules/catalog';

const DELIVERY = 'Lieferung Nr. {n} vom {Datum} für {Brennstoff}';

const ENTRIES: Record<MistakeCode, Omit<RuleEntry, 'code'>> = {
  STOCK_NEGATIVE: {
    severity: 'ERROR',
    when: 'Ein Anfangs- oder Endbestand mit negativer Menge. Quelle: HeizkostenV §7 Abs. 2: Verbrauch = Anfangsbestand + Lieferungen − Endbestand; ARGE B-Satz Felder 10–17.',
    path: 'energysources[i].openingstock.quantity / closingstock.quantity',
    message:
      'Der {Bestand} für {Brennstoff} ist mit {Menge} negativ. Ein Bestand kann nicht unter 0 liegen; bitte den Tankinhalt (Peilung oder Zählerstand) prüfen.',
  },
  PREPAYMENT_NEGATIVE: {
    severity: 'ERROR',
    when: 'Eine Vorauszahlung (Heizung, Warmwasser, Kaltwasser) unter 0. Quelle: ARGE M-Satz, Vorauszahlungen; BGB §556 Abs. 3.',
    path: 'billingrecipients[i].prepayments.heating / hotwater / coldwater.grossamount / netamount',
    message:
      'Die Vorauszahlung {Art} von {Nutzer} ist mit {Betrag} negativ. Gemeldet wird, was der Nutzer im Abrechnungszeitraum vorausgezahlt hat; Erstattungen ergeben sich erst aus der Abrechnung.',
  },
  CALORIFIC_VALUE_UNIT: {
    severity: 'ERROR',
    when: 'Ein Brennstoff in kWh mit Heizwert ≠ 1 oder in MWh mit Heizwert ≠ 1.000. Quelle: ARGE B-Satz Feld 9: kWh je Mengeneinheit.',
    path: 'energysources[i].calorificvalue',
    message:
      'Für {Brennstoff} ist der Heizwert {Wert} kWh je {Einheit} angegeben. Wird der Brennstoff in {Einheit} abgerechnet, ist der Heizwert immer {Wert}; ein anderer Wert verfälscht den Energieverbrauch.',
  },
  VAT_RATE_COSTTYPE: {
    severity: 'WARNING',
    when: 'Brutto und netto ergeben einen üblichen Steuersatz, der nicht zur Kostenart passt: Energie 19 % (Erdgas, Fern- und Nahwärme 7 % nur 10/2022–03/2024, bei Rechnungen bis 09/2024 oder per Leistungszeitraum), Trinkwasser (237, 240) 7 %, Abwasser und Gebühren (238, 239, 249) 0 %, Strom (220, 400) 19 %. Quelle: UStG §12 Abs. 1 und 2 Nr. 1 mit Anlage 2 Nr. 34, §28 Abs. 5; hoheitliche Gebühren nicht steuerbar, UStG §2b.',
    path: '….amounts',
    message:
      'Bei {Stelle} ergeben Brutto- und Nettobetrag {Satz} % Umsatzsteuer; für {Art} gelten {Sätze}. Bitte die Beträge prüfen.',
  },
  INVOICE_ZERO: {
    severity: 'WARNING',
    when: 'Eine Rechnung, deren Beträge alle 0,00 € sind. Quelle: ARGE K-Satz, Betrag.',
    path: '…invoices[i].amounts',
    message:
      'Die {Rechnung} lautet auf 0,00 €. Eine Rechnung ohne Betrag verteilt nichts; bitte den Betrag eintragen oder die Zeile entfernen.',
  },
  CREDIT_NOTE_UNCLEAR: {
    severity: 'WARNING',
    when: 'Ein negativer Betrag, der nicht als Gutschrift erkennbar ist: eine Lieferung, deren Betrag, Menge und CO2-Angaben verschiedene Vorzeichen haben, oder eine negative Rechnung ohne „Gutschrift“/„Erstattung“ o. ä. im Text und ohne negative Menge; Preisbremsen (901, 902, 910–912) ausgenommen. Quelle: ARGE B- und K-Satz, Vorzeichen der Beträge.',
    path: 'energysources[i].deliveries[j].amounts / …invoices[i].amounts',
    message:
      'Gutschrift? Die {Rechnung} ist negativ. Ist es eine Gutschrift oder Erstattung, bitte im Text vermerken (z. B. „Gutschrift Wasserwerk“); sonst das Vorzeichen prüfen.',
  },
  UNIT_PRICE_IMPLAUSIBLE: {
    severity: 'WARNING',
    when: 'Betrag ÷ Menge einer Lieferung liegt außerhalb der üblichen Preisspanne des Brennstoffs und seiner Einheit, z. B. Erdgas 0,02–0,50 €/kWh, Heizöl 0,30–2,50 €/l. Quelle: Spannen in shared/domain/precheck/prices.ts; Verbraucherpreise 2015–2025 mit Reserve; ARGE K-Satz Felder 10–12: Menge und Betrag der Lieferung (Kostenart 201).',
    path: 'energysources[i].deliveries[j].quantity',
    message: `Bei der ${DELIVERY} ergibt sich ein Preis von {Preis} € je {Einheit}; üblich sind {von} bis {bis} € je {Einheit}. Bitte Menge und Einheit prüfen (z. B. m³ statt kWh oder kg statt t erfasst).`,
  },
  CO2_PRICE_YEAR: {
    severity: 'WARNING',
    when: 'CO2-Kosten ÷ kg CO2 einer Lieferung (Heizöl, Erdgas, Flüssiggas, Kohle) trifft den BEHG-Preis keines Lieferjahres (2021 25 €, 2022/2023 30 €, 2024 45 €, 2025 55 €, 2026 55–65 € je t, netto oder mit 7 %/19 % USt, ± 2 %); Lieferjahre aus dem Leistungszeitraum, sonst Jahr des Rechnungsdatums und im ersten Halbjahr auch das Vorjahr. Quelle: BEHG §10 Abs. 2; CO2KostAufG §3.',
    path: 'energysources[i].deliveries[j].co2.costgross',
    message: `Bei der ${DELIVERY} ergeben die CO2-Kosten {Preis} € je Tonne CO2. Der CO2-Preis nach BEHG beträgt für {Jahre} {Preis} je Tonne (zuzüglich Umsatzsteuer). Bitte die CO2-Kosten auf der Rechnung prüfen (Preis eines anderen Jahres?).`,
  },
  PERSONS_ZERO: {
    severity: 'WARNING',
    when: 'Ein vermieteter Zeitraum (kein Leerstand) mit 0 für einen Personenschlüssel. Quelle: ARGE Tabelle E 034, 035; BGB §556a Abs. 1: Umlage nach dem vereinbarten Maßstab.',
    path: 'billingrecipients[i].allocations[k].value',
    message:
      'Bei {Nutzer} sind 0 Personen angegeben (Verteilerschlüssel {Schlüssel}), die Nutzeinheit ist aber vermietet. Dann trügen die übrigen Nutzer ihre Kosten; bitte die Personenzahl prüfen oder den Zeitraum als Leerstand melden.',
  },
  AREA_CHANGED: {
    severity: 'WARNING',
    when: 'Eine Nutzeinheit hat beim Nutzerwechsel eine andere Fläche (Tabelle E 010, 011, 017) als beim Nutzer davor. Quelle: HeizkostenV §7 Abs. 1, §9b: Grundkosten nach Fläche; ARGE M-Satz Felder 36–41.',
    path: 'billingrecipients[i].allocations[k].value',
    message:
      'In Nutzeinheit {Nutzeinheit} ändert sich die Fläche ({Schlüssel}) beim Nutzerwechsel von {Fläche} auf {Fläche} ({Nutzer}). Die Fläche einer Wohnung bleibt beim Wechsel gleich; bitte prüfen, welcher Wert stimmt.',
  },
  CO2_AREA_SUM: {
    severity: 'WARNING',
    when: 'Die Wohnfläche für die CO2-Aufteilung liegt mehr als 10 % über der Summe der Flächen der Nutzeinheiten oder mehr als 10 % unter deren Wohnanteil (Summe abzüglich gewerblichem Anteil); Flächen nach Schlüssel 010, sonst 011 oder 017, je Nutzeinheit einmal. Quelle: CO2KostAufG §5: CO2-Ausstoß je m² Wohnfläche bestimmt die Stufe.',
    path: 'co2configuration.heatedarea',
    message:
      'Die Wohnfläche für die CO2-Kostenaufteilung ({Fläche}) passt nicht zur Summe der Flächen der {Anzahl} Nutzeinheiten ({Fläche}, Verteilerschlüssel {Schlüssel}); erwartet sind {Fläche} bis {Fläche}. Bitte die Fläche prüfen.',
  },
  CO2_FACTOR_ZERO_MIX: {
    severity: 'WARNING',
    when: 'Eine Lieferung von Fern- oder Nahwärme (Tabelle B 142–148) mit Emissionsfaktor 0, deren Energiemix zu mindestens 10 % aus Braunkohle, Steinkohle, Öl oder Erdgas besteht. Quelle: CO2KostAufG §3: der Lieferant nennt Emissionsfaktor und CO2-Menge auf der Rechnung; ARGE Tabelle M (Energiemix einer Lieferung, V3.10).',
    path: 'energysources[i].deliveries[j].co2.emissionfactor',
    message: `Bei der ${DELIVERY} ist der Emissionsfaktor 0, der Energiemix besteht aber zu {Anteil} % aus Kohle, Öl oder Erdgas. Dann entsteht CO2; bitte den Emissionsfaktor des Versorgers eintragen.`,
  },
  PREPAYMENT_HIGH: {
    severity: 'WARNING',
    when: 'Die Vorauszahlungen eines Nutzers sind mehr als dreimal so hoch wie sein Anteil an den gemeldeten Kosten (Energieverbrauch und alle Rechnungen) nach Fläche × Nutzungstagen. Quelle: BGB §556 Abs. 2: Vorauszahlungen in angemessener Höhe; ARGE M-Satz, Vorauszahlungen.',
    path: 'billingrecipients[i].prepayments',
    message:
      'Die Vorauszahlungen von {Nutzer} betragen zusammen {Betrag}. Nach Fläche und Nutzungsdauer entfallen auf diesen Nutzer etwa {Betrag} der gemeldeten Kosten von {Betrag} – die Vorauszahlung ist mehr als {Faktor}-mal so hoch. Bitte prüfen (Jahres- statt Monatsbetrag, Komma verrutscht, Betrag des ganzen Hauses?).',
  },
};

/** In the order of MISTAKE_CODES, which docs/msc-rules.md and the demo MSC's rule list follow. */
export const MISTAKE_RULES: readonly (RuleEntry & { code: MistakeCode })[] = MISTAKE_CODES.map((code) => ({
  code,
  ...ENTRIES[code],
}));

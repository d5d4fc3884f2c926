/** Field tables of E835 (a user's share of §35a costs) and E898 (index of a user's PDF pages), ARGE 3.05. */
import { date, dec, eHead, table } from '@shared/arge/fields';

export const E835_RECORD = table('E835', 133, 'Anteil des Nutzers an steuerlichen Leistungsarten (§35a EStG)', [
  ...eHead('E835'),
  [7, 'costKey', 'Schlüssel Kostenart (Tabelle K)', 53, 3, 'N', 'M'],
  [8, 'costText', 'Bezeichnung der Kostenart (bei 228 und 242)', 56, 25, 'A-N', 'K'],
  [9, 'taxServiceType', 'Schlüssel steuerliche Leistungsart (Tabelle L)', 81, 2, 'N', 'M'],
  [10, 'invoiceTotalGross', 'Gesamtbetrag der Rechnung brutto', 83, 10, 'N', 'M', dec(2)],
  [11, 'userShareAmount', 'Anteil des Nutzers am Rechnungsbetrag', 93, 10, 'N', 'M', dec(2)],
  [12, 'userSharePercent', 'Anteil des Nutzers in Prozent', 103, 5, 'N', 'M', dec(2)],
  [13, 'laborTotal', 'im Rechnungsbetrag enthaltener Lohnanteil', 108, 10, 'N', 'M', dec(2)],
  [14, 'userLaborShare', 'Anteil des Nutzers am Lohnanteil', 118, 10, 'N', 'M', dec(2)],
  [15, 'lastDayOfUse', 'letzter Tag des Nutzungszeitraums', 128, 6, 'N', 'M', { ...date, since: '3.01' }],
]);

export const E898_RECORD = table('E898', 120, 'Index auf die Abrechnungsbilder des Nutzers', [
  ...eHead('E898'),
  [7, 'imagePath', 'Pfad der Bilddatei', 53, 56, 'A-N', 'M'],
  [8, 'imageSequence', 'Folgenummer der Bilddatei (Seitenzahl)', 109, 3, 'N', 'M'],
  [9, 'lastDayOfUse', 'letzter Tag des Nutzungszeitraums', 112, 6, 'N', 'M', date],
  [10, 'documentType', 'Dokumentart (HKA, BKA, VDA)', 118, 3, 'A-N', 'K', { since: '3.04' }],
]);

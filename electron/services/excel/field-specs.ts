/**
 * The fields an imported sheet can fill, with their types, limits and the header texts (German and
 * English) that name them. The mapping suggestion and both importers read from here.
 */
import type { InvoiceField, UsageUnitField } from '@shared/domain/excel';
import { FIELD_LABELS, REQUIRED_FIELD_GROUPS } from '@shared/domain/excel';
import type { FieldSpec } from '@main/services/excel/columns';

const spec = <F extends UsageUnitField | InvoiceField>(
  field: F,
  kind: FieldSpec<F>['kind'],
  synonyms: string[],
  extra: Partial<FieldSpec<F>> = {},
): FieldSpec<F> => ({ field, label: FIELD_LABELS[field], kind, synonyms, ...extra });

export const USAGE_UNIT_SPECS: readonly FieldSpec<UsageUnitField>[] = [
  spec(
    'residentialunitPmnumber',
    'text',
    [
      'Ordnungsbegriff',
      'OB',
      'Ordnungsbegriff Auftraggeber',
      'Mieteinheit',
      'Wohnungsnummer',
      'Wohnungs-Nr.',
      'WE-Nr.',
      'Einheit',
      'Objekt-Einheit',
      'order criterion',
      'unit id',
      'unit number',
    ],
    { maxLength: 20 },
  ),
  spec('billingunit', 'text', [
    'Liegenschaft',
    'Liegenschafts-Nr.',
    'Liegenschaftsnummer',
    'Abrechnungseinheit',
    'Objekt-Nr.',
    'Objektnummer',
    'Wirtschaftseinheit',
    'property',
    'property number',
    'billing unit',
  ]),
  spec('residentialunitMscnumber', 'text', [
    'Nutzer-Nr.',
    'Nutzernummer',
    'Nutzer-Nummer',
    'Nutzer Nr',
    'MD-Nutzer-Nr.',
    'Messdienst-Nr.',
    'user number',
    'msc number',
  ]),
  spec('description', 'text', ['Lage', 'Lagebeschreibung', 'Bezeichnung', 'Beschreibung', 'description', 'location'], {
    maxLength: 20,
  }),
  spec('validfrom', 'date', [
    'Einzug',
    'Einzugsdatum',
    'gültig ab',
    'ab',
    'Mietbeginn',
    'Vertragsbeginn',
    'Nutzungsbeginn',
    'valid from',
    'move-in',
    'move in date',
  ]),
  spec(
    'partnerPmnumber',
    'text',
    [
      'Partner-Nr.',
      'Partnernummer',
      'Mieter-Nr.',
      'Mieternummer',
      'Personen-Nr.',
      'Debitor',
      'Debitorennummer',
      'Vertragsnummer',
      'partner number',
      'tenant number',
      'tenant id',
    ],
    { maxLength: 20 },
  ),
  spec('name', 'text', ['Name', 'Nachname', 'Mieter', 'Nutzer', 'Nutzername', 'last name', 'surname', 'tenant'], {
    maxLength: 35,
  }),
  spec('firstname', 'text', ['Vorname', 'first name', 'given name'], { maxLength: 35 }),
  spec('floor', 'text', ['Geschoss', 'Etage', 'Stockwerk', 'Geschoß', 'floor', 'storey'], { maxLength: 10 }),
  spec('position', 'text', ['Position', 'Lage im Geschoss', 'Lage in Etage', 'Seite', 'position'], { maxLength: 20 }),
  spec('livingarea', 'area', ['Wohnfläche', 'Fläche', 'qm', 'm²', 'Wohnfläche m²', 'living area', 'area']),
  spec('persons', 'int', ['Personen', 'Personenzahl', 'Anzahl Personen', 'Pers.', 'persons', 'occupants'], { min: 0, max: 99 }),
  spec('meternumbers', 'text', [
    'Zählernummer',
    'Zählernummern',
    'Zähler-Nr.',
    'Zähler',
    'Gerätenummer',
    'meter number',
    'meter numbers',
    'meter',
  ]),
  spec('previousresidentialunitMscnumber', 'text', [
    'Vorherige Nutzer-Nr.',
    'alte Nutzer-Nr.',
    'Vornutzer-Nr.',
    'previous user number',
  ]),
  spec('note', 'text', ['Bemerkung', 'Bemerkungen', 'Hinweis', 'Notiz', 'Kommentar', 'note', 'comment', 'remarks'], {
    maxLength: 200,
  }),
];

export const INVOICE_SPECS: readonly FieldSpec<InvoiceField>[] = [
  spec('invoicedate', 'date', [
    'Datum',
    'Belegdatum',
    'Rechnungsdatum',
    'Buchungsdatum',
    'Leistungsdatum',
    'date',
    'invoice date',
    'posting date',
  ]),
  spec('grossamount', 'money', ['Brutto', 'Bruttobetrag', 'Betrag brutto', 'gross', 'gross amount']),
  spec('netamount', 'money', ['Netto', 'Nettobetrag', 'Betrag netto', 'net', 'net amount']),
  spec('amount', 'money', ['Betrag', 'Summe', 'Soll', 'Wert', 'amount', 'value']),
  spec('text', 'text', [
    'Text',
    'Buchungstext',
    'Beschreibung',
    'Verwendungszweck',
    'Bezeichnung',
    'description',
    'memo',
    'posting text',
  ]),
  spec('account', 'text', ['Konto', 'Sachkonto', 'Kontonummer', 'Konto-Nr.', 'Aufwandskonto', 'account', 'gl account']),
  spec('costtype', 'text', ['Kostenart', 'Kostenart-Nr.', 'KA', 'cost type']),
  spec('quantity', 'quantity', ['Menge', 'Anzahl', 'Liefermenge', 'quantity', 'qty']),
  spec('fuel', 'text', ['Brennstoff', 'Energieträger', 'fuel']),
  spec('taxservicetype', 'text', ['Leistungsart', '§35a', 'Leistungsart §35a', 'tax service type']),
  spec('laborgross', 'money', ['Lohnanteil', 'Lohnkosten', 'Arbeitskosten', 'Lohnanteil brutto', 'labour', 'labor']),
];

/** Field groups of which at least one needs a column (shared with the renderer's mapping step). */
export const USAGE_UNIT_REQUIRED = REQUIRED_FIELD_GROUPS['usage-units'];
export const INVOICE_REQUIRED = REQUIRED_FIELD_GROUPS.invoices;

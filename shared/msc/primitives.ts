/**
 * Field-level building blocks of the MSC contract (docs/msc-contract.md). Messages are German
 * because they reach a clerk; the failing field is named by the issue's path (see describeIssues).
 */
import { z } from 'zod';
import { isIsoDate } from '@shared/domain/dates';
import { echo } from '@shared/domain/echo';

export const IsoDate = z
  .string()
  .refine(isIsoDate, { message: 'muss ein Datum im ISO-Format JJJJ-MM-TT sein (z. B. 2025-12-31)' })
  .meta({ format: 'date', examples: ['2025-12-31'] });

export const IsoTimestamp = z.iso.datetime({
  offset: true,
  message: 'muss ein ISO-Zeitstempel sein (z. B. 2025-12-31T10:00:00Z)',
});

/** Money: decimal string with exactly two places, as bved sends amounts. */
export const MoneyString = z
  .string()
  .regex(/^-?\d{1,12}\.\d{2}$/, { message: 'muss ein Betrag mit genau zwei Nachkommastellen sein (z. B. 1234.56)' })
  .meta({ examples: ['1234.56'] });

/** Quantity: decimal string with exactly three places. */
export const QuantityString = z
  .string()
  .regex(/^-?\d{1,12}\.\d{3}$/, { message: 'muss eine Menge mit genau drei Nachkommastellen sein (z. B. 1500.000)' })
  .meta({ examples: ['1500.000'] });

/** Share in percent with one place, 0.0 to 100.0. */
export const ShareString = z
  .string()
  .regex(/^\d{1,3}\.\d$/, { message: 'muss ein Anteil in Prozent mit einer Nachkommastelle sein (z. B. 60.0)' })
  .refine((s) => Number.parseInt(s.replace('.', ''), 10) <= 1000, { message: 'darf höchstens 100.0 Prozent sein' })
  .meta({ examples: ['60.0'] });

/** Distribution value (m², persons, MEA, …): up to three places; negatives pass so the check can name them. */
export const AllocationValueString = z
  .string()
  .regex(/^-?\d{1,9}(\.\d{1,3})?$/, { message: 'muss eine Zahl mit höchstens drei Nachkommastellen sein (z. B. 75.5)' })
  .meta({ examples: ['75.5'] });

/** Area in m² with up to two places. */
export const AreaString = z
  .string()
  .regex(/^\d{1,6}(\.\d{1,2})?$/, { message: 'muss eine Fläche in m² mit höchstens zwei Nachkommastellen sein (z. B. 72.50)' })
  .meta({ examples: ['72.50'] });

export const EmissionFactorString = z
  .string()
  .regex(/^\d{1,4}(\.\d{1,6})?$/, { message: 'muss ein Emissionsfaktor in kg CO2 je Einheit sein (z. B. 0.201)' })
  .meta({ examples: ['0.201'] });

/** Liegenschaftsnummer of the MSC: 1–9 digits. */
export const BillingUnitNumber = z
  .string()
  .regex(/^\d{1,9}$/, { message: 'muss eine Liegenschaftsnummer aus 1 bis 9 Ziffern sein' })
  .meta({ examples: ['100200300'] });

/** MSC customer number: up to 10 digits. */
export const CustomerNumber = z
  .string()
  .regex(/^\d{1,10}$/, { message: 'muss eine Kundennummer aus 1 bis 10 Ziffern sein' })
  .meta({ examples: ['0000012345'] });

/** MSC usage unit number: 4 digits. */
export const ResidentialUnitMscNumber = z
  .string()
  .regex(/^\d{4}$/, { message: 'muss eine Nutzernummer aus genau 4 Ziffern sein' })
  .meta({ examples: ['0001'] });

/** The PM's order criterion (Ordnungsbegriff des Auftraggebers): 1–20 characters. */
export const PmNumber = z
  .string()
  .min(1, { message: 'darf nicht leer sein' })
  .max(20, { message: 'darf höchstens 20 Zeichen lang sein' })
  .meta({ examples: ['WE-0815/01'] });

export const Text = (max: number): z.ZodString =>
  z.string().max(max, { message: `darf höchstens ${String(max)} Zeichen lang sein` });

export const Amounts = z
  .object({
    grossamount: MoneyString.optional(),
    netamount: MoneyString.optional(),
  })
  .strict()
  .meta({ id: 'Amounts', description: "Gross and/or net amount, as the template's expectedvat demands." });
export type Amounts = z.infer<typeof Amounts>;

export const Address = z
  .object({
    street: Text(100),
    postalcode: z.string().regex(/^\d{5}$/, { message: 'muss eine fünfstellige Postleitzahl sein' }),
    city: Text(60),
  })
  .strict()
  .meta({ id: 'Address' });
export type Address = z.infer<typeof Address>;

const TYPE_NAMES: Readonly<Record<string, string>> = {
  string: 'ein Text',
  number: 'eine Zahl',
  int: 'eine ganze Zahl',
  boolean: 'true oder false',
  object: 'ein Objekt',
  array: 'eine Liste',
};

/**
 * German text for the issues our schemas carry no own message for (types, lengths, enums, unknown fields).
 * Installed as zod's global fallback below; a schema's own message and a per-parse map still take precedence.
 */
export function germanIssueMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'fehlt (Pflichtfeld)';
      return `muss ${TYPE_NAMES[issue.expected] ?? issue.expected} sein`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `muss ${String(issue.values[0])} sein`
        : `muss einer der Werte ${issue.values.map(String).join(', ')} sein`;
    case 'too_big': {
      const max = issue.maximum.toString();
      if (issue.origin === 'string') return `darf höchstens ${max} Zeichen lang sein`;
      if (issue.origin === 'array') return `darf höchstens ${max} Einträge enthalten`;
      return issue.inclusive === false ? `muss kleiner als ${max} sein` : `darf höchstens ${max} sein`;
    }
    case 'too_small': {
      const min = issue.minimum.toString();
      if (issue.origin === 'string') return min === '1' ? 'darf nicht leer sein' : `muss mindestens ${min} Zeichen lang sein`;
      if (issue.origin === 'array') return `muss mindestens ${min} Einträge enthalten`;
      return issue.inclusive === false ? `muss größer als ${min} sein` : `muss mindestens ${min} sein`;
    }
    case 'invalid_format':
      return 'hat nicht das erwartete Format';
    case 'unrecognized_keys':
      return `${issue.keys.length > 1 ? 'unbekannte Felder' : 'unbekanntes Feld'}: ${issue.keys.join(', ')}`;
    case 'invalid_union':
      return 'passt zu keiner der erlaubten Formen';
    default:
      return 'ist ungültig';
  }
}

z.config({ customError: germanIssueMessage });

/**
 * Formats zod issues as `field.path[0].x: message` lines, the way a clerk and a log both can read them.
 * An unknown field is reported under its own path, so the line names it like any other failing field.
 */
export function describeIssues(error: z.ZodError): string[] {
  return error.issues.flatMap((i) =>
    i.code === 'unrecognized_keys'
      ? i.keys.map((k) => `${formatPath([...i.path, k])}: ist kein Feld des Vertrags`)
      : [`${formatPath(i.path)}: ${i.message}`],
  );
}

/** JSON path in the contract's notation: `energysources[0].deliveries[1].energymix`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const seg of path) {
    // A key is as much the sender's input as a value (an unknown key of 10,000 characters), so it is cut too.
    if (typeof seg === 'number') out += `[${String(seg)}]`;
    else out += out === '' ? echo(String(seg)) : `.${echo(String(seg))}`;
  }
  return out === '' ? '(Wurzel)' : out;
}

import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { OverviewPage, OverviewQuery, SetupAccepted, SetupRequest, SetupStatus } from '@shared/msc/billing-unit-data';
import { ActionQuery, BillingPeriodList, CheckMessage, FilledTemplate, SendAccepted, Template } from '@shared/msc/billing-input';
import { Problem, TokenRequest, TokenResponse } from '@shared/msc/problem';
import { describeIssues, formatPath } from '@shared/msc/primitives';
import {
  billingPeriodListExample,
  checkMessagesExample,
  filledTemplateExample,
  overviewPageExample,
  problemExample,
  problemWithMessagesExample,
  sendAcceptedExample,
  setupAcceptedExample,
  setupRequestExample,
  setupStatusCompletedExample,
  setupStatusOpenExample,
  templateExample,
  tokenRequestExample,
  tokenResponseExample,
} from '@test/fixtures/msc-examples';

const EXAMPLES: readonly [string, z.ZodType, unknown][] = [
  ['SetupRequest', SetupRequest, setupRequestExample],
  ['SetupAccepted', SetupAccepted, setupAcceptedExample],
  ['SetupStatus OPEN', SetupStatus, setupStatusOpenExample],
  ['SetupStatus COMPLETED', SetupStatus, setupStatusCompletedExample],
  ['OverviewPage', OverviewPage, overviewPageExample],
  ['BillingPeriodList', BillingPeriodList, billingPeriodListExample],
  ['Template', Template, templateExample],
  ['FilledTemplate', FilledTemplate, filledTemplateExample],
  ['CheckMessage', CheckMessage, checkMessagesExample[0]],
  ['Problem with messages', Problem, problemWithMessagesExample],
  ['Problem', Problem, problemExample],
  ['SendAccepted', SendAccepted, sendAcceptedExample],
  ['TokenRequest', TokenRequest, tokenRequestExample],
  ['TokenResponse', TokenResponse, tokenResponseExample],
];

/** A deep copy of `base` changed by `change`; invalid values go in via Object.assign so the types stay honest. */
function variant<T>(base: T, change: (draft: T) => void): T {
  const copy = structuredClone(base);
  change(copy);
  return copy;
}

function issueLines(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('input was accepted');
  return describeIssues(result.error);
}

describe('contract examples', () => {
  it.each(EXAMPLES)('%s parses unchanged', (_name, schema, value) => {
    const result = schema.safeParse(value);
    expect(result.success ? [] : describeIssues(result.error)).toEqual([]);
    expect(result.data).toEqual(value);
  });

  it('every check message of the list parses', () => {
    for (const m of checkMessagesExample) expect(CheckMessage.safeParse(m).success).toBe(true);
  });
});

type BadCase = { name: string; schema: z.ZodType; input: unknown; line: string };

const unit = (i: number) => (d: SetupRequest) => d.residentialunits[i]!;

const BAD: readonly BadCase[] = [
  {
    name: 'order criterion over 20 characters',
    schema: SetupRequest,
    input: variant(setupRequestExample, (d) => (unit(0)(d).residentialunitPmnumber = '1047-01-001-WOHNUNG-EG')),
    line: 'residentialunits[0].residentialunitPmnumber: darf höchstens 20 Zeichen lang sein',
  },
  {
    name: 'duplicate order criterion',
    schema: SetupRequest,
    input: variant(setupRequestExample, (d) => (unit(3)(d).residentialunitPmnumber = '1047-01-002')),
    line: 'residentialunits[3].residentialunitPmnumber: Ordnungsbegriff „1047-01-002“ kommt doppelt vor (schon in Zeile 2)',
  },
  {
    name: 'unknown action',
    schema: ActionQuery,
    input: { action: 'CHECK' },
    line: 'action: muss VALIDATE, SEND oder SEND_AND_IGNORE_WARNINGS sein',
  },
  {
    name: 'money with three places',
    schema: FilledTemplate,
    input: variant(filledTemplateExample, (d) => (d.heatingsysteminvoices[0]!.amounts.grossamount = '12.345')),
    line: 'heatingsysteminvoices[0].amounts.grossamount: muss ein Betrag mit genau zwei Nachkommastellen sein (z. B. 1234.56)',
  },
  {
    name: 'money with a decimal comma',
    schema: FilledTemplate,
    input: variant(filledTemplateExample, (d) => (d.ancillaryinvoices[1]!.amounts.netamount = '12,34')),
    line: 'ancillaryinvoices[1].amounts.netamount: muss ein Betrag mit genau zwei Nachkommastellen sein',
  },
  {
    name: 'German date in an ISO field',
    schema: FilledTemplate,
    input: variant(filledTemplateExample, (d) => (d.heatingsysteminvoices[1]!.invoicedate = '31.12.2025')),
    line: 'heatingsysteminvoices[1].invoicedate: muss ein Datum im ISO-Format JJJJ-MM-TT sein',
  },
  {
    name: 'a day that does not exist',
    schema: Template,
    input: variant(templateExample, (d) => (d.billingperiod.from = '2025-02-30')),
    line: 'billingperiod.from: muss ein Datum im ISO-Format JJJJ-MM-TT sein',
  },
  {
    name: 'energy share over 100 %',
    schema: FilledTemplate,
    input: variant(filledTemplateExample, (d) => (d.energysources[1]!.deliveries[0]!.energymix![0]!.share = '100.1')),
    line: 'energysources[1].deliveries[0].energymix[0].share: darf höchstens 100.0 Prozent sein',
  },
  {
    name: 'unknown fuel code',
    schema: Template,
    input: variant(templateExample, (d) => (d.fuels[1]!.fuel = '999')),
    line: 'fuels[1].fuel: ist kein bekannter Code für Brennstoffe (Tabelle B) (erlaubt: 111,',
  },
  {
    name: 'unknown cost type',
    schema: FilledTemplate,
    input: variant(filledTemplateExample, (d) => (d.heatingsysteminvoices[0]!.cost.key = '999')),
    line: 'heatingsysteminvoices[0].cost.key: ist kein bekannter Code für Kostenarten (Tabelle K)',
  },
  {
    name: 'unknown distribution key',
    schema: FilledTemplate,
    input: variant(filledTemplateExample, (d) => (d.billingrecipients[0]!.allocations[2]!.key = '099')),
    line: 'billingrecipients[0].allocations[2].key: ist kein bekannter Code für Verteilerschlüssel (Tabelle E)',
  },
  {
    name: 'billing unit number with letters',
    schema: SetupRequest,
    input: variant(setupRequestExample, (d) => (d.billingunitMscnumber = '10020A300')),
    line: 'billingunitMscnumber: muss eine Liegenschaftsnummer aus 1 bis 9 Ziffern sein',
  },
  {
    name: 'billing unit number with 10 digits',
    schema: Template,
    input: variant(templateExample, (d) => (d.billingunitMscnumber = '1002003001')),
    line: 'billingunitMscnumber: muss eine Liegenschaftsnummer aus 1 bis 9 Ziffern sein',
  },
  {
    name: 'MSC unit number with 3 digits',
    schema: SetupStatus,
    input: variant(setupStatusCompletedExample, (d) => (d.matched![0]!.residentialunitMscnumber = '001')),
    line: 'matched[0].residentialunitMscnumber: muss eine Nutzernummer aus genau 4 Ziffern sein',
  },
  { name: 'limit 101', schema: OverviewQuery, input: { limit: '101' }, line: 'limit: darf höchstens 100 sein' },
  { name: 'offset -1', schema: OverviewQuery, input: { offset: '-1' }, line: 'offset: darf nicht negativ sein' },
  {
    name: 'unknown setup status',
    schema: OverviewPage,
    input: variant(overviewPageExample, (d) => Object.assign(d.billingunits[1]!, { setupstatus: 'DONE' })),
    line: 'billingunits[1].setupstatus: muss einer der Werte OPEN, IN_PROGRESS, COMPLETED sein',
  },
  {
    name: 'unknown field in a strict object',
    schema: SetupRequest,
    input: variant(setupRequestExample, (d) => Object.assign(unit(2)(d).auxiliarycriteria!, { colour: 'blau' })),
    line: 'residentialunits[2].auxiliarycriteria.colour: ist kein Feld des Vertrags',
  },
  {
    name: 'no usage units',
    schema: SetupRequest,
    input: variant(setupRequestExample, (d) => (d.residentialunits = [])),
    line: 'residentialunits: muss mindestens eine Nutzeinheit enthalten',
  },
  {
    name: 'quantity with two places',
    schema: FilledTemplate,
    input: variant(filledTemplateExample, (d) => (d.energysources[0]!.deliveries[0]!.quantity = '6000.00')),
    line: 'energysources[0].deliveries[0].quantity: muss eine Menge mit genau drei Nachkommastellen sein (z. B. 1500.000)',
  },
  {
    name: 'currency USD',
    schema: Template,
    input: variant(templateExample, (d) => Object.assign(d, { currency: 'USD' })),
    line: 'currency: muss EUR sein',
  },
  {
    name: 'missing required object',
    schema: Template,
    input: variant(templateExample, (d) => Reflect.deleteProperty(d, 'co2configuration')),
    line: 'co2configuration: fehlt (Pflichtfeld)',
  },
  {
    name: 'customer number with 11 digits',
    schema: SetupRequest,
    input: variant(setupRequestExample, (d) => (d.customerMscnumber = '00000123456')),
    line: 'customerMscnumber: muss eine Kundennummer aus 1 bis 10 Ziffern sein',
  },
  {
    name: 'four-digit postal code',
    schema: OverviewPage,
    input: variant(overviewPageExample, (d) => (d.billingunits[0]!.address.postalcode = '4109')),
    line: 'billingunits[0].address.postalcode: muss eine fünfstellige Postleitzahl sein',
  },
  {
    name: 'timestamp without time zone',
    schema: SetupStatus,
    input: variant(setupStatusOpenExample, (d) => (d.lastupdate = '2025-09-15T08:42:17')),
    line: 'lastupdate: muss ein ISO-Zeitstempel sein',
  },
  {
    name: 'unknown energy source',
    schema: FilledTemplate,
    input: variant(filledTemplateExample, (d) => (d.energysources[1]!.deliveries[0]!.energymix![1]!.source = '07')),
    line: 'energysources[1].deliveries[0].energymix[1].source: ist kein bekannter Code für Energieträger (Tabelle M)',
  },
  {
    name: 'unknown tax service type',
    schema: FilledTemplate,
    input: variant(filledTemplateExample, (d) => (d.heatingsysteminvoices[1]!.taxservicetype = '14')),
    line: 'heatingsysteminvoices[1].taxservicetype: ist kein bekannter Code für Leistungsarten §35a (Tabelle L)',
  },
  {
    name: 'persons as text',
    schema: SetupRequest,
    input: variant(setupRequestExample, (d) => Object.assign(unit(1)(d).auxiliarycriteria!, { persons: '3' })),
    line: 'residentialunits[1].auxiliarycriteria.persons: muss eine ganze Zahl sein',
  },
  {
    name: 'unknown unmatched reason',
    schema: SetupStatus,
    input: variant(setupStatusCompletedExample, (d) => Object.assign(d.unmatched![1]!, { reason: 'MISSING' })),
    line: 'unmatched[1].reason: muss einer der Werte NOT_FOUND, AMBIGUOUS sein',
  },
  {
    name: 'send not commissioned',
    schema: SendAccepted,
    input: { ...sendAcceptedExample, commissioned: false },
    line: 'commissioned: muss true sein',
  },
  {
    name: 'short message not a stable code',
    schema: CheckMessage,
    input: { ...checkMessagesExample[0], shortmessage: 'energymix sum' },
    line: 'shortmessage: muss ein stabiler Code in Großbuchstaben sein',
  },
  {
    name: 'token type mac',
    schema: TokenResponse,
    input: { ...tokenResponseExample, token_type: 'mac' },
    line: 'token_type: muss Bearer sein',
  },
  {
    name: 'fuel slot 3',
    schema: Template,
    input: variant(templateExample, (d) => (d.fuels[0]!.slot = 3)),
    line: 'fuels[0].slot: darf höchstens 2 sein',
  },
  {
    name: 'three energy sources',
    schema: FilledTemplate,
    input: variant(filledTemplateExample, (d) => d.energysources.push(structuredClone(d.energysources[1]!))),
    line: 'energysources: darf höchstens 2 Einträge enthalten',
  },
  {
    name: 'problem with status 200',
    schema: Problem,
    input: { ...problemExample, status: 200 },
    line: 'status: muss mindestens 400 sein',
  },
  {
    name: 'unknown VAT mode',
    schema: FilledTemplate,
    input: variant(filledTemplateExample, (d) => Object.assign(d, { expectedvat: 'BRUTTO' })),
    line: 'expectedvat: muss einer der Werte GROSS, NET, BOTH sein',
  },
  { name: 'body not an object', schema: SetupRequest, input: 'Lindenstraße 12', line: '(Wurzel): muss ein Objekt sein' },
  {
    name: 'negative living area',
    schema: SetupRequest,
    input: variant(setupRequestExample, (d) => (unit(1)(d).auxiliarycriteria!.livingarea = '-68.40')),
    line: 'residentialunits[1].auxiliarycriteria.livingarea: muss eine Fläche in m² mit höchstens zwei Nachkommastellen sein',
  },
];

describe('bad inputs are refused with a German message naming the field', () => {
  it('covers at least 20 distinct cases', () => {
    expect(new Set(BAD.map((c) => c.line)).size).toBeGreaterThanOrEqual(20);
  });

  it.each(BAD)('$name', ({ schema, input, line }) => {
    const lines = issueLines(schema, input);
    expect(lines, lines.join('\n')).toSatisfy((ls: string[]) => ls.some((l) => l.startsWith(line)));
  });

  it('no message is zod English', () => {
    const all = BAD.flatMap((c) => issueLines(c.schema, c.input));
    const messages = all.map((l) => l.slice(l.indexOf(': ') + 2));
    for (const m of messages) expect(m).not.toMatch(/Invalid|expected|received|Unrecognized|Too (big|small)/);
  });
});

describe('accepted edges', () => {
  it('shares 0.0 and 100.0, negative money, quantity 0.000', () => {
    const d = variant(filledTemplateExample, (f) => {
      f.energysources[1]!.deliveries[0]!.energymix = [
        { source: '04', share: '100.0' },
        { source: '06', share: '0.0' },
      ];
      f.heatingsysteminvoices[0]!.amounts = { grossamount: '-12.34', netamount: '-10.37' };
      f.energysources[0]!.closingstock!.quantity = '0.000';
    });
    expect(FilledTemplate.safeParse(d).success).toBe(true);
  });

  it('overview query coerces query strings and fills defaults', () => {
    expect(OverviewQuery.parse({})).toEqual({ offset: 0, limit: 100 });
    expect(OverviewQuery.parse({ offset: '200', limit: '1', status: 'COMPLETED' })).toEqual({
      offset: 200,
      limit: 1,
      status: 'COMPLETED',
    });
  });

  it.each(['VALIDATE', 'SEND', 'SEND_AND_IGNORE_WARNINGS'])('action %s', (action) => {
    expect(ActionQuery.parse({ action })).toEqual({ action });
  });

  it('lists every unknown field by its own path', () => {
    const input = variant(setupAcceptedExample, (d) => Object.assign(d, { status: 'x', extra: 1 }));
    expect(issueLines(SetupAccepted, input)).toEqual(['status: ist kein Feld des Vertrags', 'extra: ist kein Feld des Vertrags']);
  });
});

describe('formatPath', () => {
  it('writes the contract notation', () => {
    expect(formatPath(['energysources', 0, 'deliveries', 1, 'energymix'])).toBe('energysources[0].deliveries[1].energymix');
    expect(formatPath([3, 'x'])).toBe('[3].x');
    expect(formatPath([])).toBe('(Wurzel)');
  });
});

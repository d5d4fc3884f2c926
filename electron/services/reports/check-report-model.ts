/**
 * What both check reports (Excel and PDF) show, in the clerk's language: the facts of the check and its messages,
 * grouped by type.
 */
import type { CheckReportContext } from '@shared/domain/excel';
import type { CheckMessage, FilledTemplate, MessageType, Template } from '@shared/msc/billing-input';
import { describePlace } from '@shared/domain/check-place';
import { templateCellOf, type TemplateCell } from '@main/services/excel/template-cells';
import { co2Facts } from '@main/services/reports/check-report-co2';
import { modelFacts } from '@main/services/reports/check-report-figures';
import { reportText, type ReportLanguage, type ReportText } from '@main/services/reports/report-text';

export type CheckReportInput = {
  messages: readonly CheckMessage[];
  context: CheckReportContext;
  /** The submission the paths point into; without it the report names only the section. */
  submission?: FilledTemplate;
  template?: Template;
  /** A submission that accepted warnings: those warnings (from the test check run right before it). */
  acceptedWarnings?: readonly CheckMessage[];
  /** The clerk's language: the report's texts, places, numbers and dates; German by default. */
  language?: ReportLanguage;
};

export type ReportLine = {
  /** The MSC's code, shown small for support, never as the message. */
  code: string;
  type: MessageType;
  typeLabel: string;
  /** The MSC's text without the JSON path some messages carry; `about` says the place in words. */
  message: string;
  about: string;
  /** Where the value sits in the Erfassungsmappe exported for this template and submission, if it has a cell. */
  cell: TemplateCell | undefined;
  /** The cell in words: `Heizungsbetriebskosten, Zeile 2, Spalte J (Lohnanteil brutto €)`. */
  cellText: string | undefined;
};

export type ReportGroup = { type: MessageType; title: string; lines: ReportLine[] };

export type ReportModel = {
  title: string;
  heading: string;
  subject: string;
  footer: string;
  facts: [string, string][];
  summary: string;
  lines: ReportLine[];
  groups: ReportGroup[];
  /** The warnings a submission accepted; undefined when it accepted none. */
  accepted: ReportGroup | undefined;
  /** The words for what the PDF and the workbook add around the model (page numbers, column headings). */
  text: ReportText;
};

const ORDER: readonly MessageType[] = ['ERROR', 'WARNING', 'INFO'];

/**
 * The message without its technical place: schema messages start with the path (`energysources[0].slot: …`),
 * others name it in brackets. The report says the place in words beside it.
 */
export function withoutPath(message: string, path: string): string {
  if (path === '') return message;
  const text = message.startsWith(`${path}: `) ? message.slice(path.length + 2) : message;
  return text.split(` (${path})`).join('').split(`(${path})`).join('').trim();
}

export function reportModel(input: CheckReportInput): ReportModel {
  const { context: c } = input;
  const x = reportText(input.language);
  const count = (type: MessageType, n: number): string => x.r(`count.${type}`, { count: n });
  const line = (m: CheckMessage, typeLabel: string): ReportLine => {
    const cell = input.submission && input.template ? templateCellOf(m.path, input.template, input.submission) : undefined;
    return {
      code: m.shortmessage,
      type: m.type,
      typeLabel,
      message: x.message(m, withoutPath(m.message, m.path)),
      about: describePlace(m.path, x, input.submission, input.template),
      cell,
      cellText: cell ? x.r('cell', { ...cell }) : undefined,
    };
  };
  const lines = ORDER.flatMap((type) =>
    input.messages.filter((m) => m.type === type).map((m) => line(m, x.archive(`messages.type.${type}`))),
  );
  const acceptedLines = (input.acceptedWarnings ?? []).map((m) => line(m, x.r('accepted.label')));
  const accepted =
    acceptedLines.length > 0
      ? { type: 'WARNING' as const, title: x.r('accepted.group', { count: acceptedLines.length }), lines: acceptedLines }
      : undefined;
  const groups = ORDER.map((type) => {
    const of = lines.filter((l) => l.type === type);
    return { type, title: x.archive(`messages.group.${type}`, { count: of.length }), lines: of };
  }).filter((g) => g.lines.length > 0);
  const n = (t: MessageType): number => lines.filter((l) => l.type === t).length;
  const summary =
    lines.length === 0
      ? acceptedLines.length === 0
        ? x.r('summary.none')
        : x.r('summary.acceptedOnly', { warnings: count('WARNING', acceptedLines.length) })
      : x.r('summary.counts', {
          errors: count('ERROR', n('ERROR')),
          warnings: count('WARNING', n('WARNING')),
          notes: count('INFO', n('INFO')),
        });
  const facts: [string, string][] = [
    [x.r('fact.unit'), c.billingunit],
    [x.r('fact.period'), x.range(c.period.from, c.period.to)],
    [x.r('fact.checkedAt'), x.timestamp(c.checkedAt)],
    [x.r('fact.action'), x.r(`action.${c.action}`)],
  ];
  if (c.transactionid !== undefined) facts.push([x.r('fact.transaction'), c.transactionid]);
  facts.push([x.r('fact.result'), summary]);
  if (accepted) facts.push([x.r('accepted.title'), count('WARNING', acceptedLines.length)]);
  facts.push(...co2Facts(input.submission, input.template, x));
  facts.push(...modelFacts(input.submission, input.template, x));
  const to = x.format.date(c.period.to);
  return {
    title: x.r('title', { unit: c.billingunit }),
    heading: x.r('heading'),
    subject: x.r('subject', { to }),
    footer: x.r('footer', { title: x.r('title', { unit: c.billingunit }), to }),
    facts,
    summary,
    lines,
    groups,
    accepted,
    text: x,
  };
}

/** The report's file name, `Prüfbericht 100200300 bis 2025-12-31` / `Check report 100200300 to 2025-12-31`. */
export function reportFileName(billingunit: string, periodTo: string, language?: ReportLanguage): string {
  return reportText(language).r('fileName', { unit: billingunit, to: periodTo });
}

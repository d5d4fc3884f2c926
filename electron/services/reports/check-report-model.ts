/** What both check reports (Excel and PDF) show: the facts of the check and its messages, grouped by type. */
import { formatGermanDateTime } from '@shared/domain/dates';
import { formatGermanDate } from '@shared/domain/dates';
import type { CheckReportContext } from '@shared/domain/excel';
import type { CheckMessage, FilledTemplate, MessageType, Template } from '@shared/msc/billing-input';
import { describeCheckPath } from '@shared/domain/check-path';
import { templateCellOf, type TemplateCell } from '@main/services/excel/template-cells';
import { co2Facts } from '@main/services/reports/check-report-co2';
import { modelFacts } from '@main/services/reports/check-report-figures';

export type CheckReportInput = {
  messages: readonly CheckMessage[];
  context: CheckReportContext;
  /** The submission the paths point into; without it the report names only the section. */
  submission?: FilledTemplate;
  template?: Template;
  /** A submission that accepted warnings: those warnings (from the test check run right before it). */
  acceptedWarnings?: readonly CheckMessage[];
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
};

export type ReportGroup = { type: MessageType; title: string; lines: ReportLine[] };

export type ReportModel = {
  title: string;
  facts: [string, string][];
  summary: string;
  lines: ReportLine[];
  groups: ReportGroup[];
  /** The warnings a submission accepted; undefined when it accepted none. */
  accepted: ReportGroup | undefined;
};

const TYPE_LABEL: Record<MessageType, string> = { ERROR: 'Fehler', WARNING: 'Warnung', INFO: 'Hinweis' };
const GROUP_TITLE: Record<MessageType, string> = { ERROR: 'Fehler', WARNING: 'Warnungen', INFO: 'Hinweise' };
const ORDER: readonly MessageType[] = ['ERROR', 'WARNING', 'INFO'];
export const ACCEPTED_TITLE = 'Akzeptierte Warnungen';
export const ACCEPTED_LABEL = 'Akzeptierte Warnung';

const ACTION_LABEL = {
  VALIDATE: 'Testprüfung (nichts übermittelt)',
  SEND: 'Verbindliche Übermittlung',
  SEND_AND_IGNORE_WARNINGS: 'Verbindliche Übermittlung, Warnungen übergangen',
} as const;

/** `12.03.2026, 14:05 Uhr` in German local time. */
export function germanTimestamp(iso: string): string {
  return `${formatGermanDateTime(iso)} Uhr`;
}

/**
 * The message without its technical place: schema messages start with the path (`energysources[0].slot: …`),
 * others name it in brackets. The report says the place in words beside it.
 */
export function withoutPath(message: string, path: string): string {
  if (path === '') return message;
  const text = message.startsWith(`${path}: `) ? message.slice(path.length + 2) : message;
  return text.split(` (${path})`).join('').split(`(${path})`).join('').trim();
}

function counted(n: number, one: string, many: string): string {
  return `${String(n)} ${n === 1 ? one : many}`;
}

export function reportModel(input: CheckReportInput): ReportModel {
  const { context: c } = input;
  const line = (m: CheckMessage, typeLabel: string): ReportLine => ({
    code: m.shortmessage,
    type: m.type,
    typeLabel,
    message: withoutPath(m.message, m.path),
    about: describeCheckPath(m.path, input.submission, input.template),
    cell: input.submission && input.template ? templateCellOf(m.path, input.template, input.submission) : undefined,
  });
  const lines = ORDER.flatMap((type) => input.messages.filter((m) => m.type === type).map((m) => line(m, TYPE_LABEL[type])));
  const acceptedLines = (input.acceptedWarnings ?? []).map((m) => line(m, ACCEPTED_LABEL));
  const accepted =
    acceptedLines.length > 0 ? { type: 'WARNING' as const, title: ACCEPTED_TITLE, lines: acceptedLines } : undefined;
  const groups = ORDER.map((type) => ({ type, title: GROUP_TITLE[type], lines: lines.filter((l) => l.type === type) })).filter(
    (g) => g.lines.length > 0,
  );
  const n = (t: MessageType): number => lines.filter((l) => l.type === t).length;
  const summary =
    lines.length === 0
      ? acceptedLines.length === 0
        ? 'Keine Meldungen: die Prüfung war ohne Befund.'
        : `Keine offenen Meldungen; ${counted(acceptedLines.length, 'Warnung', 'Warnungen')} bei der Übermittlung akzeptiert.`
      : `${counted(n('ERROR'), 'Fehler', 'Fehler')}, ${counted(n('WARNING'), 'Warnung', 'Warnungen')}, ${counted(n('INFO'), 'Hinweis', 'Hinweise')}`;
  const facts: [string, string][] = [
    ['Liegenschaft', c.billingunit],
    ['Abrechnungszeitraum', `${formatGermanDate(c.period.from)} – ${formatGermanDate(c.period.to)}`],
    ['Geprüft am', germanTimestamp(c.checkedAt)],
    ['Art der Prüfung', ACTION_LABEL[c.action]],
  ];
  if (c.transactionid !== undefined) facts.push(['Transaktions-ID', c.transactionid]);
  facts.push(['Ergebnis', summary]);
  if (accepted) facts.push([ACCEPTED_TITLE, counted(acceptedLines.length, 'Warnung', 'Warnungen')]);
  facts.push(...co2Facts(input.submission, input.template));
  facts.push(...modelFacts(input.submission, input.template));
  return { title: `Prüfbericht Liegenschaft ${c.billingunit}`, facts, summary, lines, groups, accepted };
}

/**
 * The dates a clerk works towards for one billing period (docs/deadlines.md): the MSC's deadline for the
 * submission, the result date the MSC expects, the statutory deadline for the tenants' operating-cost statements
 * (§556 (3) BGB: twelve months after the period's end) and the monthly cut-off for tenant changes (On-Site-Roles).
 * Pure date arithmetic on ISO calendar dates; no clock inside: `today` is always passed in.
 */
import { daysBetween, isIsoDate } from '@shared/domain/dates';

/** How close a deadline is: `passed` after its day, `today` on it, `soon`/`near` inside the thresholds. */
export type Urgency = 'passed' | 'today' | 'soon' | 'near' | 'later' | 'unknown';

/** Days before a deadline at which it is flagged, per kind of deadline (docs/deadlines.md). */
export const THRESHOLDS = {
  /** The MSC's submission deadline: a submission needs a day's work and a test check. */
  submission: { soon: 14, near: 30 },
  /** The tenants' statements wait for the MSC's result, so they are flagged months ahead. */
  statement: { soon: 30, near: 90 },
  /** The tenant-change cut-off comes every month. */
  cutoff: { soon: 3, near: 7 },
} as const;
export type DeadlineKind = keyof typeof THRESHOLDS;

const ymd = (iso: string) => iso.split('-').map(Number) as [number, number, number];
const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const lastDayOf = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const isoOf = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;

/** `iso` plus `months` calendar months; a day the target month lacks becomes its last day (31.01. + 1 → 28./29.02.). */
export function addMonths(iso: string, months: number): string {
  const [y, m, d] = ymd(iso);
  const index = y * 12 + (m - 1) + months;
  const ty = Math.floor(index / 12);
  const tm = (index % 12) + 1;
  return isoOf(ty, tm, Math.min(d, lastDayOf(ty, tm)));
}

/**
 * The last day the tenants' statements for a period ending on `periodTo` may reach them (§556 (3) sentence 2 BGB):
 * the end of the twelfth month after the period's end. A period ending on the last day of a month ends its deadline
 * on the last day of the month twelve months later (30.06.2025 → 30.06.2026; 29.02.2024 → 28.02.2025).
 */
export function statementDeadline(periodTo: string): string {
  const [y, m, d] = ymd(periodTo);
  if (d === lastDayOf(y, m)) {
    const [ty, tm] = ymd(addMonths(isoOf(y, m, 1), 12));
    return isoOf(ty, tm, lastDayOf(ty, tm));
  }
  return addMonths(periodTo, 12);
}

/**
 * The next monthly cut-off for tenant changes on or after `today`: the MSC takes changes delivered by day `day` of a
 * month into that month's processing. A day the month lacks (31 in April) is the month's last day.
 */
export function nextCutoff(today: string, day: number): string {
  const [y, m, d] = ymd(today);
  const thisMonth = Math.min(day, lastDayOf(y, m));
  if (d <= thisMonth) return isoOf(y, m, thisMonth);
  const [ny, nm] = ymd(addMonths(isoOf(y, m, 1), 1));
  return isoOf(ny, nm, Math.min(day, lastDayOf(ny, nm)));
}

export type DeadlineState = { date: string | undefined; days: number | undefined; urgency: Urgency };

/** Where `date` stands from `today`, flagged by the thresholds of its kind; an absent date is `unknown`. */
export function deadlineState(kind: DeadlineKind, date: string | undefined, today: string): DeadlineState {
  if (date === undefined || !isIsoDate(date)) return { date: undefined, days: undefined, urgency: 'unknown' };
  const days = daysBetween(today, date);
  const t = THRESHOLDS[kind];
  const urgency: Urgency =
    days < 0 ? 'passed' : days === 0 ? 'today' : days <= t.soon ? 'soon' : days <= t.near ? 'near' : 'later';
  return { date, days, urgency };
}

export type PeriodDeadlines = {
  submission: DeadlineState;
  /** When the MSC expects to deliver the result; `unknown` when it does not say. */
  expectedResult: DeadlineState;
  statement: DeadlineState;
};

export type PeriodDates = {
  to: string;
  status: 'OPEN' | 'COMMISSIONED' | 'BILLED';
  deadline?: string | undefined;
  expectedResult?: string | undefined;
};

/**
 * The deadlines of one period. Once submitted, the MSC's deadline is met and no longer flagged; once billed, the
 * expected result date has come. The statement deadline holds in every state (the statements go out after billing).
 */
export function periodDeadlines(period: PeriodDates, today: string): PeriodDeadlines {
  const open = period.status === 'OPEN';
  const submission = deadlineState('submission', period.deadline, today);
  const expected = deadlineState('submission', period.expectedResult, today);
  return {
    submission: open ? submission : { ...submission, urgency: submission.date ? 'later' : 'unknown' },
    expectedResult: period.status === 'BILLED' ? { ...expected, urgency: expected.date ? 'later' : 'unknown' } : expected,
    statement: deadlineState('statement', statementDeadline(period.to), today),
  };
}

/** Today's calendar date where the clerk is (the machine's local day), as ISO. */
export function localToday(now: Date = new Date()): string {
  return isoOf(now.getFullYear(), now.getMonth() + 1, now.getDate());
}

/**
 * The binding SEND, which must commission a billing exactly once. When the reply is lost (timeout,
 * reset, a 5xx that may come from a gateway after the MSC already acted), we do not guess: we read
 * the period's status and `lastsubmission` first.
 *   - commissioned since we started → report that submission as ours;
 *   - still open after a gateway's 500/502/503 → the SEND did not reach the MSC: try exactly once more;
 *   - still open after a timeout, a reset, a 504 or an unreadable 2xx → the request may still arrive (a proxy may
 *     hold it) or the MSC's status lags behind its acceptance:
 *     "outcome unknown", and the caller reconciles by reading the period again later;
 *   - status unreadable             → "outcome unknown" as well.
 * Never twice, never silently not at all, and never "not commissioned" while the request may still arrive.
 */
import { AppErrorException, appError, toAppError } from '@shared/domain/app-error';
import type { AppError } from '@shared/domain/app-error';
import type { BillingPeriod } from '@shared/msc/billing-input';
import type { ReceivedCheckMessage } from '@shared/msc/problem';
import { TransportFailure, replyError } from '@main/services/msc-client/errors';
import type { Clock, HttpReply } from '@main/services/msc-client/http';

export type SendOutcome =
  /** `confirmedBy: 'status'` when the reply was lost and the period's lastsubmission told us. */
  | { status: 'commissioned'; transactionid: string; confirmedBy: 'reply' | 'status' }
  | { status: 'rejected'; messages: ReceivedCheckMessage[] }
  | { status: 'already-commissioned'; transactionid?: string };

export const SEND_OUTCOME_UNKNOWN = 'unknown';
/** A lastsubmission this much older than our start may still be ours: the MSC's clock is not ours. */
export const CLOCK_SKEW_MS = 60_000;

export type SendSafelyDeps = {
  /** One POST with retry policy `never`. */
  post: () => Promise<HttpReply>;
  /** Meaning of a definite (non-5xx) reply; throws for errors. */
  interpret: (reply: HttpReply) => SendOutcome;
  readPeriod: () => Promise<BillingPeriod | undefined>;
  clock: Clock;
  /** German noun phrase naming the submission, e.g. „Verbindliche Übermittlung (Liegenschaft 1, Zeitraum bis 2025-12-31)“. */
  what: string;
};

/**
 * `inFlight`: the request may still reach the MSC or already did (no reply at all, a gateway that gave up waiting, an
 * acceptance whose body was lost): it must not be sent again.
 */
type Attempt = { done: SendOutcome } | { lost: AppErrorException; inFlight: boolean };
type Learned =
  | { state: 'commissioned'; transactionid: string }
  | { state: 'earlier'; transactionid?: string }
  | { state: 'open' }
  | { state: 'unknown'; reason: string };
export type PeriodVerdict = Exclude<Learned, { state: 'unknown' }>;

const LOST_FAILURES = new Set(['timeout', 'reset', 'other']);

async function attempt(deps: SendSafelyDeps): Promise<Attempt> {
  let reply: HttpReply;
  try {
    reply = await deps.post();
  } catch (e) {
    if (e instanceof TransportFailure && LOST_FAILURES.has(e.failure)) return { lost: e, inFlight: true };
    throw e;
  }
  if (reply.status >= 500 && reply.status !== 501) return { lost: replyError(reply, deps.what), inFlight: reply.status === 504 };
  try {
    return { done: deps.interpret(reply) };
  } catch (e) {
    // A 2xx whose body cannot be read (cut short on the way) still means the MSC commissioned the billing: the
    // transaction id is learned from the period's status, and sending again would only be refused.
    if (reply.status >= 200 && reply.status <= 299 && e instanceof AppErrorException) return { lost: e, inFlight: true };
    throw e;
  }
}

async function learn(deps: SendSafelyDeps, startedAt: number): Promise<Learned> {
  let period: BillingPeriod | undefined;
  try {
    period = await deps.readPeriod();
  } catch (e) {
    return { state: 'unknown', reason: toAppError(e).message };
  }
  if (period === undefined) return { state: 'unknown', reason: 'Der Abrechnungszeitraum fehlt in der Liste des Messdienstes.' };
  return periodVerdict(period, startedAt);
}

/**
 * What a period's status says about a SEND started at `startedAt`: still open, commissioned by it (a
 * lastsubmission since then), or commissioned by an earlier submission. Also read when reconciling later.
 */
export function periodVerdict(period: BillingPeriod, startedAt: number): PeriodVerdict {
  if (period.status === 'OPEN') return { state: 'open' };
  const last = period.lastsubmission;
  if (last && Date.parse(last.at) >= startedAt - CLOCK_SKEW_MS)
    return { state: 'commissioned', transactionid: last.transactionid };
  return last ? { state: 'earlier', transactionid: last.transactionid } : { state: 'earlier' };
}

function unknownOutcome(deps: SendSafelyDeps, lost: AppError, reason: string, startedAt: number): AppErrorException {
  const error = appError(
    lost.code,
    `${deps.what}: Ob die Abrechnung beim Messdienst beauftragt wurde, ist noch UNBEKANNT. ${lost.message} ` +
      `${reason} Kostenbrücke fragt den Status des Abrechnungszeitraums in den nächsten Minuten selbst erneut ab und ` +
      'meldet das Ergebnis. Bitte senden Sie bis dahin nicht erneut.',
    { outcome: SEND_OUTCOME_UNKNOWN, attemptStartedAt: new Date(startedAt).toISOString(), lost, statusCheck: reason },
  );
  error.appError.key = 'send.outcomeUnknown';
  return error;
}

const STILL_OPEN = 'Der Zeitraum ist beim Messdienst noch offen, die Übertragung kann aber noch ankommen.';

function fromLearned(learned: Learned): SendOutcome | undefined {
  if (learned.state === 'commissioned') {
    return { status: 'commissioned', transactionid: learned.transactionid, confirmedBy: 'status' };
  }
  if (learned.state === 'earlier') {
    return learned.transactionid === undefined
      ? { status: 'already-commissioned' }
      : { status: 'already-commissioned', transactionid: learned.transactionid };
  }
  return undefined;
}

export async function sendSafely(deps: SendSafelyDeps): Promise<SendOutcome> {
  const startedAt = deps.clock.now();
  const first = await attempt(deps);
  if ('done' in first) return first.done;

  const learned = await learn(deps, startedAt);
  const known = fromLearned(learned);
  if (known) return known;
  if (learned.state === 'unknown') throw unknownOutcome(deps, first.lost.appError, unreadable(learned.reason), startedAt);
  // The request may still arrive: a second SEND would only invite a double submission; the caller reconciles.
  if (first.inFlight) throw unknownOutcome(deps, first.lost.appError, STILL_OPEN, startedAt);

  // A gateway refused it and the period is still open: the SEND did not reach the MSC. Exactly one more try.
  const second = await attempt(deps);
  if ('done' in second) {
    if (second.done.status !== 'already-commissioned') return second.done;
    // A 409 here may be our first SEND, which the MSC finished only after we looked.
    return fromLearned(await learn(deps, startedAt)) ?? second.done;
  }
  const again = await learn(deps, startedAt);
  const knownAgain = fromLearned(again);
  if (knownAgain) return knownAgain;
  throw unknownOutcome(deps, second.lost.appError, again.state === 'unknown' ? unreadable(again.reason) : STILL_OPEN, startedAt);
}

const unreadable = (reason: string) => `Der Status des Abrechnungszeitraums ließ sich nicht abfragen (${reason}).`;

/** True for the error that asks the clerk to check the period before sending again. */
export function isSendOutcomeUnknown(error: AppError): boolean {
  const details = error.details as { outcome?: unknown } | undefined;
  return details?.outcome === SEND_OUTCOME_UNKNOWN;
}

/**
 * The binding SEND, which must commission a billing exactly once. When the reply is lost (timeout,
 * reset, a 5xx that may come from a gateway after the MSC already acted), we do not guess: we read
 * the period's status and `lastsubmission` first.
 *   - commissioned since we started → report that submission as ours;
 *   - still open                    → the SEND did not take effect: try exactly once more;
 *   - status unreadable             → an explicit "outcome unknown" error; the clerk checks before retrying.
 * Never twice, never silently not at all.
 */
import { appError, toAppError } from '@shared/domain/app-error';
import type { AppError, AppErrorException } from '@shared/domain/app-error';
import type { BillingPeriod, CheckMessage } from '@shared/msc/billing-input';
import { TransportFailure, replyError } from '@main/services/msc-client/errors';
import type { Clock, HttpReply } from '@main/services/msc-client/http';

export type SendOutcome =
  /** `confirmedBy: 'status'` when the reply was lost and the period's lastsubmission told us. */
  | { status: 'commissioned'; transactionid: string; confirmedBy: 'reply' | 'status' }
  | { status: 'rejected'; messages: CheckMessage[] }
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

type Attempt = { done: SendOutcome } | { lost: AppErrorException };
type Learned =
  | { state: 'commissioned'; transactionid: string }
  | { state: 'earlier'; transactionid?: string }
  | { state: 'open' }
  | { state: 'unknown'; reason: string };

const LOST_FAILURES = new Set(['timeout', 'reset', 'other']);

async function attempt(deps: SendSafelyDeps): Promise<Attempt> {
  let reply: HttpReply;
  try {
    reply = await deps.post();
  } catch (e) {
    if (e instanceof TransportFailure && LOST_FAILURES.has(e.failure)) return { lost: e };
    throw e;
  }
  if (reply.status >= 500 && reply.status !== 501) return { lost: replyError(reply, deps.what) };
  return { done: deps.interpret(reply) };
}

async function learn(deps: SendSafelyDeps, startedAt: number): Promise<Learned> {
  let period: BillingPeriod | undefined;
  try {
    period = await deps.readPeriod();
  } catch (e) {
    return { state: 'unknown', reason: toAppError(e).message };
  }
  if (period === undefined) return { state: 'unknown', reason: 'Der Abrechnungszeitraum fehlt in der Liste des Messdienstes.' };
  if (period.status === 'OPEN') return { state: 'open' };
  const last = period.lastsubmission;
  if (last && Date.parse(last.at) >= startedAt - CLOCK_SKEW_MS)
    return { state: 'commissioned', transactionid: last.transactionid };
  return last ? { state: 'earlier', transactionid: last.transactionid } : { state: 'earlier' };
}

function unknownOutcome(deps: SendSafelyDeps, lost: AppError, reason: string, startedAt: number): AppErrorException {
  return appError(
    lost.code,
    `${deps.what}: Ob die Abrechnung beim Messdienst beauftragt wurde, ist UNBEKANNT. ${lost.message} ` +
      `Der Status des Abrechnungszeitraums ließ sich danach nicht abfragen (${reason}). ` +
      'Bitte prüfen Sie den Status (Abrechnungszeiträume neu laden oder beim Messdienst nachfragen), bevor Sie erneut senden – ' +
      'sonst könnte die Abrechnung doppelt beauftragt werden.',
    { outcome: SEND_OUTCOME_UNKNOWN, attemptStartedAt: new Date(startedAt).toISOString(), lost, statusCheck: reason },
  );
}

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
  if (learned.state === 'unknown') throw unknownOutcome(deps, first.lost.appError, learned.reason, startedAt);

  // The period is still open, so the lost SEND did not commission anything: exactly one more try.
  const second = await attempt(deps);
  if ('done' in second) {
    if (second.done.status !== 'already-commissioned') return second.done;
    // A 409 here may be our first SEND, which the MSC finished only after we looked.
    return fromLearned(await learn(deps, startedAt)) ?? second.done;
  }
  const again = await learn(deps, startedAt);
  const knownAgain = fromLearned(again);
  if (knownAgain) return knownAgain;
  if (again.state === 'unknown') throw unknownOutcome(deps, second.lost.appError, again.reason, startedAt);
  throw appError(
    second.lost.appError.code,
    `${deps.what}: Die Abrechnung wurde NICHT beauftragt – die Übertragung ist zweimal gescheitert und der Zeitraum ist weiterhin offen. ` +
      `${second.lost.message} Bitte später erneut senden.`,
    { outcome: 'not-commissioned', lost: second.lost.appError },
  );
}

/** True for the error that asks the clerk to check the period before sending again. */
export function isSendOutcomeUnknown(error: AppError): boolean {
  const details = error.details as { outcome?: unknown } | undefined;
  return details?.outcome === SEND_OUTCOME_UNKNOWN;
}

/**
 * The binding SEND, which must commission a billing exactly once. Right before it, the period's status is read: its
 * `lastsubmission` then is what any later one is told apart from (see periodVerdict). When the reply is lost
 * (timeout, reset, a 5xx that may come from a gateway after the MSC already acted), we do not guess: we read
 * the period's status and `lastsubmission` first.
 *   - commissioned by a submission other than the one before → report that submission as ours;
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
import type { WrittenFile } from '@shared/arge/written-file';
import { TransportFailure, replyError } from '@main/services/msc-client/errors';
import type { Clock, HttpReply } from '@main/services/msc-client/http';

export type SendOutcome =
  /** `confirmedBy: 'status'` when the reply was lost and the period's lastsubmission told us. */
  | {
      status: 'commissioned';
      transactionid: string;
      confirmedBy: 'reply' | 'status';
      /** The ARGE files a file-exchange connection wrote instead of sending (docs/arge.md). */
      files?: WrittenFile[];
    }
  | { status: 'rejected'; messages: ReceivedCheckMessage[] }
  | { status: 'already-commissioned'; transactionid?: string };

export const SEND_OUTCOME_UNKNOWN = 'unknown';
/** Only for SENDs recorded without a baseline (by an older version): a lastsubmission this much older may be ours. */
export const CLOCK_SKEW_MS = 60_000;

/**
 * What the period showed right before our SEND: the transaction id of its lastsubmission then, null for none. A
 * SEND that left no baseline (recorded by an older version) has `startedAt`, our wall-clock time when it started.
 */
export type SendBaseline = { lastSubmissionBefore: string | null } | { startedAt: number };

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

async function learn(deps: SendSafelyDeps, baseline: SendBaseline): Promise<Learned> {
  let period: BillingPeriod | undefined;
  try {
    period = await deps.readPeriod();
  } catch (e) {
    return { state: 'unknown', reason: toAppError(e).message };
  }
  if (period === undefined) return { state: 'unknown', reason: 'Der Abrechnungszeitraum fehlt in der Liste des Messdienstes.' };
  return periodVerdict(period, baseline);
}

/**
 * What a period's status says about our SEND: still open, commissioned by it, or commissioned by an earlier
 * submission. Also read when reconciling later, after a restart too.
 *
 * The rule compares transaction ids, not times: a commissioned period whose lastsubmission is not the one it had
 * right before our SEND was commissioned since then, and within this app nothing but our SEND can have done that
 * (a second submission of the period is refused while ours is unclear). Comparing `lastsubmission.at` with our start
 * would trust two clocks, ours and the MSC's: set ours back an hour and a colleague's commission of half an hour ago
 * passes for ours; set it forward and our own commission passes for an earlier one.
 */
export function periodVerdict(period: BillingPeriod, baseline: SendBaseline): PeriodVerdict {
  if (period.status === 'OPEN') return { state: 'open' };
  const last = period.lastsubmission;
  if (!last) return { state: 'earlier' };
  const ours =
    'lastSubmissionBefore' in baseline
      ? last.transactionid !== baseline.lastSubmissionBefore
      : Date.parse(last.at) >= baseline.startedAt - CLOCK_SKEW_MS;
  return ours
    ? { state: 'commissioned', transactionid: last.transactionid }
    : { state: 'earlier', transactionid: last.transactionid };
}

/** The baseline read right before the SEND; without it nothing is sent, for its outcome could not be told later. */
async function readBaseline(deps: SendSafelyDeps): Promise<{ lastSubmissionBefore: string | null }> {
  try {
    const period = await deps.readPeriod();
    return { lastSubmissionBefore: period?.lastsubmission?.transactionid ?? null };
  } catch (e) {
    const failed = toAppError(e);
    throw appError(
      failed.code,
      { key: 'send.statusUnreadable' },
      `${deps.what}: NICHT gesendet. Der Status des Abrechnungszeitraums ließ sich vorher nicht abfragen ` +
        `(${failed.message}). Bitte versuchen Sie es erneut.`,
      // The transport's details (`failure: 'refused'`, …) still say why; the request never left for the SEND.
      { ...(typeof failed.details === 'object' ? failed.details : {}), statusUnreadable: failed.message },
    );
  }
}

type Started = { startedAt: number; lastSubmissionBefore: string | null };

function unknownOutcome(deps: SendSafelyDeps, lost: AppError, reason: string, started: Started): AppErrorException {
  return appError(
    lost.code,
    { key: 'send.outcomeUnknown' },
    `${deps.what}: Ob die Abrechnung beim Messdienst beauftragt wurde, ist noch UNBEKANNT. ${lost.message} ` +
      `${reason} Kostenbrücke fragt den Status des Abrechnungszeitraums in den nächsten Minuten selbst erneut ab und ` +
      'meldet das Ergebnis. Bitte senden Sie bis dahin nicht erneut.',
    {
      outcome: SEND_OUTCOME_UNKNOWN,
      attemptStartedAt: new Date(started.startedAt).toISOString(),
      lastSubmissionBefore: started.lastSubmissionBefore,
      lost,
      statusCheck: reason,
    },
  );
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
  const baseline = await readBaseline(deps);
  const started: Started = { startedAt: deps.clock.now(), ...baseline };
  const first = await attempt(deps);
  if ('done' in first) return first.done;

  const learned = await learn(deps, baseline);
  const known = fromLearned(learned);
  if (known) return known;
  if (learned.state === 'unknown') throw unknownOutcome(deps, first.lost.appError, unreadable(learned.reason), started);
  // The request may still arrive: a second SEND would only invite a double submission; the caller reconciles.
  if (first.inFlight) throw unknownOutcome(deps, first.lost.appError, STILL_OPEN, started);

  // A gateway refused it and the period is still open: the SEND did not reach the MSC. Exactly one more try.
  const second = await attempt(deps);
  if ('done' in second) {
    if (second.done.status !== 'already-commissioned') return second.done;
    // A 409 here may be our first SEND, which the MSC finished only after we looked.
    return fromLearned(await learn(deps, baseline)) ?? second.done;
  }
  const again = await learn(deps, baseline);
  const knownAgain = fromLearned(again);
  if (knownAgain) return knownAgain;
  throw unknownOutcome(deps, second.lost.appError, again.state === 'unknown' ? unreadable(again.reason) : STILL_OPEN, started);
}

const unreadable = (reason: string) => `Der Status des Abrechnungszeitraums ließ sich nicht abfragen (${reason}).`;

/** True for the error that asks the clerk to check the period before sending again. */
export function isSendOutcomeUnknown(error: AppError): boolean {
  const details = error.details as { outcome?: unknown } | undefined;
  return details?.outcome === SEND_OUTCOME_UNKNOWN;
}

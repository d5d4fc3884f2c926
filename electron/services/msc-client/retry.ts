/** When to try a request again and how long to wait first. */
import type { FailureKind } from '@main/services/msc-client/errors';

/**
 * - `idempotent`: GETs (and the token request): retry on transport failures, 5xx and 429.
 * - `unsent-only`: retry only when the request provably never left this machine (connection
 *   refused, unknown host) or the MSC answered 429, which by definition means "not processed".
 * - `never`: the binding SEND; its recovery lives in send-safely.ts, which asks the MSC first.
 */
export type RetryPolicy = 'idempotent' | 'unsent-only' | 'never';

/**
 * How long a request keeps trying.
 * - `patient` (the default): background work nobody waits for at the desk (outbox, setup polling, the SEND
 *   reconciler): up to `retries` more tries, backing off.
 * - `interactive`: a read the clerk waits for (the Übersicht, the lists, a connection check): one quick retry at
 *   most, and none when the connection was refused or the host is unknown (nothing answers there a moment later
 *   either), so a broken connection shows its error within about a second; the clerk retries by hand.
 */
export type Patience = 'patient' | 'interactive';

export const INTERACTIVE_RETRIES = 1;
export const INTERACTIVE_PAUSE_MS = 300;
/** A Retry-After longer than this is not waited out while the clerk waits: the reply is shown instead. */
export const INTERACTIVE_MAX_RETRY_AFTER_MS = 1_000;

export type RetryLimits = {
  retries: number;
  pauseMs: (retryIndex: number) => number;
  maxRetryAfterMs: number;
  /** Whether a transport failure of this kind is worth another try at all under this patience. */
  retriesFailure: (failure: FailureKind) => boolean;
};

/** The limits of one request: `configured` retries for patient work, fewer and quicker for interactive reads. */
export function retryLimits(patience: Patience, configured: number): RetryLimits {
  if (patience === 'patient') {
    return { retries: configured, pauseMs: backoffMs, maxRetryAfterMs: MAX_RETRY_AFTER_MS, retriesFailure: () => true };
  }
  return {
    retries: Math.min(INTERACTIVE_RETRIES, configured),
    pauseMs: () => INTERACTIVE_PAUSE_MS,
    maxRetryAfterMs: INTERACTIVE_MAX_RETRY_AFTER_MS,
    retriesFailure: (failure) => failure !== 'refused' && failure !== 'dns',
  };
}

export const BACKOFF_BASE_MS = 500;
export const BACKOFF_MAX_MS = 8_000;
/** A Retry-After longer than this is not waited out silently: the clerk is told when to try again. */
export const MAX_RETRY_AFTER_MS = 60_000;

/** 500 ms, 1 s, 2 s, 4 s, capped: enough for a restarting MSC, short enough for someone waiting at a desk. */
export function backoffMs(retryIndex: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** retryIndex);
}

export function retriesOnFailure(policy: RetryPolicy, failure: FailureKind): boolean {
  if (failure === 'tls' || failure === 'cancelled') return false;
  if (policy === 'idempotent') return true;
  if (policy === 'unsent-only') return failure === 'refused' || failure === 'dns';
  return false;
}

export function retriesOnStatus(policy: RetryPolicy, status: number): boolean {
  if (policy === 'never') return false;
  if (status === 429) return true;
  return policy === 'idempotent' && status >= 500 && status !== 501;
}

/** Retry-After as delta-seconds or HTTP date (RFC 9110 §10.2.3), in ms from `nowMs`; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number.parseInt(trimmed, 10) * 1000;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}

/**
 * Transport to one MSC: one attempt = one fetch with a deadline covering headers and body; around it
 * the retry loop (policy and patience per request, Retry-After honoured) and the single token refresh after a 401.
 * Status codes are not judged here beyond retrying; client.ts decides what a reply means.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { Dispatcher } from 'undici';
import { TransportFailure, failureFromFetchError } from '@main/services/msc-client/errors';
import { parseRetryAfter, retriesOnFailure, retriesOnStatus, retryLimits } from '@main/services/msc-client/retry';
import type { Patience, RetryPolicy } from '@main/services/msc-client/retry';

export type FetchInit = {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
  redirect: 'manual';
};
export type FetchResponse = {
  status: number;
  headers: { get: (name: string) => string | null };
  text: () => Promise<string>;
  /** Needed only for binary replies (documents); undici's and Node's fetch have it. */
  arrayBuffer?: () => Promise<ArrayBuffer>;
};
/** Satisfied by undici's fetch (the default) and Node's global fetch; a client-certificate dispatcher rides along as `init.dispatcher`. */
export type FetchLike = (url: string, init: FetchInit) => Promise<FetchResponse>;
export type Clock = { now: () => number };
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export type HttpReply = {
  status: number;
  headers: { get: (name: string) => string | null };
  text: string;
  url: string;
  /** The raw body of a request made with `binary` (then `text` holds it only for an error reply). */
  bytes?: Uint8Array;
};

export type TokenProvider = {
  /** `patience`: of the request that needs the token; an interactive one does not wait out a patient retry loop it starts. */
  get: (patience?: Patience) => Promise<string>;
  /** Drops `token` if it is still the cached one, so the next get() fetches a fresh one. */
  invalidate: (token: string) => void;
};

export type HttpRequest = {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
  retry: RetryPolicy;
  /** Default `patient`; see Patience. */
  patience?: Patience;
  /** German noun phrase for messages, e.g. „Abruf der Abrechnungszeiträume (Liegenschaft 100200301)“. */
  what: string;
  authenticate: boolean;
  signal?: AbortSignal;
  /** A document (PDF) is expected: the body is kept as bytes. */
  binary?: boolean;
};

export type TransportOptions = {
  fetch: FetchLike;
  dispatcher?: Dispatcher;
  timeoutMs: number;
  retries: number;
  clock: Clock;
  sleep: Sleep;
  tokens?: TokenProvider;
};

export type Transport = { send: (req: HttpRequest) => Promise<HttpReply> };

export const defaultSleep: Sleep = (ms, signal) => delay(ms, undefined, signal ? { signal } : {});

export function createTransport(opts: TransportOptions): Transport {
  async function attempt(req: HttpRequest, token: string | undefined): Promise<HttpReply> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, opts.timeoutMs);
    const onCallerAbort = (): void => {
      controller.abort();
    };
    if (req.signal?.aborted) controller.abort();
    req.signal?.addEventListener('abort', onCallerAbort, { once: true });
    const accept =
      req.binary === true ? 'application/pdf, application/problem+json' : 'application/json, application/problem+json';
    const headers: Record<string, string> = { accept, ...req.headers };
    if (token !== undefined) headers.authorization = `Bearer ${token}`;
    const init: FetchInit = { method: req.method, headers, signal: controller.signal, redirect: 'manual' };
    if (req.body !== undefined) init.body = req.body;
    if (opts.dispatcher) Object.assign(init, { dispatcher: opts.dispatcher });
    try {
      const res = await opts.fetch(req.url, init);
      // The deadline also covers the body: a server that stalls mid-reply is a timeout, not a hang.
      if (req.binary === true && res.arrayBuffer) {
        const bytes = new Uint8Array(await res.arrayBuffer());
        const text = res.status >= 200 && res.status <= 299 ? '' : new TextDecoder().decode(bytes);
        return { status: res.status, headers: res.headers, text, url: req.url, bytes };
      }
      const text = await res.text();
      return { status: res.status, headers: res.headers, text, url: req.url };
    } catch (e) {
      throw failureFromFetchError(e, {
        what: req.what,
        url: req.url,
        timedOut,
        cancelled: req.signal?.aborted === true,
        timeoutMs: opts.timeoutMs,
      });
    } finally {
      clearTimeout(timer);
      req.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  async function wait(ms: number, req: HttpRequest): Promise<void> {
    try {
      await opts.sleep(ms, req.signal);
    } catch (e) {
      if (req.signal?.aborted) {
        throw new TransportFailure('CANCELLED', 'cancelled', `${req.what} wurde abgebrochen.`, { url: req.url });
      }
      throw e;
    }
  }

  async function send(req: HttpRequest): Promise<HttpReply> {
    const patience = req.patience ?? 'patient';
    const limits = retryLimits(patience, opts.retries);
    let retryIndex = 0;
    let refreshedToken = false;
    for (;;) {
      const token = req.authenticate && opts.tokens ? await opts.tokens.get(patience) : undefined;
      let reply: HttpReply;
      try {
        reply = await attempt(req, token);
      } catch (e) {
        if (
          e instanceof TransportFailure &&
          retriesOnFailure(req.retry, e.failure) &&
          limits.retriesFailure(e.failure) &&
          retryIndex < limits.retries
        ) {
          await wait(limits.pauseMs(retryIndex), req);
          retryIndex++;
          continue;
        }
        throw e;
      }
      // A 401 means the MSC refused before doing anything (token expired early or revoked): one fresh token, one more try.
      if (reply.status === 401 && token !== undefined && opts.tokens && !refreshedToken) {
        opts.tokens.invalidate(token);
        refreshedToken = true;
        continue;
      }
      if (retriesOnStatus(req.retry, reply.status) && retryIndex < limits.retries) {
        const ms = parseRetryAfter(reply.headers.get('retry-after'), opts.clock.now()) ?? limits.pauseMs(retryIndex);
        if (ms <= limits.maxRetryAfterMs) {
          await wait(ms, req);
          retryIndex++;
          continue;
        }
      }
      return reply;
    }
  }

  return { send };
}

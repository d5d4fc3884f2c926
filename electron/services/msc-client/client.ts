/**
 * Client for one MSC over the bved webservices (docs/msc-contract.md). Every request is built
 * from the operation table, every input is checked and every reply parsed with the shared schemas;
 * failures surface as AppErrorException with a German message. Plain Node: no Electron here.
 */
import { fetch as undiciFetch } from 'undici';
import type { z } from 'zod';
import { appError } from '@shared/domain/app-error';
import { formatGermanDate } from '@shared/domain/dates';
import { API_VERSION, API_VERSION_HEADER, buildPath, operations } from '@shared/msc/operations';
import type { OperationName, PathParamName } from '@shared/msc/operations';
import { OverviewPage, OverviewQuery, SetupAccepted, SetupRequest, SetupStatus } from '@shared/msc/billing-unit-data';
import type { BillingUnitSummary } from '@shared/msc/billing-unit-data';
import { BillingPeriodList, FilledTemplate, SendAccepted, Template } from '@shared/msc/billing-input';
import type { Action, BillingPeriod } from '@shared/msc/billing-input';
import type { ReceivedCheckMessage } from '@shared/msc/problem';
import { BillingUnitNumber, IsoDate } from '@shared/msc/primitives';
import { resolveConfig } from '@main/services/msc-client/config';
import type { MscClientConfig } from '@main/services/msc-client/config';
import { createTokenCache } from '@main/services/msc-client/auth';
import { checkMessagesOf, parseReply, replyError } from '@main/services/msc-client/errors';
import { createTransport, defaultSleep } from '@main/services/msc-client/http';
import type { Clock, FetchLike, HttpReply, Sleep } from '@main/services/msc-client/http';
import type { Patience, RetryPolicy } from '@main/services/msc-client/retry';
import { parseRetryAfter } from '@main/services/msc-client/retry';
import { sendSafely } from '@main/services/msc-client/send-safely';
import type { SendOutcome } from '@main/services/msc-client/send-safely';
import { createCertificateDispatcher } from '@main/services/msc-client/tls';
import { withDerivedUnmatched } from '@main/services/msc-client/unmatched';
import { createOsrClient } from '@main/services/msc-client/osr';
import type { OsrClient } from '@main/services/msc-client/osr';
import { createResultsClient } from '@main/services/msc-client/results';
import { inputCheck, type InputChecker } from '@main/services/msc-client/input-check';
import type { ResultsClient } from '@main/services/msc-client/results';
import type { MatchingResult, SentUnits } from '@main/services/msc-client/unmatched';

export type MscClientDeps = { fetch?: FetchLike; clock?: Clock; sleep?: Sleep };
/** `patience`: how long to keep trying (default `patient`); reads the clerk waits for ask `interactive` (retry.ts). */
export type RequestOptions = { signal?: AbortSignal; patience?: Patience };
export type OverviewQueryInput = z.input<typeof OverviewQuery>;
export type ValidateResult = { ok: true } | { ok: false; messages: ReceivedCheckMessage[] };
export type HealthReport = {
  latencyMs: number;
  apiVersion: string | null;
  expectedApiVersion: string;
  totalBillingUnits: number;
};

export type MscClient = OsrClient &
  ResultsClient & {
    sendSetup: (billingunit: string, request: SetupRequest, opts?: RequestOptions) => Promise<SetupAccepted>;
    getSetupStatus: (billingunit: string, opts?: RequestOptions) => Promise<SetupStatus>;
    listBillingUnits: (query?: OverviewQueryInput, opts?: RequestOptions) => Promise<OverviewPage>;
    /** All billing units, page by page until `totalentries` is reached. */
    iterateBillingUnits: (query?: OverviewQueryInput, opts?: RequestOptions) => AsyncGenerator<BillingUnitSummary>;
    /** With `sent`, a missing `unmatched` list is derived (sent but not matched). */
    getMatchingResult: (billingunit: string, sent?: SentUnits, opts?: RequestOptions) => Promise<MatchingResult>;
    listBillingPeriods: (billingunit: string, opts?: RequestOptions) => Promise<BillingPeriod[]>;
    getTemplate: (billingunit: string, to: string, opts?: RequestOptions) => Promise<Template>;
    validate: (billingunit: string, to: string, filled: FilledTemplate, opts?: RequestOptions) => Promise<ValidateResult>;
    /** Binding submission. Not cancellable once started: its outcome must be learned, not abandoned. */
    send: (billingunit: string, to: string, filled: FilledTemplate, opts: { ignoreWarnings: boolean }) => Promise<SendOutcome>;
    /** Token + one-entry overview: proves address, credentials and certificate in one go. */
    health: (opts?: RequestOptions) => Promise<HealthReport>;
    close: () => Promise<void>;
  };

type Call = {
  params?: Partial<Record<PathParamName, string>>;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  retry: RetryPolicy;
  what: string;
  signal?: AbortSignal | undefined;
  patience?: Patience | undefined;
  binary?: boolean;
};

const unit = (bu: string): string => `Liegenschaft ${bu}`;
const periodEnd = (to: string): string => (IsoDate.safeParse(to).success ? formatGermanDate(to) : to);
const period = (bu: string, to: string): string => `${unit(bu)}, Zeitraum bis ${periodEnd(to)}`;

export function createMscClient(config: MscClientConfig, deps: MscClientDeps = {}): MscClient {
  const cfg = resolveConfig(config);
  const clock = deps.clock ?? Date;
  const dispatcher = createCertificateDispatcher(cfg.clientCertificate);
  const base = {
    fetch: deps.fetch ?? undiciFetch,
    ...(dispatcher ? { dispatcher } : {}),
    timeoutMs: cfg.timeoutMs,
    retries: cfg.retries,
    clock,
    sleep: deps.sleep ?? defaultSleep,
  };
  const tokens =
    cfg.auth.kind === 'oauth2' ? createTokenCache({ ...cfg.auth, transport: createTransport(base), clock }) : undefined;
  const transport = createTransport(tokens ? { ...base, tokens } : base);

  function call(name: OperationName, c: Call): Promise<HttpReply> {
    const url = new URL(cfg.baseUrl + buildPath(name, cfg.profile, c.params ?? {}));
    for (const [k, v] of Object.entries(c.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    return transport.send({
      method: operations[name].method,
      url: url.toString(),
      ...(c.body !== undefined ? { body: JSON.stringify(c.body), headers: { 'content-type': 'application/json' } } : {}),
      retry: c.retry,
      what: c.what,
      authenticate: tokens !== undefined,
      ...(c.signal ? { signal: c.signal } : {}),
      ...(c.patience ? { patience: c.patience } : {}),
      ...(c.binary === true ? { binary: true } : {}),
    });
  }

  function fail(reply: HttpReply, what: string): never {
    throw replyError(
      reply,
      what,
      reply.status === 429 ? parseRetryAfter(reply.headers.get('retry-after'), clock.now()) : undefined,
    );
  }

  async function get<S extends z.ZodType>(name: OperationName, schema: S, c: Omit<Call, 'retry'>): Promise<z.infer<S>> {
    const reply = await call(name, { ...c, retry: 'idempotent' });
    if (reply.status !== 200) fail(reply, c.what);
    return parseReply(reply, schema, c.what);
  }

  async function overviewReply(
    query: OverviewQueryInput,
    checkedAs: 'listBillingUnits' | 'health',
    what: string,
    opts: RequestOptions = {},
  ) {
    const q = inputCheck(checkedAs, what, {})(OverviewQuery, query, 'Abfrage');
    const reply = await call('listBillingUnits', {
      query: q,
      retry: 'idempotent',
      what,
      signal: opts.signal,
      patience: opts.patience,
    });
    if (reply.status !== 200) fail(reply, what);
    return { reply, page: parseReply(reply, OverviewPage, what) };
  }

  const client: MscClient = {
    ...createOsrClient({ call, fail }),
    ...createResultsClient({ call, fail }),

    async sendSetup(billingunit, request, opts) {
      const what = `Senden der Nutzeinheiten zum Abgleich (${unit(billingunit)})`;
      const checked = inputCheck('sendSetup', what, { billingunit });
      checked(BillingUnitNumber, billingunit, 'Liegenschaftsnummer');
      const body = checked(SetupRequest, request, 'Anfrage');
      if (body.billingunitMscnumber !== billingunit) {
        throw appError(
          'VALIDATION',
          { key: 'request.setupOtherUnit', params: { billingunit, other: body.billingunitMscnumber } },
          `${what}: Die Anfrage nennt die Liegenschaft „${body.billingunitMscnumber}“ und passt nicht zur Liegenschaft.`,
        );
      }
      // Setup is a POST: retried only when it provably never left (or the MSC said 429). Re-sending
      // replaces the unit's setup at the MSC, so a duplicate would be harmless, but after a timeout the
      // first request may still be running and a blind retry races it; the clerk re-sends knowingly.
      const reply = await call('sendSetup', { params: { billingunit }, body, retry: 'unsent-only', what, signal: opts?.signal });
      if (reply.status < 200 || reply.status > 299) fail(reply, what);
      return parseReply(reply, SetupAccepted, what);
    },

    async getSetupStatus(billingunit, opts) {
      const what = `Abruf des Einrichtungsstatus (${unit(billingunit)})`;
      inputCheck('getSetupStatus', what, { billingunit })(BillingUnitNumber, billingunit, 'Liegenschaftsnummer');
      return await get('getSetupStatus', SetupStatus, {
        params: { billingunit },
        what,
        signal: opts?.signal,
        patience: opts?.patience,
      });
    },

    async listBillingUnits(query = {}, opts) {
      return (await overviewReply(query, 'listBillingUnits', 'Abruf der Liegenschaftsübersicht', opts)).page;
    },

    async *iterateBillingUnits(query = {}, opts) {
      let offset = query.offset === undefined ? 0 : Number(query.offset);
      for (;;) {
        const page = await client.listBillingUnits({ ...query, offset }, opts);
        yield* page.billingunits;
        offset += page.billingunits.length;
        // An empty page before the end means entries vanished meanwhile; stop rather than loop forever.
        if (page.billingunits.length === 0 || offset >= page.totalentries) return;
      }
    },

    async getMatchingResult(billingunit, sent, opts) {
      const what = `Abruf des Abgleichergebnisses (${unit(billingunit)})`;
      inputCheck('getMatchingResult', what, { billingunit })(BillingUnitNumber, billingunit, 'Liegenschaftsnummer');
      const status = await get('getMatchingResult', SetupStatus, {
        params: { billingunit },
        what,
        signal: opts?.signal,
        patience: opts?.patience,
      });
      return withDerivedUnmatched(status, sent);
    },

    async listBillingPeriods(billingunit, opts) {
      const what = `Abruf der Abrechnungszeiträume (${unit(billingunit)})`;
      inputCheck('listBillingPeriods', what, { billingunit })(BillingUnitNumber, billingunit, 'Liegenschaftsnummer');
      const list = await get('listBillingPeriods', BillingPeriodList, {
        params: { billingunit },
        what,
        signal: opts?.signal,
        patience: opts?.patience,
      });
      return list.billingperiods;
    },

    async getTemplate(billingunit, to, opts) {
      const what = `Abruf der Schablone (${period(billingunit, to)})`;
      checkPeriodParams(billingunit, to, inputCheck('getTemplate', what, { billingunit, to: periodEnd(to) }));
      return await get('getTemplate', Template, {
        params: { billingunit, 'billing-period-to': to },
        what,
        signal: opts?.signal,
        patience: opts?.patience,
      });
    },

    async validate(billingunit, to, filled, opts) {
      const what = `Testprüfung (${period(billingunit, to)})`;
      const checked = inputCheck('validate', what, { billingunit, to: periodEnd(to) });
      checkPeriodParams(billingunit, to, checked);
      const body = checked(FilledTemplate, filled, 'Abrechnungsdaten');
      // VALIDATE stores nothing, so it may be retried like a GET.
      const reply = await submission(billingunit, to, 'VALIDATE', body, 'idempotent', what, opts?.signal);
      if (reply.status >= 200 && reply.status <= 299) return { ok: true };
      const messages = reply.status === 400 ? checkMessagesOf(reply) : undefined;
      if (messages) return { ok: false, messages };
      return fail(reply, what);
    },

    async send(billingunit, to, filled, { ignoreWarnings }) {
      const what = `Verbindliche Übermittlung (${period(billingunit, to)})`;
      const checked = inputCheck('send', what, { billingunit, to: periodEnd(to) });
      checkPeriodParams(billingunit, to, checked);
      const body = checked(FilledTemplate, filled, 'Abrechnungsdaten');
      const action: Action = ignoreWarnings ? 'SEND_AND_IGNORE_WARNINGS' : 'SEND';
      return await sendSafely({
        what,
        clock,
        post: () => submission(billingunit, to, action, body, 'never', what, undefined),
        interpret: (reply) => {
          if (reply.status >= 200 && reply.status <= 299) {
            return {
              status: 'commissioned',
              transactionid: parseReply(reply, SendAccepted, what).transactionid,
              confirmedBy: 'reply',
            };
          }
          if (reply.status === 409) return { status: 'already-commissioned' };
          const messages = reply.status === 400 ? checkMessagesOf(reply) : undefined;
          if (messages) return { status: 'rejected', messages };
          return fail(reply, what);
        },
        readPeriod: async () => (await client.listBillingPeriods(billingunit)).find((p) => p.to === to),
      });
    },

    async health(opts) {
      const started = clock.now();
      const { reply, page } = await overviewReply({ limit: 1 }, 'health', 'Verbindungstest', opts);
      return {
        latencyMs: clock.now() - started,
        apiVersion: reply.headers.get(API_VERSION_HEADER),
        expectedApiVersion: API_VERSION,
        totalBillingUnits: page.totalentries,
      };
    },

    async close() {
      await dispatcher?.close();
    },
  };

  function submission(
    bu: string,
    to: string,
    action: Action,
    body: FilledTemplate,
    retry: RetryPolicy,
    what: string,
    signal?: AbortSignal,
  ) {
    return call('submitBillingInput', {
      params: { billingunit: bu, 'billing-period-to': to },
      query: { action },
      body,
      retry,
      what,
      signal,
    });
  }

  return client;
}

function checkPeriodParams(billingunit: string, to: string, checked: InputChecker): void {
  checked(BillingUnitNumber, billingunit, 'Liegenschaftsnummer');
  checked(IsoDate, to, 'Zeitraum-Ende');
}

/**
 * Maps what goes wrong on the wire to AppErrors a clerk can act on: transport failures (with a
 * machine-readable `failure` kind the retry and SEND logic need), non-2xx replies and replies that
 * do not fit the contract's schemas.
 */
import type { z } from 'zod';
import { AppErrorException, appError } from '@shared/domain/app-error';
import type { AppErrorCode, MessageParams } from '@shared/domain/app-error';
import { describeIssues } from '@shared/msc/primitives';
import { PROBLEM_TITLES, readCheckMessages, readProblem } from '@shared/msc/problem';
import type { ReceivedCheckMessage, ReceivedProblem } from '@shared/msc/problem';
import type { HttpReply } from '@main/services/msc-client/http';

/**
 * `refused` and `dns` mean the request never left this machine; `reset` and `timeout` mean it may
 * have reached the MSC; `tls` is a trust problem that retrying cannot fix.
 */
export type FailureKind = 'timeout' | 'reset' | 'refused' | 'dns' | 'tls' | 'cancelled' | 'other';

export class TransportFailure extends AppErrorException {
  readonly failure: FailureKind;

  constructor(
    code: AppErrorCode,
    failure: FailureKind,
    message: string,
    details: Record<string, unknown>,
    params: MessageParams = {},
  ) {
    // The key names the failure kind, so the renderer can say the same in the clerk's language.
    super({ code, message, key: `transport.${failure}`, params, details: { ...details, failure } });
    this.name = 'TransportFailure';
    this.failure = failure;
  }
}

const SERVER_CERT_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_SIGNATURE_FAILURE',
  'CERT_REVOKED',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'HOSTNAME_MISMATCH',
]);
const REFUSED_CODES = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL']);
const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN']);
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ETIMEDOUT', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

/** Error codes along the cause chain, including the members of an AggregateError (happy eyeballs). */
export function causeCodes(error: unknown): string[] {
  const codes: string[] = [];
  const seen = new Set<unknown>();
  const visit = (e: unknown): void => {
    if (typeof e !== 'object' || e === null || seen.has(e)) return;
    seen.add(e);
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    if (e instanceof AggregateError) e.errors.forEach(visit);
    visit((e as { cause?: unknown }).cause);
  };
  visit(error);
  return codes;
}

function socketBytesRead(error: unknown): number | undefined {
  for (let e: unknown = error; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    const read = (e as { socket?: { bytesRead?: unknown } }).socket?.bytesRead;
    if (typeof read === 'number') return read;
  }
  return undefined;
}

function isClientCertRejection(code: string): boolean {
  return /^ERR_SSL_.*(CERTIFICATE|UNKNOWN_CA|HANDSHAKE_FAILURE)/.test(code);
}

type FailureContext = { what: string; url: string; timedOut: boolean; cancelled: boolean; timeoutMs: number };

export function failureFromFetchError(error: unknown, ctx: FailureContext): TransportFailure {
  const host = new URL(ctx.url).host;
  const codes = causeCodes(error);
  const technical = error instanceof Error ? `${error.message}${codes.length ? ` (${codes.join(', ')})` : ''}` : String(error);
  const details = { url: ctx.url, technical };
  if (ctx.cancelled) return new TransportFailure('CANCELLED', 'cancelled', `${ctx.what} wurde abgebrochen.`, details);
  if (ctx.timedOut) {
    const seconds = String(Math.round(ctx.timeoutMs / 100) / 10).replace('.', ',');
    return new TransportFailure(
      'TIMEOUT',
      'timeout',
      `${ctx.what}: Der Messdienst (${host}) hat nicht innerhalb von ${seconds} Sekunden geantwortet.`,
      details,
      { host, seconds: Math.round(ctx.timeoutMs / 100) / 10 },
    );
  }
  const serverCert = codes.find((c) => SERVER_CERT_CODES.has(c));
  if (serverCert !== undefined) {
    return new TransportFailure(
      'NETWORK',
      'tls',
      `${ctx.what}: Das Zertifikat des Messdienstes (${host}) ist nicht vertrauenswürdig (${serverCert}). ` +
        'Die Verbindung wurde aus Sicherheitsgründen nicht aufgebaut. Bitte prüfen Sie die Adresse oder fragen Sie Ihre IT.',
      details,
      { host, reason: serverCert },
    );
  }
  const clientCert = codes.find(isClientCertRejection);
  if (clientCert !== undefined) {
    return new TransportFailure(
      'NETWORK',
      'tls',
      `${ctx.what}: Der Messdienst (${host}) hat die verschlüsselte Verbindung abgelehnt (${clientCert}). ` +
        'Meist fehlt das Client-Zertifikat oder es ist nicht freigeschaltet.',
      details,
      { host, reason: clientCert },
    );
  }
  if (codes.some((c) => REFUSED_CODES.has(c))) {
    return new TransportFailure(
      'NETWORK',
      'refused',
      `${ctx.what}: Der Messdienst (${host}) ist nicht erreichbar (Verbindung abgelehnt). Es wurden keine Daten übertragen.`,
      details,
      { host },
    );
  }
  if (codes.some((c) => DNS_CODES.has(c))) {
    return new TransportFailure(
      'NETWORK',
      'dns',
      `${ctx.what}: Der Servername „${host}“ ist unbekannt. Bitte prüfen Sie die Adresse und die Internetverbindung.`,
      details,
      { host },
    );
  }
  const reset =
    codes.some((c) => RESET_CODES.has(c)) || (error instanceof Error && /terminated|other side closed/i.test(error.message));
  // Under TLS 1.3 a refused client certificate arrives as a plain close before any reply byte.
  const closedBeforeReply = ctx.url.startsWith('https:') && socketBytesRead(error) === 0;
  return new TransportFailure(
    'NETWORK',
    reset ? 'reset' : 'other',
    (reset
      ? `${ctx.what}: Die Verbindung zum Messdienst (${host}) wurde unterbrochen.`
      : `${ctx.what}: Netzwerkfehler bei der Verbindung zum Messdienst (${host}).`) +
      (closedBeforeReply
        ? ' Der Messdienst hat die Verbindung ohne Antwort geschlossen – verlangt er ein Client-Zertifikat, prüfen Sie bitte, ob es hinterlegt und freigeschaltet ist.'
        : ''),
    details,
    { host },
  );
}

function statusCode(status: number): AppErrorCode {
  if (status === 400 || status === 413 || status === 415) return 'VALIDATION';
  if (status === 401 || status === 403) return 'AUTH';
  if (status === 409) return 'CONFLICT';
  if (status === 429) return 'RATE_LIMITED';
  return 'HTTP';
}

/** The reply body as JSON, or undefined when it is none. */
function jsonOf(reply: HttpReply): unknown {
  try {
    return JSON.parse(reply.text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The reply body as a problem document, or undefined when it is none. Read leniently: a real MSC's problem that
 * strays from the contract still gives the clerk its detail and messages.
 */
export function parseProblem(reply: HttpReply): ReceivedProblem | undefined {
  return readProblem(jsonOf(reply));
}

/** Non-2xx (or unexpected) reply → AppError carrying the problem's detail and check messages. */
export function replyError(reply: HttpReply, what: string, retryAfterMs?: number): AppErrorException {
  const problem = parseProblem(reply);
  const title = PROBLEM_TITLES[reply.status] ?? problem?.title ?? `HTTP-Status ${String(reply.status)}`;
  const parts = [`${what} fehlgeschlagen: ${title} (HTTP ${String(reply.status)}).`];
  if (reply.status >= 300 && reply.status < 400) {
    parts.push(`Unerwartete Weiterleitung nach „${reply.headers.get('location') ?? '?'}“.`);
  }
  if (problem?.detail) parts.push(problem.detail);
  const messages = problem?.messages ?? [];
  for (const m of messages.slice(0, 3)) parts.push(`${m.path ? `${m.path}: ` : ''}${m.message}`);
  if (messages.length > 3) parts.push(`… und ${String(messages.length - 3)} weitere Meldungen.`);
  if (retryAfterMs !== undefined) parts.push(`Bitte in ${String(Math.ceil(retryAfterMs / 1000))} Sekunden erneut versuchen.`);
  // A status without an entry of its own reads as `reply.other` (renderer/lib/error-text.ts).
  const params = {
    status: reply.status,
    detail: problem?.detail ?? '',
    ...(retryAfterMs !== undefined ? { seconds: Math.ceil(retryAfterMs / 1000) } : {}),
  };
  return appError(statusCode(reply.status), { key: `reply.${String(reply.status)}`, params }, parts.join(' '), {
    status: reply.status,
    ...(problem ? { problem } : { body: reply.text.slice(0, 500) }),
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
  });
}

function mscResponse(what: string, message: string, details: Record<string, unknown>): AppErrorException {
  return appError(
    'MSC_RESPONSE',
    { key: 'reply.invalid' },
    `${what}: Die Antwort des Messdienstes ist ungültig – ${message}`,
    details,
  );
}

/** Parses a JSON reply with a contract schema; any defect → MSC_RESPONSE naming the field. */
export function parseReply<S extends z.ZodType>(reply: HttpReply, schema: S, what: string): z.infer<S> {
  if (reply.text.trim() === '') return throwIt(mscResponse(what, 'sie ist leer.', { status: reply.status }));
  let json: unknown;
  try {
    json = JSON.parse(reply.text);
  } catch (e) {
    const truncated = e instanceof SyntaxError && /end of (JSON )?input|Unterminated|Unexpected end/i.test(e.message);
    return throwIt(
      mscResponse(what, truncated ? 'sie ist unvollständig (abgeschnitten).' : 'sie ist kein gültiges JSON.', {
        status: reply.status,
        body: reply.text.slice(0, 500),
      }),
    );
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issues = describeIssues(parsed.error);
    const shown = issues.slice(0, 5).join('; ') + (issues.length > 5 ? ` (und ${String(issues.length - 5)} weitere)` : '');
    return throwIt(mscResponse(what, `Feld ${shown}`, { status: reply.status, issues }));
  }
  return parsed.data;
}

/**
 * Check messages of a 400 reply (problem+json, a bare `{messages}` or a bare list), or undefined when it carries
 * none. Every message is kept, however it strays from the contract (shared/msc/problem.ts, readCheckMessage).
 */
export function checkMessagesOf(reply: HttpReply): ReceivedCheckMessage[] | undefined {
  return readCheckMessages(jsonOf(reply));
}

function throwIt(e: AppErrorException): never {
  throw e;
}

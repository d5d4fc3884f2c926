/**
 * Error bodies (RFC 9457 problem details) and the OAuth2 token reply of the contract, and how the client reads
 * what real MSCs answer instead: their check messages vary more than the contract (and the demo MSC) allows.
 */
import { z } from 'zod';
import { CheckMessage, MessageType } from '@shared/msc/billing-input';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

export const Problem = z
  .object({
    type: z.string().min(1),
    title: z.string().min(1),
    status: z.int().min(400).max(599),
    detail: z.string().optional(),
    instance: z.string().optional(),
    messages: z.array(CheckMessage).optional(),
  })
  .meta({ id: 'Problem', description: 'application/problem+json; check failures carry their messages.' });
export type Problem = z.infer<typeof Problem>;

export const TokenRequest = z
  .object({
    grant_type: z.literal('client_credentials', { message: 'muss client_credentials sein' }),
    client_id: z.string().min(1).optional(),
    client_secret: z.string().min(1).optional(),
    scope: z.string().optional(),
  })
  .meta({ id: 'TokenRequest' });
export type TokenRequest = z.infer<typeof TokenRequest>;

export const TokenResponse = z
  .object({
    access_token: z.string().min(1),
    token_type: z.string().regex(/^bearer$/i, { message: 'muss Bearer sein' }),
    expires_in: z.int().min(1),
    scope: z.string().optional(),
  })
  .meta({ id: 'TokenResponse' });
export type TokenResponse = z.infer<typeof TokenResponse>;

/** HTTP statuses the contract names, with the German title a clerk sees. */
export const PROBLEM_TITLES: Readonly<Record<number, string>> = {
  400: 'Ungültige Anfrage',
  401: 'Nicht angemeldet',
  403: 'Keine Berechtigung für diese Liegenschaft',
  404: 'Nicht gefunden',
  409: 'Konflikt mit dem aktuellen Stand',
  413: 'Anfrage zu groß',
  415: 'Falscher Inhaltstyp',
  429: 'Zu viele Anfragen',
  500: 'Interner Fehler des Messdienstes',
  501: 'Vom Messdienst nicht angeboten',
  503: 'Messdienst nicht erreichbar',
};

/**
 * A check message as the app keeps it once read from an MSC. The contract's CheckMessage (what the demo MSC sends)
 * stays strict; a real MSC may write `type` in lower case, leave out `path` or add fields of its own, and the clerk
 * must not lose a message over that. `path` is '' when the MSC named no field, as for a message about the whole
 * submission; whatever the contract does not name is kept in `extra`, as the MSC sent it.
 */
export const ReceivedCheckMessage = z
  .object({
    type: MessageType,
    shortmessage: z.string(),
    message: z.string().min(1),
    path: z.string(),
    extra: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();
export type ReceivedCheckMessage = z.infer<typeof ReceivedCheckMessage>;

/** Words MSCs use for a message's severity, upper-cased. */
const TYPE_WORDS: Readonly<Record<string, MessageType>> = {
  ERROR: 'ERROR',
  ERR: 'ERROR',
  FEHLER: 'ERROR',
  FATAL: 'ERROR',
  WARNING: 'WARNING',
  WARN: 'WARNING',
  WARNUNG: 'WARNING',
  INFO: 'INFO',
  INFORMATION: 'INFO',
  HINWEIS: 'INFO',
  NOTICE: 'INFO',
};
const CONTRACT_FIELDS = new Set(['type', 'shortmessage', 'message', 'path']);
const NO_TEXT = 'Der Messdienst hat eine Meldung ohne Text geschickt.';

const text = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : undefined;

/** `$.energysources[0].co2`, `/energysources/0/co2` (JSON Pointer) and `energysources[0].co2` name the same field. */
export function normalisePath(raw: string): string {
  const p = raw.trim();
  if (p === '$' || p === '#' || p === '/') return '';
  if (p.startsWith('$.')) return p.slice(2);
  if (p.startsWith('$[')) return p.slice(1);
  const pointer = /^#?\/(.*)$/.exec(p);
  if (!pointer) return p;
  return (pointer[1] ?? '')
    .split('/')
    .map((seg) => seg.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((acc, seg) => (/^\d+$/.test(seg) ? `${acc}[${seg}]` : acc === '' ? seg : `${acc}.${seg}`), '');
}

/**
 * One message as an MSC sent it. An unknown or missing severity counts as a warning: shown to the clerk but not
 * blocking the binding submission, which the MSC refuses itself if it really is an error (its word stays in `extra`).
 */
export function readCheckMessage(raw: unknown): ReceivedCheckMessage {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return {
      type: 'WARNING',
      shortmessage: '',
      message: text(raw) ?? (raw === undefined || raw === null ? NO_TEXT : JSON.stringify(raw)),
      path: '',
    };
  }
  const o = raw as Record<string, unknown>;
  const extra: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (!CONTRACT_FIELDS.has(k)) extra[k] = v;
  const word = text(o.type) ?? text(o.severity) ?? text(o.level);
  const type = word === undefined ? undefined : TYPE_WORDS[word.toUpperCase()];
  if (type === undefined && o.type !== undefined) extra.type = o.type;
  const shortmessage = text(o.shortmessage) ?? text(o.code) ?? '';
  const path = text(o.path) ?? text(o.field) ?? text(o.pointer);
  return {
    type: type ?? 'WARNING',
    shortmessage,
    message: text(o.message) ?? text(o.text) ?? text(o.description) ?? text(o.detail) ?? (shortmessage || NO_TEXT),
    path: path === undefined ? '' : normalisePath(path),
    ...(Object.keys(extra).length > 0 ? { extra } : {}),
  };
}

/** The messages of a reply body: its `messages`, or the body itself when it is a list; undefined when there are none. */
export function readCheckMessages(body: unknown): ReceivedCheckMessage[] | undefined {
  const list = Array.isArray(body)
    ? body
    : typeof body === 'object' && body !== null
      ? (body as { messages?: unknown }).messages
      : undefined;
  return Array.isArray(list) && list.length > 0 ? list.map(readCheckMessage) : undefined;
}

/** A problem document as far as it can be read; its messages read like those of a check. */
export type ReceivedProblem = { title?: string; detail?: string; messages?: ReceivedCheckMessage[] };

export function readProblem(body: unknown): ReceivedProblem | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const o = body as Record<string, unknown>;
  const title = text(o.title);
  const detail = text(o.detail);
  const messages = readCheckMessages(o);
  if (title === undefined && detail === undefined && messages === undefined) return undefined;
  return { ...(title ? { title } : {}), ...(detail ? { detail } : {}), ...(messages ? { messages } : {}) };
}

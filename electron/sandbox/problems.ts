/**
 * RFC 9457 problem replies of the demo MSC. Handlers throw a ProblemError; the server's error handler
 * turns it (and Fastify's own errors) into `application/problem+json`, so every non-2xx reply looks alike.
 */
import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { CheckMessage } from '@shared/msc/billing-input';
import { PROBLEM_CONTENT_TYPE, PROBLEM_TITLES } from '@shared/msc/problem';
import type { Problem } from '@shared/msc/problem';
import { formatPath } from '@shared/msc/primitives';

const TYPE_PREFIX = 'urn:demo-msc:problem:';

const SLUGS: Readonly<Record<number, string>> = {
  400: 'bad-request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not-found',
  409: 'conflict',
  413: 'payload-too-large',
  415: 'unsupported-media-type',
  429: 'too-many-requests',
  500: 'internal-error',
  501: 'not-implemented',
  503: 'unavailable',
};

export type ProblemExtras = {
  slug?: string;
  messages?: CheckMessage[];
  headers?: Record<string, string>;
  /** Extension members (e.g. the OAuth2 `error` code on token failures). */
  extensions?: Record<string, string>;
};

export class ProblemError extends Error {
  readonly status: number;
  readonly extras: ProblemExtras;
  constructor(status: number, detail: string, extras: ProblemExtras = {}) {
    super(detail);
    this.name = 'ProblemError';
    this.status = status;
    this.extras = extras;
  }
}

export function problemBody(status: number, detail: string, extras: ProblemExtras = {}): Problem & Record<string, unknown> {
  const body: Problem & Record<string, unknown> = {
    type: TYPE_PREFIX + (extras.slug ?? SLUGS[status] ?? 'error'),
    title: PROBLEM_TITLES[status] ?? 'Fehler',
    status,
    detail,
    ...extras.extensions,
  };
  if (extras.messages && extras.messages.length > 0) body.messages = extras.messages;
  return body;
}

export function sendProblem(reply: FastifyReply, status: number, detail: string, extras: ProblemExtras = {}): FastifyReply {
  for (const [name, value] of Object.entries(extras.headers ?? {})) void reply.header(name, value);
  return reply
    .code(status)
    .type(PROBLEM_CONTENT_TYPE)
    .send(JSON.stringify(problemBody(status, detail, extras)));
}

/** zod's German locale, except that a missing field says so plainly. */
function germanIssue(issue: z.core.$ZodRawIssue): string | undefined {
  if ((issue.code === 'invalid_type' || issue.code === 'invalid_value') && issue.input === undefined) return 'Pflichtfeld fehlt';
  const text = z.locales.de().localeError(issue);
  return typeof text === 'string' ? text : text?.message;
}

/** Parses with a contract schema; failures become a 400 problem with one SCHEMA_INVALID message per issue. */
export function parseOrProblem<T extends z.ZodType>(schema: T, value: unknown, what: string, at: PropertyKey[] = []): z.infer<T> {
  const result = schema.safeParse(value, { error: germanIssue });
  if (result.success) return result.data;
  const messages: CheckMessage[] = result.error.issues.flatMap((issue) => {
    // An unknown field is named by its own path, not by the object around it.
    const paths =
      issue.code === 'unrecognized_keys' ? issue.keys.map((k) => [...at, ...issue.path, k]) : [[...at, ...issue.path]];
    return paths.map((p) => {
      const path = formatPath(p);
      const message = issue.code === 'unrecognized_keys' ? 'unbekanntes Feld' : issue.message;
      return { type: 'ERROR' as const, shortmessage: 'SCHEMA_INVALID', message: `${path}: ${message}`, path };
    });
  });
  throw new ProblemError(400, `${what} entspricht nicht dem Schema (${String(messages.length)} Fehler).`, {
    slug: 'schema-invalid',
    messages,
  });
}

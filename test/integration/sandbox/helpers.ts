/** Small HTTP helpers for the demo MSC's integration tests (real server on 127.0.0.1, global fetch). */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Problem, PROBLEM_CONTENT_TYPE } from '@shared/msc/problem';
import { API_VERSION, API_VERSION_HEADER } from '@shared/msc/operations';
import { expect } from 'vitest';

export async function tempDir(prefix = 'kb-sandbox-'): Promise<{ path: string; remove(): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), prefix));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

export async function tokenFor(url: string, clientId = 'demo', secret = 'demo-secret'): Promise<string> {
  const res = await fetch(`${url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret }),
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { access_token: string };
  return body.access_token;
}

export type Reply = { status: number; headers: Headers; body: unknown };

export type Api = {
  get(path: string): Promise<Reply>;
  post(path: string, body?: unknown, headers?: Record<string, string>): Promise<Reply>;
};

async function toReply(res: Response): Promise<Reply> {
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  return {
    status: res.status,
    headers: res.headers,
    body: text !== '' && type.includes('json') ? (JSON.parse(text) as unknown) : text,
  };
}

/** Requests with `Authorization: Bearer <token>`; bodies are JSON unless already a string. */
export function api(url: string, token?: string): Api {
  const auth: Record<string, string> = token === undefined ? {} : { authorization: `Bearer ${token}` };
  return {
    get: async (path) => toReply(await fetch(url + path, { headers: auth })),
    post: async (path, body, headers = {}) =>
      toReply(
        await fetch(url + path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...auth, ...headers },
          body: body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body),
        }),
      ),
  };
}

/** Asserts an RFC 9457 problem reply with the given status and the API version header; returns the body. */
export function expectProblem(reply: Reply, status: number): Problem & Record<string, unknown> {
  expect(reply.status).toBe(status);
  expect(reply.headers.get('content-type')).toContain(PROBLEM_CONTENT_TYPE);
  expect(reply.headers.get(API_VERSION_HEADER)).toBe(API_VERSION);
  const parsed = Problem.safeParse(reply.body);
  expect(parsed.success).toBe(true);
  const body = reply.body as Problem & Record<string, unknown>;
  expect(body.status).toBe(status);
  expect(typeof body.detail).toBe('string');
  return body;
}

/** Polls `read` until `done` holds or the timeout passes (then fails with the last value). */
export async function pollUntil<T>(read: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last = await read();
  while (!done(last)) {
    if (Date.now() > until)
      throw new Error(`condition not reached within ${String(timeoutMs)} ms; last value: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 20));
    last = await read();
  }
  return last;
}

export function operatorApi(url: string, operatorToken: string): Api {
  return api(url, operatorToken);
}

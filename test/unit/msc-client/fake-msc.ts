/**
 * A tiny scriptable MSC on 127.0.0.1:0 for fault injection: each test decides per request what the
 * wire does (answer, stall, reset mid-reply, send garbage). Every request is recorded.
 */
import { createServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { ServerOptions as HttpsOptions } from 'node:https';
import type { AddressInfo } from 'node:net';

export type Recorded = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
};

export type Handler = (req: Recorded, res: ServerResponse) => void | Promise<void>;

export type FakeMsc = {
  url: string;
  port: number;
  requests: Recorded[];
  /** Requests to one path (query ignored), optionally with one method. */
  hits: (path: string, method?: string) => Recorded[];
  close: () => Promise<void>;
};

export async function startFakeMsc(handler: Handler, tls?: HttpsOptions, port = 0): Promise<FakeMsc> {
  const requests: Recorded[] = [];
  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const rec: Recorded = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(rec);
      Promise.resolve(handler(rec, res)).catch((e: unknown) => {
        res.destroy(e instanceof Error ? e : new Error(String(e)));
      });
    });
  };
  const server: Server = tls ? createHttpsServer(tls, listener) : createServer(listener);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      resolve();
    });
  });
  const actualPort = (server.address() as AddressInfo).port;
  return {
    url: `${tls ? 'https' : 'http'}://127.0.0.1:${String(actualPort)}`,
    port: actualPort,
    requests,
    hits: (path, method) => requests.filter((r) => r.path === path && (method === undefined || r.method === method)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'x-api-version': '1.0.1', ...headers });
  res.end(text);
}

export function problem(
  res: ServerResponse,
  status: number,
  detail: string,
  extra: { messages?: unknown[]; headers?: Record<string, string> } = {},
): void {
  res.writeHead(status, { 'content-type': 'application/problem+json', ...extra.headers });
  res.end(
    JSON.stringify({
      type: 'about:blank',
      title: `Status ${String(status)}`,
      status,
      detail,
      ...(extra.messages ? { messages: extra.messages } : {}),
    }),
  );
}

/** Sends the head and the first bytes of a body, then kills the socket: a reset mid-response. */
export function resetMidResponse(_req: Recorded, res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
  res.write('{"billingperiods":[{"fr');
  setImmediate(() => res.socket?.destroy());
}

/** Never answers; the client's deadline must fire. The socket is freed when the server closes. */
export function stall(_req: Recorded, _res: ServerResponse): void {
  // intentionally no reply
}

/** Token endpoint issuing tok-1, tok-2, … and counting issues. */
export function tokenIssuer(expiresIn = 300): { handle: (req: Recorded, res: ServerResponse) => boolean; issued: () => number } {
  let n = 0;
  return {
    handle(req, res) {
      if (req.path !== '/oauth/token') return false;
      const form = new URLSearchParams(req.body);
      if (form.get('client_id') !== 'demo' || form.get('client_secret') !== 'demo-secret') {
        json(res, 401, { error: 'invalid_client', error_description: 'Unbekannter Client' });
        return true;
      }
      n++;
      json(res, 200, { access_token: `tok-${String(n)}`, token_type: 'Bearer', expires_in: expiresIn });
      return true;
    },
    issued: () => n,
  };
}

/**
 * A fault-injecting HTTP proxy on loopback, in front of the demo MSC, for tests of what the app believes after the
 * network misbehaved. Per request a plan picks a rule; every request and what was done to it is recorded. Held
 * requests are still forwarded after the client gave up, like a real gateway that delivers late.
 */
import { createServer, request as httpRequest, Agent } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type FaultRule =
  | { kind: 'pass' }
  /** Close the client's socket without forwarding: the MSC never sees the request. */
  | { kind: 'drop' }
  /** Forward, let the MSC act and answer, then destroy the client's socket instead of answering. */
  | { kind: 'reset-after-forward' }
  /** Hold the request, then forward it even if the client has given up meanwhile. */
  | { kind: 'hold'; ms: number }
  /** Forward at once, hold the MSC's reply. */
  | { kind: 'stall-reply'; ms: number }
  /** Answer with this status without forwarding (a gateway that refuses). */
  | { kind: 'status'; status: number }
  /** Forward, then send half the reply body: `cut` keeps the full Content-Length and resets, `short` ends cleanly. */
  | { kind: 'truncate'; mode?: 'cut' | 'short' };

export type ProxiedRequest = {
  /** 1-based number of the request at this proxy. */
  seq: number;
  /** 1-based number among requests with the same method and path (without query). */
  nth: number;
  method: string;
  path: string;
  query: URLSearchParams;
};

export type FaultPlan = (req: ProxiedRequest) => FaultRule;

export type FaultRecord = {
  seq: number;
  method: string;
  url: string;
  rule: FaultRule;
  forwarded: boolean;
  upstreamStatus?: number;
  /** `answered`: the client got the reply meant for it; `client-gone`: it had closed before the reply. */
  outcome?: 'answered' | 'dropped' | 'reset' | 'truncated' | 'refused' | 'client-gone' | 'upstream-error';
};

export type FaultProxy = {
  url: string;
  records: () => readonly FaultRecord[];
  setPlan: (plan: FaultPlan) => void;
  /** Resolves once no request is held, forwarded or being answered. */
  whenIdle: () => Promise<void>;
  close: () => Promise<void>;
};

const MAX_BODY_BYTES = 5 * 1024 * 1024;
const MAX_HOLD_MS = 60_000;
const MAX_RECORDS = 10_000;
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer']);

export const passAll: FaultPlan = () => ({ kind: 'pass' });

/**
 * Picks a rule by rates in [0, 1] for requests `applies` selects (the others pass). The draw depends only on the
 * seed, method, path and `nth`, so the same request meets the same fault however concurrent requests interleave.
 */
export function byRates(
  rates: readonly { rule: FaultRule; rate: number }[],
  options: { seed: number; applies?: (req: ProxiedRequest) => boolean },
): FaultPlan {
  const total = rates.reduce((sum, r) => sum + r.rate, 0);
  if (total > 1) throw new Error('fault rates add up to more than 1');
  return (req) => {
    if (options.applies && !options.applies(req)) return { kind: 'pass' };
    let draw = uniform(`${String(options.seed)} ${req.method} ${req.path} ${String(req.nth)}`);
    for (const r of rates) {
      if (draw < r.rate) return r.rule;
      draw -= r.rate;
    }
    return { kind: 'pass' };
  };
}

/** FNV-1a, then a splitmix-style finaliser: a stable uniform number in [0, 1) for a key. */
function uniform(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 2 ** 32;
}

const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

type Reply = { status: number; headers: IncomingHttpHeaders; body: Buffer };

export async function startFaultProxy(targetUrl: string, initialPlan: FaultPlan = passAll): Promise<FaultProxy> {
  const target = new URL(targetUrl);
  if (target.protocol !== 'http:' || !LOOPBACK.has(target.hostname)) {
    throw new Error(`the fault proxy forwards only to http on loopback, not to ${targetUrl}`);
  }
  let plan = initialPlan;
  let seq = 0;
  const perPath = new Map<string, number>();
  const records: FaultRecord[] = [];
  const busy = new Set<Promise<void>>();
  /** Pending holds: closing the proxy ends them at once (and forwarding then fails). */
  const holds = new Map<ReturnType<typeof setTimeout>, () => void>();
  const agent = new Agent({ keepAlive: false });
  let closed = false;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(
        () => {
          holds.delete(timer);
          resolve();
        },
        Math.min(ms, MAX_HOLD_MS),
      );
      holds.set(timer, resolve);
    });

  function forward(req: IncomingMessage, body: Buffer): Promise<Reply> {
    const headers: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined && !HOP_BY_HOP.has(k)) headers[k] = v;
    headers.host = target.host;
    headers['content-length'] = String(body.length);
    return new Promise((resolve, reject) => {
      if (closed) {
        reject(new Error('proxy closed'));
        return;
      }
      const up = httpRequest(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent, timeout: MAX_HOLD_MS },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) });
          });
          res.on('error', reject);
        },
      );
      up.on('timeout', () => up.destroy(new Error('upstream timeout')));
      up.on('error', reject);
      up.end(body);
    });
  }

  function gone(res: ServerResponse): boolean {
    return res.destroyed || res.socket === null || res.socket.destroyed;
  }

  function relay(res: ServerResponse, reply: Reply, record: FaultRecord, truncate?: 'cut' | 'short'): void {
    if (gone(res)) {
      record.outcome = 'client-gone';
      return;
    }
    const headers: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(reply.headers)) if (v !== undefined && !HOP_BY_HOP.has(k)) headers[k] = v;
    if (truncate === undefined) {
      res.writeHead(reply.status, headers).end(reply.body);
      record.outcome = 'answered';
      return;
    }
    const half = reply.body.subarray(0, Math.floor(reply.body.length / 2));
    record.outcome = 'truncated';
    if (truncate === 'short') {
      Reflect.deleteProperty(headers, 'content-length');
      res.writeHead(reply.status, headers).end(half);
      return;
    }
    res.writeHead(reply.status, headers);
    res.write(half, () => res.socket?.destroy());
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://proxy');
    const key = `${req.method ?? ''} ${url.pathname}`;
    const nth = (perPath.get(key) ?? 0) + 1;
    perPath.set(key, nth);
    const info: ProxiedRequest = { seq: ++seq, nth, method: req.method ?? '', path: url.pathname, query: url.searchParams };
    const rule = plan(info);
    const record: FaultRecord = { seq: info.seq, method: info.method, url: req.url ?? '/', rule, forwarded: false };
    if (records.length < MAX_RECORDS) records.push(record);
    if (body === undefined) {
      record.outcome = 'refused';
      res.writeHead(413).end();
      return;
    }
    if (rule.kind === 'drop') {
      record.outcome = 'dropped';
      req.socket.destroy();
      return;
    }
    if (rule.kind === 'status') {
      record.outcome = 'refused';
      const problem = JSON.stringify({ type: 'about:blank', title: 'Gateway-Fehler (Testproxy)', status: rule.status });
      res.writeHead(rule.status, { 'content-type': 'application/problem+json' }).end(problem);
      return;
    }
    if (rule.kind === 'hold') await sleep(rule.ms);
    let reply: Reply;
    try {
      record.forwarded = true;
      reply = await forward(req, body);
    } catch {
      record.outcome = 'upstream-error';
      req.socket.destroy();
      return;
    }
    record.upstreamStatus = reply.status;
    if (rule.kind === 'reset-after-forward') {
      record.outcome = gone(res) ? 'client-gone' : 'reset';
      req.socket.destroy();
      return;
    }
    if (rule.kind === 'stall-reply') await sleep(rule.ms);
    relay(res, reply, record, rule.kind === 'truncate' ? (rule.mode ?? 'cut') : undefined);
  }

  const server = createServer((req, res) => {
    const run = handle(req, res)
      .catch(() => {
        req.socket.destroy();
      })
      .finally(() => busy.delete(run));
    busy.add(run);
  });
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${String(port)}`,
    records: () => records,
    setPlan(next) {
      plan = next;
    },
    async whenIdle() {
      while (busy.size > 0) await Promise.allSettled([...busy]);
    },
    async close() {
      closed = true;
      for (const [timer, resolve] of holds) {
        clearTimeout(timer);
        resolve();
      }
      holds.clear();
      const stopped = new Promise<void>((resolve) =>
        server.close(() => {
          resolve();
        }),
      );
      server.closeAllConnections();
      for (const socket of sockets) socket.destroy();
      agent.destroy();
      await stopped;
    },
  };
}

/** The whole request body, or undefined when it exceeds the bound. */
function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY_BYTES) chunks.push(c);
    });
    req.on('end', () => {
      resolve(size > MAX_BODY_BYTES ? undefined : Buffer.concat(chunks));
    });
    req.on('error', reject);
    // A client that gives up mid-body ends the request here; nothing is forwarded or recorded.
    req.on('close', () => {
      if (!req.complete) reject(new Error('client closed before the request body was complete'));
    });
  });
}

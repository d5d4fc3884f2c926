/**
 * Browser mode: the same handlers as Electron IPC, behind a loopback HTTP bridge that also serves the built
 * renderer. Every call passes the same gate (electron/ipc/gate.ts). The per-launch token travels in the URL
 * fragment (never sent to a server or a log) and then in a header; Host and Origin must name this loopback
 * port, which stops DNS rebinding and cross-site requests.
 */
import { consoleLog, type Log } from '@main/lib/log';
import { BRIDGE_TOKEN_HEADER } from '@shared/ipc/api-types';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createGate } from '@main/ipc/gate';
import type { Handlers } from '@main/ipc/gate';
import type { EventHub } from '@main/ipc/events';
import { httpSenderProblem } from '@main/ipc/senders';
import type { HttpSender, HttpTrust } from '@main/ipc/senders';
import type { FileStore } from '@main/app/file-store';
import { MAX_FILE_BYTES } from '@main/app/file-store';
import { contentTypeFor, resolveStaticFile } from '@main/bridge/static-files';
import {
  BodyTooLargeError,
  SECURITY_HEADERS,
  attachmentDisposition,
  header,
  readBody,
  sendJson,
  sendText,
} from '@main/bridge/http-util';
import { openEventStream } from '@main/bridge/sse';

export const TOKEN_HEADER = BRIDGE_TOKEN_HEADER;
const MAX_JSON_BYTES = 2 * 1024 * 1024;

export type BridgeOptions = {
  handlers: Handlers;
  hub: EventHub;
  files: FileStore;
  rendererDir: string;
  /** 0 picks a free port. */
  port?: number;
  log?: Log;
  /**
   * How long one request (headers and body) may take to arrive. A caller that trickles its body would otherwise
   * hold a connection for Node's default of five minutes; loopback delivers our largest upload in well under a second.
   */
  requestTimeoutMs?: number;
};

const REQUEST_TIMEOUT_MS = 30_000;

export type Bridge = {
  /** Base URL without token, e.g. http://127.0.0.1:41234/ */
  url: string;
  /** URL to open in a browser: carries the token in the fragment. */
  launchUrl: string;
  port: number;
  token: string;
  close(): Promise<void>;
};

export async function startBridge(options: BridgeOptions): Promise<Bridge> {
  const token = randomBytes(32).toString('base64url');
  const trust: HttpTrust = { token, port: 0 };
  const gate = createGate({ handlers: options.handlers, trust: { http: trust }, ...(options.log ? { log: options.log } : {}) });
  const log = options.log ?? consoleLog;

  const requestTimeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const serverOptions = {
    requestTimeout,
    headersTimeout: requestTimeout,
    // Node looks for overdue requests only this often; a tenth of the limit keeps the answer close to it.
    connectionsCheckingInterval: Math.max(50, Math.floor(requestTimeout / 10)),
  };
  const server = createServer(serverOptions, (req, res) => {
    closeWhenAnsweredBeforeBody(req, res);
    route(req, res).catch((err: unknown) => {
      log('bridge request failed', err);
      if (!res.headersSent) sendText(res, 500, 'Interner Fehler');
      else res.destroy();
    });
  });

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Appended, not resolved: `//x` as a reference would name a host and throw.
    const url = URL.canParse(`http://bridge.invalid${req.url ?? '/'}`) ? new URL(`http://bridge.invalid${req.url ?? '/'}`) : null;
    if (url === null || !url.pathname.startsWith('/')) {
      sendText(res, 400, 'Ungültige Adresse');
      return;
    }
    const method = req.method ?? 'GET';
    const path = url.pathname;
    // EventSource cannot send headers, so only the event stream takes the token from the query.
    const queryToken = path === '/events' ? url.searchParams.get('token') : null;
    const sender: HttpSender = {
      transport: 'http',
      method,
      token: header(req, TOKEN_HEADER) ?? queryToken ?? undefined,
      host: header(req, 'host'),
      origin: header(req, 'origin'),
    };

    if (path.startsWith('/ipc/')) {
      if (method !== 'POST') {
        sendText(res, 405, 'Nur POST');
        return;
      }
      return handleIpc(req, res, sender, decodeSafe(path.slice('/ipc/'.length)));
    }
    if (path === '/events' || path.startsWith('/files/')) {
      const problem = httpSenderProblem(sender, trust);
      if (problem !== null) {
        refuse(res, problem);
        return;
      }
      if (path === '/events' && method === 'GET') {
        openEventStream(req, res, options.hub);
        return;
      }
      if (path === '/files/upload' && method === 'POST') return handleUpload(req, res, url);
      const download = /^\/files\/download\/([\w-]+)$/.exec(path);
      if (download?.[1] !== undefined && method === 'GET') {
        handleDownload(res, download[1]);
        return;
      }
      sendText(res, 404, 'Nicht gefunden');
      return;
    }
    // Static files need no token (the page must load before it can read one), but the Host must be ours.
    if (!(method === 'GET' || method === 'HEAD')) {
      sendText(res, 405, 'Nicht erlaubt');
      return;
    }
    const hostProblem = httpSenderProblem({ ...sender, token: trust.token, origin: undefined }, trust);
    if (hostProblem !== null) {
      refuse(res, hostProblem);
      return;
    }
    return serveStatic(res, req.url?.split('?')[0] ?? '/', method);
  }

  async function handleIpc(req: IncomingMessage, res: ServerResponse, sender: HttpSender, channel: string): Promise<void> {
    // The sender is checked before the body is read, so a foreign caller cannot even make us buffer.
    const problem = httpSenderProblem(sender, trust);
    if (problem !== null) {
      refuse(res, problem);
      return;
    }
    if (!(header(req, 'content-type') ?? '').startsWith('application/json')) {
      sendText(res, 415, 'JSON erwartet');
      return;
    }
    let envelope: unknown;
    try {
      envelope = JSON.parse((await readBody(req, MAX_JSON_BYTES)).toString('utf8') || '{}');
    } catch (err) {
      if (err instanceof BodyTooLargeError) {
        refuseTooLarge(req, res, 'Anfrage zu groß');
        return;
      }
      sendJson(res, 400, { ok: false, error: { code: 'VALIDATION', message: 'Die Anfrage war kein gültiges JSON.' } });
      return;
    }
    const input = typeof envelope === 'object' && envelope !== null ? (envelope as { input?: unknown }).input : undefined;
    const reply = await gate.call(sender, channel, input);
    if (reply.kind === 'forbidden') {
      refuse(res, reply.reason);
      return;
    }
    if (reply.kind === 'unknown-channel') {
      sendText(res, 404, 'Unbekannter Kanal');
      return;
    }
    sendJson(res, 200, reply.result);
  }

  async function handleUpload(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    let bytes: Buffer;
    try {
      bytes = await readBody(req, MAX_FILE_BYTES);
    } catch (err) {
      if (err instanceof BodyTooLargeError) {
        refuseTooLarge(req, res, 'Datei zu groß (höchstens 50 MB)');
        return;
      }
      throw err;
    }
    const stored = options.files.put(url.searchParams.get('name') ?? 'datei', new Uint8Array(bytes));
    sendJson(res, 200, { fileId: stored.id, name: stored.name, size: stored.bytes.byteLength });
  }

  function handleDownload(res: ServerResponse, id: string): void {
    const file = options.files.get(id);
    if (!file) {
      sendText(res, 404, 'Datei nicht mehr vorhanden');
      return;
    }
    res.writeHead(200, {
      ...SECURITY_HEADERS,
      'Content-Type': contentTypeFor(file.name),
      'Content-Length': file.bytes.byteLength,
      'Content-Disposition': attachmentDisposition(file.name),
      'Cache-Control': 'no-store',
    });
    res.end(file.bytes);
  }

  async function serveStatic(res: ServerResponse, rawPath: string, method: string): Promise<void> {
    const file = await resolveStaticFile(options.rendererDir, rawPath);
    if (file === null) {
      sendText(res, 404, 'Nicht gefunden');
      return;
    }
    const body = await readFile(file);
    res.writeHead(200, {
      ...SECURITY_HEADERS,
      'Content-Type': contentTypeFor(file),
      'Content-Length': body.byteLength,
      'Cache-Control': file.endsWith('.html') ? 'no-store' : 'public, max-age=3600',
    });
    res.end(method === 'HEAD' ? undefined : body);
  }

  const refusalLog = throttledLog(log, REFUSAL_LOG_INTERVAL_MS);

  function refuse(res: ServerResponse, reason: string): void {
    refusalLog(`bridge refused a request: ${reason}`);
    sendText(res, 403, 'Zugriff verweigert');
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  trust.port = (server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${trust.port}/`;
  return {
    url: base,
    launchUrl: `${base}#token=${token}`,
    port: trust.port,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

/**
 * Answers 413 and then reads the rest of the body away, so the client sees the answer instead of a reset
 * connection; the connection closes after that. A client that keeps sending far beyond is cut off.
 */
function refuseTooLarge(req: IncomingMessage, res: ServerResponse, text: string): void {
  res.setHeader('Connection', 'close');
  sendText(res, 413, text);
  drainRest(req);
}

/** Reads the rest of a body away, so the client sees the answer; one that keeps sending far beyond is cut off. */
function drainRest(req: IncomingMessage): void {
  let drained = 0;
  req.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > MAX_DRAIN_BYTES) req.destroy();
  });
  req.resume();
}

const MAX_DRAIN_BYTES = 64 * 1024 * 1024;

/**
 * A refusal (wrong method, sender or type) answers before reading the body. Node would then keep the connection for
 * the next request while the unread body is still on it, and the client's next call on that socket hangs up. So such
 * an answer closes the connection, and the rest of the body is read away so the client still sees the answer.
 */
function closeWhenAnsweredBeforeBody(req: IncomingMessage, res: ServerResponse): void {
  const hasBody = (req.headers['content-length'] ?? '0') !== '0' || req.headers['transfer-encoding'] !== undefined;
  if (!hasBody) return;
  const writeHead = res.writeHead.bind(res);
  res.writeHead = ((...args: Parameters<typeof res.writeHead>) => {
    if (!req.complete && !req.readableFlowing) {
      res.setHeader('Connection', 'close');
      drainRest(req);
    }
    return writeHead(...args);
  }) as typeof res.writeHead;
}
const REFUSAL_LOG_INTERVAL_MS = 10_000;

/** A foreign page may knock many times a second: one line per interval, saying how many were left out. */
function throttledLog(log: Log, intervalMs: number): (message: string) => void {
  let last = -Infinity;
  let skipped = 0;
  return (message) => {
    const now = Date.now();
    if (now - last < intervalMs) {
      skipped++;
      return;
    }
    log(skipped > 0 ? `${message} (${String(skipped)} more refused since the last line)` : message);
    last = now;
    skipped = 0;
  };
}

function decodeSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return '';
  }
}

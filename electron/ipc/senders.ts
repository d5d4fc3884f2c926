/**
 * Who may call the gate. Electron: only the main frame of our own renderer page. Browser bridge: only a page
 * that holds this launch's token and talks to us by our loopback name (Host and Origin checks stop DNS rebinding).
 */
import { timingSafeEqual } from 'node:crypto';

export type ElectronSender = { transport: 'electron'; frameUrl: string | undefined; isMainFrame: boolean };
export type HttpSender = {
  transport: 'http';
  method: string;
  token: string | undefined;
  host: string | undefined;
  origin: string | undefined;
};
export type Sender = ElectronSender | HttpSender;

/** `rendererUrl`: the URL of the folder that holds our index.html (file:… in Electron). */
export type ElectronTrust = { rendererUrl: string };
export type HttpTrust = { token: string; port: number };
export type Trust = { electron?: ElectronTrust; http?: HttpTrust };

export function isTrustedElectronSender(sender: ElectronSender, trust: ElectronTrust): boolean {
  if (!sender.isMainFrame || sender.frameUrl === undefined) return false;
  const frame = parseUrl(sender.frameUrl);
  const base = parseUrl(trust.rendererUrl.endsWith('/') ? trust.rendererUrl : `${trust.rendererUrl}/`);
  if (!frame || !base) return false;
  return frame.protocol === base.protocol && frame.host === base.host && comparablePath(frame).startsWith(comparablePath(base));
}

/** Decoded path; Windows drive paths compare case-insensitively (`C:` and `c:` name the same folder). */
function comparablePath(url: URL): string {
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return url.pathname;
  }
  return url.protocol === 'file:' && /^\/[a-z]:\//i.test(path) ? path.toLowerCase() : path;
}

/** The loopback origins this launch answers to. */
export function allowedOrigins(port: number): string[] {
  return [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
}

export function isAllowedHost(host: string | undefined, port: number): boolean {
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

/** Browsers always send Origin on POST; on GET (EventSource, downloads) it may be missing but never foreign. */
export function isAllowedOrigin(origin: string | undefined, method: string, port: number): boolean {
  if (origin === undefined) return method === 'GET' || method === 'HEAD';
  return allowedOrigins(port).includes(origin);
}

export function tokensMatch(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `null` when the request may pass, otherwise the reason (for the log, never for the caller). */
export function httpSenderProblem(sender: HttpSender, trust: HttpTrust): string | null {
  if (!isAllowedHost(sender.host, trust.port)) return 'foreign Host';
  if (!isAllowedOrigin(sender.origin, sender.method, trust.port)) return 'foreign Origin';
  if (!tokensMatch(sender.token, trust.token)) return 'missing or wrong token';
  return null;
}

export function senderProblem(sender: Sender, trust: Trust): string | null {
  if (sender.transport === 'electron') {
    if (!trust.electron) return 'electron transport not enabled';
    return isTrustedElectronSender(sender, trust.electron) ? null : 'not our main frame';
  }
  if (!trust.http) return 'http transport not enabled';
  return httpSenderProblem(sender, trust.http);
}

function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/** OAuth2 client-credentials tokens, cached until shortly before they expire and shared by concurrent requests. */
import { appError } from '@shared/domain/app-error';
import { TokenResponse } from '@shared/msc/problem';
import { parseProblem, parseReply, replyError } from '@main/services/msc-client/errors';
import type { Clock, TokenProvider, Transport } from '@main/services/msc-client/http';
import type { Patience } from '@main/services/msc-client/retry';

export type TokenCacheOptions = {
  transport: Transport;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  clock: Clock;
};

const WHAT = 'Anmeldung beim Messdienst';

/** Renew a tenth of the lifetime early (at most a minute) so a token never expires on its way to the MSC. */
export function refreshMarginMs(lifetimeMs: number): number {
  return Math.min(60_000, Math.floor(lifetimeMs / 10));
}

export function createTokenCache(opts: TokenCacheOptions): TokenProvider {
  let cached: { token: string; renewAt: number } | undefined;
  let inflight: { token: Promise<string>; patience: Patience } | undefined;

  async function fetchToken(patience: Patience): Promise<string> {
    const body = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: opts.clientId,
      client_secret: opts.clientSecret,
    }).toString();
    const reply = await opts.transport.send({
      method: 'POST',
      url: opts.tokenUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
      // Asking for a token changes nothing at the MSC, so it may be retried like a GET.
      retry: 'idempotent',
      patience,
      what: WHAT,
      authenticate: false,
    });
    if (reply.status === 400 || reply.status === 401) {
      const oauth = safeJson(reply.text) as { error?: unknown; error_description?: unknown } | undefined;
      const reason =
        (typeof oauth?.error_description === 'string' ? oauth.error_description : undefined) ?? parseProblem(reply)?.detail;
      throw appError(
        'AUTH',
        { key: 'signIn.rejected', params: { detail: reason ? `(${reason})` : '' } },
        `${WHAT} fehlgeschlagen: Client-ID oder Client-Geheimnis wurden abgelehnt. Bitte prüfen Sie die Zugangsdaten in den Einstellungen.${
          reason ? ` (${reason})` : ''
        }`,
        { status: reply.status, error: typeof oauth?.error === 'string' ? oauth.error : undefined },
      );
    }
    if (reply.status !== 200) throw replyError(reply, WHAT);
    const receivedAt = opts.clock.now();
    const token = parseReply(reply, TokenResponse, WHAT);
    const lifetimeMs = token.expires_in * 1000;
    cached = { token: token.access_token, renewAt: receivedAt + lifetimeMs - refreshMarginMs(lifetimeMs) };
    return token.access_token;
  }

  return {
    // One shared request serves every waiting call, so no single caller's cancel may abort it; the timeout bounds it.
    // An interactive request joins any request under way; a patient one (background work) only a patient one, so
    // an interactive request's quick failure never cuts the background's retries short.
    get(patience = 'patient') {
      if (cached && opts.clock.now() < cached.renewAt) return Promise.resolve(cached.token);
      if (inflight && (patience === 'interactive' || inflight.patience === 'patient')) return inflight.token;
      const mine = {
        token: fetchToken(patience).finally(() => {
          if (inflight === mine) inflight = undefined;
        }),
        patience,
      };
      inflight = mine;
      return mine.token;
    },
    invalidate(token) {
      if (cached?.token === token) cached = undefined;
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

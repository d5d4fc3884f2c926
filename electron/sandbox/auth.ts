/**
 * OAuth2 client credentials for the demo MSC: `POST /oauth/token` issues Bearer tokens that expire by
 * the injected clock. Tokens live in memory only; after a restart clients simply fetch a new one.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TokenResponse } from '@shared/msc/problem';
import { TOKEN_PATH } from '@shared/msc/operations';
import type { WorldClient } from '@main/sandbox/world-types';
import type { Caller } from '@main/sandbox/world-index';
import { ProblemError } from '@main/sandbox/problems';

export const DEFAULT_TOKEN_TTL_SECONDS = 3600;

type Issued = Caller & { expiresAt: number };

export class TokenIssuer {
  private readonly tokens = new Map<string, Issued>();

  constructor(
    private readonly clients: ReadonlyMap<string, WorldClient>,
    private readonly clock: () => Date,
    private readonly ttlSeconds: number,
  ) {}

  issue(clientId: string | undefined, secret: string | undefined): TokenResponse {
    const client = clientId === undefined ? undefined : this.clients.get(clientId);
    if (!client || secret === undefined || !sameText(client.clientSecret, secret)) {
      throw new ProblemError(401, 'Client-ID oder Client-Secret ist falsch.', {
        slug: 'invalid-client',
        extensions: { error: 'invalid_client' },
        headers: { 'WWW-Authenticate': 'Basic realm="demo-msc"' },
      });
    }
    const now = this.clock().getTime();
    for (const [t, v] of this.tokens) if (v.expiresAt <= now) this.tokens.delete(t);
    const token = randomBytes(24).toString('base64url');
    this.tokens.set(token, {
      clientId: client.clientId,
      customerMscnumber: client.customerMscnumber,
      expiresAt: now + this.ttlSeconds * 1000,
    });
    return { access_token: token, token_type: 'Bearer', expires_in: this.ttlSeconds };
  }

  /** The caller behind an `Authorization: Bearer …` header; 401 problem otherwise. */
  verify(header: string | undefined): Caller {
    const challenge = (error: string): Record<string, string> => ({
      'WWW-Authenticate': `Bearer realm="demo-msc", error="${error}"`,
    });
    const m = header === undefined ? null : /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!m?.[1]) {
      throw new ProblemError(401, 'Anmeldung fehlt: bitte zuerst unter /oauth/token ein Token holen und als Bearer senden.', {
        headers: { 'WWW-Authenticate': 'Bearer realm="demo-msc"' },
      });
    }
    const issued = this.tokens.get(m[1]);
    if (!issued) throw new ProblemError(401, 'Das Token ist unbekannt oder ungültig.', { headers: challenge('invalid_token') });
    if (issued.expiresAt <= this.clock().getTime()) {
      this.tokens.delete(m[1]);
      throw new ProblemError(401, 'Das Token ist abgelaufen; bitte ein neues holen.', { headers: challenge('invalid_token') });
    }
    return { clientId: issued.clientId, customerMscnumber: issued.customerMscnumber };
  }
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** client_id/secret from HTTP Basic (RFC 6749 §2.3.1: form-urlencoded inside), else from the body. */
function credentials(req: FastifyRequest, body: Record<string, unknown>): { id?: string; secret?: string } {
  const m = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  if (m?.[1]) {
    const decoded = Buffer.from(m[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) {
      return { id: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) };
    }
  }
  const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
  return { id: text(body.client_id), secret: text(body.client_secret) };
}

/** Registers the token endpoint in its own scope, so form bodies are accepted there and nowhere else. */
export function registerTokenRoute(app: FastifyInstance, issuer: TokenIssuer): void {
  void app.register(async (scope) => {
    await scope.register(formbody);
    scope.post(TOKEN_PATH, async (req, reply) => {
      const body = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<string, unknown>;
      if (body.grant_type !== 'client_credentials') {
        throw new ProblemError(400, 'grant_type muss client_credentials sein.', {
          slug: 'unsupported-grant-type',
          extensions: { error: body.grant_type === undefined ? 'invalid_request' : 'unsupported_grant_type' },
        });
      }
      const { id, secret } = credentials(req, body);
      const token = issuer.issue(id, secret);
      return reply.header('Cache-Control', 'no-store').send(token);
    });
  });
}

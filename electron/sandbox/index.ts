/**
 * The demo MSC (Messdienst) as a real HTTP server implementing docs/msc-contract.md for both path
 * profiles. Used by the CLI (`npm run sandbox`), by integration and end-to-end tests, and by benchmarks.
 */
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { World } from '@main/sandbox/world-types';
import { checkSubmission } from '@main/sandbox/rules/index';
import { DEFAULT_TOKEN_TTL_SECONDS, TokenIssuer } from '@main/sandbox/auth';
import { createKeyedSerial } from '@main/lib/keyed-serial';
import { RateLimiter } from '@main/sandbox/rate-limit';
import { buildServer } from '@main/sandbox/server';
import { DEFAULT_DELAYS, SetupEngine } from '@main/sandbox/setup-engine';
import { SandboxState } from '@main/sandbox/state';
import { indexWorld } from '@main/sandbox/world-index';
import { demoWorld } from '@main/sandbox/seed';
import { addLargeSeed } from '@main/sandbox/seed-large';
import type { SandboxContext } from '@main/sandbox/context';
import { BillingService } from '@main/sandbox/billing/service';

export type SandboxOptions = {
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  dataDir: string;
  reset?: boolean;
  /** Default: the demo world from seed.ts. */
  world?: World;
  seedLarge?: number;
  clock?: () => Date;
  delays?: { matchingStartMs?: number; matchingCompleteMs?: number };
  rateLimit?: { requestsPerSecond: number };
  tokenTtlSeconds?: number;
  /** Bill a period by itself this many ms after its binding submission (docs/msc-results.md); off unless set. */
  billAfterMs?: number;
  /** `ca` is the client CA: with it the server requires and verifies client certificates (mTLS). */
  tls?: { key: string; cert: string; ca: string };
};

export type Sandbox = { url: string; operatorToken: string; close(): Promise<void> };

export type { World } from '@main/sandbox/world-types';

export async function startSandbox(opts: SandboxOptions): Promise<Sandbox> {
  await mkdir(opts.dataDir, { recursive: true });
  const world = opts.world ?? demoWorld();
  const full = opts.seedLarge !== undefined && opts.seedLarge > 0 ? addLargeSeed(world, opts.seedLarge) : world;
  const index = indexWorld(full);
  const clock = opts.clock ?? ((): Date => new Date());
  const state = await SandboxState.open(opts.dataDir, opts.reset ?? false);
  const lock = createKeyedSerial();
  const delays = {
    matchingStartMs: opts.delays?.matchingStartMs ?? DEFAULT_DELAYS.matchingStartMs,
    matchingCompleteMs: opts.delays?.matchingCompleteMs ?? DEFAULT_DELAYS.matchingCompleteMs,
  };
  const engine = new SetupEngine({ index, state, clock, delays, lock });
  const billing = await BillingService.open(
    {
      dataDir: opts.dataDir,
      index,
      state,
      lock,
      clock,
      ...(opts.billAfterMs === undefined ? {} : { billAfterMs: opts.billAfterMs }),
    },
    opts.reset ?? false,
  );
  const ctx: SandboxContext = {
    index,
    state,
    engine,
    billing,
    issuer: new TokenIssuer(index.clients, clock, opts.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS),
    lock,
    clock,
    check: checkSubmission,
    operatorToken: randomBytes(18).toString('base64url'),
  };
  if (opts.rateLimit) ctx.rateLimiter = new RateLimiter(opts.rateLimit.requestsPerSecond);

  const app = buildServer(ctx, opts.tls);
  const host = opts.host ?? '127.0.0.1';
  await app.listen({ port: opts.port ?? 0, host });
  engine.resume();
  billing.resume();
  const { port } = app.server.address() as AddressInfo;
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    url: `${opts.tls ? 'https' : 'http'}://${shownHost}:${String(port)}`,
    operatorToken: ctx.operatorToken,
    close: () =>
      (closing ??= (async () => {
        await engine.close();
        billing.close();
        await app.close();
        await state.flush();
      })()),
  };
}

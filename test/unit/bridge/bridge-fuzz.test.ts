/**
 * The browser bridge under random and hostile requests: random bodies, paths, methods and content types on the IPC
 * route, deeply nested JSON and a body trickled slower than the request timeout. Each gets an answer with a clear
 * status, no payload reaches a service unless its schema accepts it, and the bridge keeps answering afterwards.
 */
import fc from 'fast-check';
import { request } from 'node:http';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@shared/ipc/contract';
import type { Channel } from '@shared/ipc/contract';
import { createAppContext } from '@main/app/app-context';
import type { AppContext } from '@main/app/app-context';
import type { Handlers } from '@main/ipc/gate';
import { startBridge, TOKEN_HEADER } from '@main/bridge/server';
import type { Bridge } from '@main/bridge/server';
import { raw } from '@test/unit/bridge/http-client';

const channels = Object.keys(contract) as Channel[];
const TIMEOUT_MS = 600;

describe('browser bridge under fuzzing', () => {
  let bridge: Bridge;
  let context: AppContext;
  let ours: Record<string, string>;
  const reached: string[] = [];

  beforeAll(async () => {
    const base = await mkdtemp(join(tmpdir(), 'kb-bridge-fuzz-'));
    await mkdir(join(base, 'renderer'), { recursive: true });
    await writeFile(join(base, 'renderer', 'index.html'), '<!doctype html><title>Kostenbrücke</title>');
    context = createAppContext({ mode: 'browser', version: '1.2.3', userDataDir: join(base, 'data'), log: () => undefined });
    // Recording stand-ins: whatever reaches one would have reached a service.
    const handlers = Object.fromEntries(
      channels.map((c) => [
        c,
        (input: unknown) => {
          reached.push(`${c} ${JSON.stringify(input)}`);
          return Promise.resolve(undefined);
        },
      ]),
    ) as unknown as Handlers;
    bridge = await startBridge({
      handlers,
      hub: context.hub,
      files: context.files,
      rendererDir: join(base, 'renderer'),
      log: () => undefined,
      requestTimeoutMs: TIMEOUT_MS,
    });
    const host = `127.0.0.1:${String(bridge.port)}`;
    ours = { Host: host, Origin: `http://${host}`, [TOKEN_HEADER]: bridge.token, 'Content-Type': 'application/json' };
  });
  afterAll(async () => {
    await bridge.close();
    await context.close();
  });

  const stillAnswers = async () => {
    const reply = await raw(bridge.port, { method: 'POST', path: '/ipc/app:info', headers: ours, body: '{}' });
    expect(reply.status).toBe(200);
  };

  it('answers random bodies on every channel with a status and never lets invalid input through', async () => {
    const body = fc.oneof(
      fc.string({ maxLength: 2000 }),
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.jsonValue().map((v) => JSON.stringify({ input: v })),
      fc.uint8Array({ maxLength: 2000 }).map((b) => Buffer.from(b)),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...channels), body, async (channel, payload) => {
        reached.length = 0;
        const reply = await raw(bridge.port, { method: 'POST', path: `/ipc/${channel}`, headers: ours, body: payload });
        expect([200, 400]).toContain(reply.status);
        if (reply.status === 200) {
          const result = JSON.parse(reply.body) as { ok: boolean; error?: { code: string } };
          // Stand-ins return nothing, which a channel with an answer reports as INTERNAL once its handler ran.
          if (!result.ok && reached.length === 0) expect(result.error?.code).toBe('VALIDATION');
        }
        if (reached.length > 0) {
          let input: unknown;
          try {
            // The bridge reads an empty body as an empty envelope.
            input = (JSON.parse(payload.toString() || '{}') as { input?: unknown } | null)?.input;
          } catch {
            throw new Error(`unparseable body reached ${channel}`);
          }
          expect(contract[channel].input.safeParse(input).success).toBe(true);
        }
      }),
      { numRuns: 250, seed: 20261125 },
    );
    await stillAnswers();
  }, 120_000);

  it('answers random paths, methods and content types without a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'),
        fc
          .oneof(
            fc.webPath(),
            fc.string().map((s) => `/ipc/${encodeURIComponent(s)}`),
            fc.constantFrom('/ipc/%E0%A4%A', '/files/download/../../etc/passwd', '/events/x', '/files/upload?name=../x', '/ipc/'),
          )
          .filter((p) => !p.split('?')[0]?.replace(/^\/*/, '/').startsWith('/events') || p.includes('/events/')),
        fc.constantFrom('application/json', 'text/plain', 'multipart/form-data; boundary=x', ''),
        async (method, path, type) => {
          const reply = await raw(bridge.port, {
            method,
            path: path.startsWith('/') ? path : `/${path}`,
            headers: { ...ours, 'Content-Type': type },
            ...(method === 'GET' || method === 'HEAD' ? {} : { body: '{"input":{}}' }),
          });
          expect(reply.status).toBeGreaterThanOrEqual(200);
          expect(reply.status).toBeLessThan(500);
        },
      ),
      { numRuns: 200, seed: 3 },
    );
    await stillAnswers();
  }, 120_000);

  it('refuses JSON nested thousands of levels deep with a validation error', async () => {
    const nested = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    reached.length = 0;
    const reply = await raw(bridge.port, {
      method: 'POST',
      path: '/ipc/drafts:save',
      headers: ours,
      body: `{"input":${nested}}`,
    });
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
    expect(reached).toEqual([]);
    await stillAnswers();
  });

  it('closes a request whose body trickles in slower than the timeout with 408, and keeps serving', async () => {
    const started = Date.now();
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: bridge.port,
          method: 'POST',
          path: '/ipc/app:info',
          headers: { ...ours, 'Content-Length': '100' },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.write('{"in');
      // Never finishes the body: a slow-loris caller.
    });
    expect(status).toBe(408);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 5);
    await stillAnswers();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAppContext } from '@main/app/app-context';
import type { AppContext } from '@main/app/app-context';
import { startBridge, TOKEN_HEADER } from '@main/bridge/server';
import type { Bridge } from '@main/bridge/server';
import { raw } from '@test/unit/bridge/http-client';

const SECRET = 'NICHT-AUSLIEFERN-4711';

describe('browser bridge', () => {
  let bridge: Bridge;
  let context: AppContext;
  let host: string;
  let origin: string;
  let ours: Record<string, string>;

  beforeAll(async () => {
    const base = await mkdtemp(join(tmpdir(), 'kb-bridge-'));
    const rendererDir = join(base, 'renderer');
    await mkdir(join(rendererDir, 'assets'), { recursive: true });
    await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Kostenbrücke</title>');
    await writeFile(join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
    await writeFile(join(base, 'package.json'), SECRET);
    context = createAppContext({ mode: 'browser', version: '1.2.3', userDataDir: join(base, 'data'), log: () => undefined });
    bridge = await startBridge({
      handlers: context.handlers,
      hub: context.hub,
      files: context.files,
      rendererDir,
      log: () => undefined,
    });
    host = `127.0.0.1:${bridge.port}`;
    origin = `http://${host}`;
    ours = { Host: host, Origin: origin, [TOKEN_HEADER]: bridge.token, 'Content-Type': 'application/json' };
  });
  afterAll(async () => {
    await bridge.close();
    await context.close();
  });

  const ipc = (channel: string, headers: Record<string, string>, body = '{}') =>
    raw(bridge.port, { method: 'POST', path: `/ipc/${channel}`, headers, body });

  it('listens on loopback and hands out the token in the URL fragment only', () => {
    expect(bridge.url).toBe(`http://127.0.0.1:${bridge.port}/`);
    expect(bridge.launchUrl).toBe(`${bridge.url}#token=${bridge.token}`);
    expect(bridge.token).toMatch(/^[\w-]{40,}$/);
  });

  it('answers a call with token, Host and Origin with a Result', async () => {
    const reply = await ipc('app:info', ours);
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toMatchObject({ ok: true, value: { mode: 'browser', version: '1.2.3' } });
  });

  it('accepts localhost as well as 127.0.0.1', async () => {
    const local = `localhost:${bridge.port}`;
    expect((await ipc('app:info', { ...ours, Host: local, Origin: `http://${local}` })).status).toBe(200);
  });

  it.each([
    ['no token', { [TOKEN_HEADER]: undefined }],
    ['a wrong token', { [TOKEN_HEADER]: 'x'.repeat(43) }],
    ['a token of another length', { [TOKEN_HEADER]: 'short' }],
    ['a foreign Host (DNS rebinding)', { Host: 'attacker.example:PORT' }],
    ['a foreign Origin', { Origin: 'https://attacker.example' }],
    ['an Origin on another port', { Origin: 'http://127.0.0.1:1' }],
    ['no Origin on POST', { Origin: undefined }],
  ])('refuses a call with %s', async (_label, change) => {
    const merged: Record<string, string | undefined> = { ...ours, ...change };
    const headers = Object.fromEntries(
      Object.entries(merged).flatMap(([k, v]) => (v === undefined ? [] : [[k, v.replace('PORT', String(bridge.port))]])),
    ) as Record<string, string>;
    const reply = await ipc('connections:list', headers);
    expect(reply.status).toBe(403);
    expect(reply.body).not.toContain('Demo');
  });

  it('refuses a call without Host (Node itself answers 400)', async () => {
    const { Host: _host, ...headers } = ours;
    const reply = await ipc('connections:list', headers);
    expect(reply.status).toBe(400);
    expect(reply.body).not.toContain('Demo');
  });

  it('rejects a malformed payload as VALIDATION and bad envelopes by status', async () => {
    const bad = await ipc('connections:remove', ours, JSON.stringify({ input: { id: 7 } }));
    expect(bad.status).toBe(200);
    expect(JSON.parse(bad.body)).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
    expect((await ipc('connections:list', ours, '{not json')).status).toBe(400);
    expect((await ipc('connections:list', { ...ours, 'Content-Type': 'text/plain' })).status).toBe(415);
    expect((await ipc('shell:exec', ours)).status).toBe(404);
    expect((await raw(bridge.port, { path: '/ipc/app:info', headers: ours })).status).toBe(405);
  });

  it('serves the renderer with the security headers', async () => {
    const page = await raw(bridge.port, { path: '/', headers: { Host: host } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>Kostenbrücke</title>');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const script = await raw(bridge.port, { path: '/assets/app.js', headers: { Host: host } });
    expect(script.headers['content-type']).toContain('text/javascript');
  });

  it('serves nothing to a foreign Host, not even the page', async () => {
    expect((await raw(bridge.port, { path: '/', headers: { Host: 'rebound.example' } })).status).toBe(403);
  });

  it.each([
    '/../package.json',
    '/%2e%2e/package.json',
    '/%2E%2E/package.json',
    '/..%2fpackage.json',
    '/%2e%2e%2fpackage.json',
    '/assets/../../package.json',
    '/assets/%2e%2e/%2e%2e/package.json',
    '/..%5cpackage.json',
    '/%00/../package.json',
    '/%',
  ])('does not let %s out of the renderer folder', async (path) => {
    const reply = await raw(bridge.port, { path, headers: { Host: host } });
    expect(reply.status).toBe(404);
    expect(reply.body).not.toContain(SECRET);
  });

  it('requires the token for the event stream and delivers contract events on it', async () => {
    expect((await raw(bridge.port, { path: '/events', headers: { Host: host } })).status).toBe(403);
    expect((await raw(bridge.port, { path: '/events?token=wrong', headers: { Host: host } })).status).toBe(403);
    const foreign = await raw(bridge.port, {
      path: `/events?token=${bridge.token}`,
      headers: { Host: host, Origin: 'https://attacker.example' },
    });
    expect(foreign.status).toBe(403);

    const received = await new Promise<string>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: bridge.port, path: `/events?token=${bridge.token}`, headers: { Host: host } },
        (res) => {
          expect(res.headers['content-type']).toContain('text/event-stream');
          let text = '';
          res.on('data', (chunk: Buffer) => {
            text += chunk.toString('utf8');
            if (text.includes(': verbunden')) {
              context.hub.emit('connection:status', {
                connectionId: 'demo',
                health: { state: 'ok', checkedAt: '2025-01-01T00:00:00Z', latencyMs: 1, apiVersion: '1.0.1' },
              });
            }
            if (text.includes('data: ')) {
              req.destroy();
              resolve(text);
            }
          });
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(received).toContain('event: connection:status');
    expect(received).toContain('"connectionId":"demo"');
  });

  it('round-trips a file through upload and download, with the token only', async () => {
    const bytes = Buffer.from('PK\u0003\u0004 Testmappe');
    const upHeaders = { ...ours, 'Content-Type': 'application/octet-stream' };
    expect(
      (
        await raw(bridge.port, {
          method: 'POST',
          path: '/files/upload?name=x.xlsx',
          headers: { Host: host, Origin: origin },
          body: bytes,
        })
      ).status,
    ).toBe(403);
    const up = await raw(bridge.port, {
      method: 'POST',
      path: `/files/upload?name=${encodeURIComponent('../Heizkosten Müller.xlsx')}`,
      headers: upHeaders,
      body: bytes,
    });
    expect(up.status).toBe(200);
    const { fileId, name } = JSON.parse(up.body) as { fileId: string; name: string };
    expect(name).toBe('Heizkosten Müller.xlsx');
    expect((await raw(bridge.port, { path: `/files/download/${fileId}`, headers: { Host: host } })).status).toBe(403);
    const down = await raw(bridge.port, {
      path: `/files/download/${fileId}`,
      headers: { Host: host, [TOKEN_HEADER]: bridge.token },
    });
    expect(down.status).toBe(200);
    expect(down.body).toBe(bytes.toString('utf8'));
    expect(down.headers['content-disposition']).toContain("filename*=UTF-8''Heizkosten%20M%C3%BCller.xlsx");
  });
});

describe('browser bridge under abuse', () => {
  let bridge: Bridge;
  let context: AppContext;
  let host: string;
  const logs: string[] = [];

  beforeAll(async () => {
    const base = await mkdtemp(join(tmpdir(), 'kb-bridge-abuse-'));
    const rendererDir = join(base, 'renderer');
    await mkdir(rendererDir, { recursive: true });
    await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Kostenbrücke</title>');
    context = createAppContext({ mode: 'browser', version: '1.2.3', userDataDir: join(base, 'data'), log: () => undefined });
    bridge = await startBridge({
      ...{ handlers: context.handlers, hub: context.hub, files: context.files, rendererDir },
      log: (m) => {
        logs.push(m);
      },
    });
    host = `127.0.0.1:${bridge.port}`;
  });
  afterAll(async () => {
    await bridge.close();
    await context.close();
  });

  it('takes the token from the query only for the event stream, which cannot send headers', async () => {
    const headers = { Host: host, Origin: `http://${host}`, 'Content-Type': 'application/json' };
    const call = await raw(bridge.port, { method: 'POST', path: `/ipc/app:info?token=${bridge.token}`, headers, body: '{}' });
    expect(call.status).toBe(403);
    const upload = await raw(bridge.port, {
      method: 'POST',
      path: `/files/upload?name=a.xlsx&token=${bridge.token}`,
      headers: { Host: host, Origin: `http://${host}` },
      body: 'PK',
    });
    expect(upload.status).toBe(403);
  });

  it('answers an oversized call with a readable 413 while the client is still sending', async () => {
    const headers = { Host: host, Origin: `http://${host}`, [TOKEN_HEADER]: bridge.token, 'Content-Type': 'application/json' };
    // No Content-Length: the size is only found out while reading, as with a chunked upload.
    const reply = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: bridge.port, method: 'POST', path: '/ipc/drafts:save', headers }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString('utf8')));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body });
        });
      });
      req.on('error', reject);
      const chunk = Buffer.alloc(256 * 1024, 0x20);
      for (let i = 0; i < 12; i++) req.write(chunk);
      req.end();
    });
    expect(reply).toEqual({ status: 413, body: 'Anfrage zu groß' });
    expect((await raw(bridge.port, { path: '/', headers: { Host: host } })).status).toBe(200);
  });

  it('logs a burst of refused requests as a few lines, not one per request', async () => {
    const foreign = { Host: host, Origin: 'http://evil.example', 'Content-Type': 'application/json' };
    for (let i = 0; i < 50; i++) await raw(bridge.port, { method: 'POST', path: '/ipc/app:info', headers: foreign, body: '{}' });
    const refusals = logs.filter((l) => l.includes('refused'));
    // Over this file's refusals (the earlier token tests included): the first is logged, the burst is not.
    expect(refusals.length).toBe(1);
  });
});

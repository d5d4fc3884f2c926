/**
 * The fault proxy itself, against a tiny upstream that counts what reaches it: each rule does what the fault tests
 * rely on (in particular, a held request still arrives after the client gave up), and rates are reproducible.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { byRates, startFaultProxy } from '@test/support/fault-proxy';
import type { FaultProxy, FaultRule, ProxiedRequest } from '@test/support/fault-proxy';

const BODY = JSON.stringify({ transactionid: 'tx-0123456789' });

async function upstream(): Promise<{ url: string; hits: () => number; close: () => Promise<void> }> {
  let hits = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      hits++;
      res.writeHead(200, { 'content-type': 'application/json' }).end(BODY);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}`,
    hits: () => hits,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

describe('fault proxy', () => {
  let up: Awaited<ReturnType<typeof upstream>> | undefined;
  let proxy: FaultProxy | undefined;
  afterEach(async () => {
    await proxy?.close();
    await up?.close();
  });

  async function through(rule: FaultRule, init: RequestInit = {}) {
    up = await upstream();
    proxy = await startFaultProxy(up.url, () => rule);
    const reply = await fetch(`${proxy.url}/x?action=SEND`, { method: 'POST', body: '{}', ...init })
      .then(async (res) => ({ status: res.status, text: await res.text() }))
      .catch((err: unknown) => err as Error);
    await proxy.whenIdle();
    return { reply, hits: up.hits(), record: proxy.records()[0] };
  }

  it.each([
    [{ kind: 'pass' }, 1, 'answered'],
    [{ kind: 'drop' }, 0, 'dropped'],
    [{ kind: 'reset-after-forward' }, 1, 'reset'],
    [{ kind: 'status', status: 503 }, 0, 'refused'],
    [{ kind: 'truncate', mode: 'cut' }, 1, 'truncated'],
  ] as const)('%o reaches the upstream %i times (%s)', async (rule, hits, outcome) => {
    const { reply, hits: seen, record } = await through(rule);
    expect(seen).toBe(hits);
    expect(record).toMatchObject({ method: 'POST', url: '/x?action=SEND', forwarded: hits === 1, outcome });
    if (rule.kind === 'pass') expect(reply).toEqual({ status: 200, text: BODY });
    else if (rule.kind === 'status') expect(reply).toMatchObject({ status: 503 });
    else expect(reply).toBeInstanceOf(Error);
  });

  it('ends a shortened reply cleanly after half the body', async () => {
    const { reply } = await through({ kind: 'truncate', mode: 'short' });
    expect(reply).toEqual({ status: 200, text: BODY.slice(0, Math.floor(BODY.length / 2)) });
  });

  it('still forwards a held request after the client gave up', async () => {
    const { reply, hits, record } = await through({ kind: 'hold', ms: 400 }, { signal: AbortSignal.timeout(100) });
    expect(reply).toBeInstanceOf(Error);
    expect(hits).toBe(1);
    expect(record).toMatchObject({ forwarded: true, upstreamStatus: 200, outcome: 'client-gone' });
  });

  it('holds a reply back for the stall time', async () => {
    const started = Date.now();
    const { reply } = await through({ kind: 'stall-reply', ms: 300 });
    expect(reply).toEqual({ status: 200, text: BODY });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('draws the same faults for the same seed, at about the given rate', () => {
    const requests: ProxiedRequest[] = Array.from({ length: 1000 }, (_, i) => ({
      seq: i + 1,
      nth: Math.floor(i / 10) + 1,
      method: 'POST',
      path: `/billingunitsetup/${String(i % 10)}`,
      query: new URLSearchParams(),
    }));
    const plan = () => byRates([{ rule: { kind: 'drop' }, rate: 0.3 }], { seed: 42 });
    const a = requests.map(plan());
    const b = [...requests].reverse().map(plan()).reverse();
    expect(a).toEqual(b);
    const drops = a.filter((r) => r.kind === 'drop').length;
    expect(drops).toBeGreaterThan(250);
    expect(drops).toBeLessThan(350);
  });

  it('forwards only to loopback', async () => {
    await expect(startFaultProxy('http://example.org')).rejects.toThrow(/loopback/);
  });
});

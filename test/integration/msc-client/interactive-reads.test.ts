/**
 * Reads the clerk waits for (the Übersicht's counts and deadlines, the Liegenschaften list, a connection check)
 * give up after one quick retry at most, and at once when nothing listens at the MSC's address, so a broken
 * connection's column shows its error instead of placeholders for seconds. Background work (the outbox's sending,
 * setup polling) keeps the full retries. Attempts are counted, not timed; the MSC is a loopback port nobody
 * listens on (closed again after binding) or a loopback server answering 503.
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetch as undiciFetch } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { AppErrorException } from '@shared/domain/app-error';
import { TOKEN_PATH } from '@shared/msc/operations';
import type { AppError } from '@shared/domain/app-error';
import { createMscClient } from '@main/services/msc-client';
import type { MscClient, MscClientConfig } from '@main/services/msc-client';
import type { FetchLike } from '@main/services/msc-client/http';
import type { Workspaces } from '@main/app/workspaces';
import { unitHandlers } from '@main/app/handlers/units';
import { overviewHandlers } from '@main/app/handlers/overview';
import { createEventHub } from '@main/ipc/events';

const open: Server[] = [];
const clients: MscClient[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await Promise.all(open.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** A loopback address that refuses connections: a port just bound and closed again. */
async function refusingUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${String(port)}/api`;
}

/** A loopback MSC that answers every request with 503, counting them. */
async function unavailableMsc(): Promise<{ url: string; requests: () => number }> {
  let requests = 0;
  const server = createServer((_req, res) => {
    requests++;
    res.writeHead(503, { 'content-type': 'application/problem+json' });
    res.end(JSON.stringify({ title: 'Service Unavailable', status: 503, detail: 'Wartung' }));
  });
  open.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${String(port)}/api`, requests: () => requests };
}

/** A client over the real network that counts its attempts; pauses between tries are recorded, not waited. */
function countingClient(baseUrl: string, over: Partial<MscClientConfig> = {}) {
  const attempts: string[] = [];
  const pauses: number[] = [];
  const fetch: FetchLike = (url, init) => {
    attempts.push(new URL(url).pathname);
    return undiciFetch(url, init);
  };
  const client = createMscClient(
    { baseUrl, profile: 'seed', auth: { kind: 'none' }, timeoutMs: 5_000, ...over },
    {
      fetch,
      sleep: (ms) => {
        pauses.push(ms);
        return Promise.resolve();
      },
    },
  );
  clients.push(client);
  return { client, attempts, pauses };
}

/** The handlers' view of the connection: only its client is used by these reads. */
const workspacesOf = (client: MscClient): Workspaces =>
  ({
    client: () => Promise.resolve(client),
    workspace: () => Promise.reject(new Error('no workspace in this test')),
  }) as unknown as Workspaces;

async function failure(p: Promise<unknown>): Promise<AppError> {
  const e: unknown = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppErrorException);
  return (e as AppErrorException).appError;
}

describe('a connection whose MSC refuses connections', () => {
  it('fails the Übersicht’s read of the units after one attempt, as NETWORK “refused”', async () => {
    const { client, attempts, pauses } = countingClient(await refusingUrl());
    const handlers = unitHandlers(workspacesOf(client));

    const err = await failure(handlers['units:list']({ connectionId: 'broken' }));

    expect(err).toMatchObject({ code: 'NETWORK', details: { failure: 'refused' } });
    expect(attempts).toHaveLength(1);
    expect(pauses).toEqual([]);
  });

  it('fails the Übersicht’s open periods and the list’s first page after one attempt each', async () => {
    const { client, attempts } = countingClient(await refusingUrl());
    const ws = workspacesOf(client);

    const periods = await failure(
      overviewHandlers(
        ws,
        createEventHub(() => undefined),
      )['overview:open-periods']({ connectionId: 'broken' }),
    );
    expect(periods).toMatchObject({ code: 'NETWORK', details: { failure: 'refused' } });
    expect(attempts).toHaveLength(1);

    const page = await failure(unitHandlers(ws)['units:page']({ connectionId: 'broken', offset: 0, limit: 100 }));
    expect(page).toMatchObject({ code: 'NETWORK', details: { failure: 'refused' } });
    expect(attempts).toHaveLength(2);
  });

  it('asks for a token once when the token endpoint refuses too', async () => {
    const base = await refusingUrl();
    const { client, attempts } = countingClient(base, {
      auth: { kind: 'oauth2', clientId: 'demo', clientSecret: 'demo-secret' },
    });

    const err = await failure(unitHandlers(workspacesOf(client))['units:list']({ connectionId: 'broken' }));

    expect(err).toMatchObject({ code: 'NETWORK', details: { failure: 'refused' } });
    expect(attempts).toEqual([`/api${TOKEN_PATH}`]);
  });

  it('keeps the full retries for background work (the setup poller’s status read)', async () => {
    const { client, attempts, pauses } = countingClient(await refusingUrl(), { retries: 3 });

    const err = await failure(client.getSetupStatus('100200301'));

    expect(err).toMatchObject({ code: 'NETWORK', details: { failure: 'refused' } });
    expect(attempts).toHaveLength(4);
    expect(pauses).toEqual([500, 1000, 2000]);
  });
});

describe('a connection whose MSC answers 503', () => {
  it('tries an interactive read once more after a short pause, then shows the error', async () => {
    const msc = await unavailableMsc();
    const { client, pauses } = countingClient(msc.url, { retries: 3 });

    const err = await failure(unitHandlers(workspacesOf(client))['units:list']({ connectionId: 'down' }));

    expect(err).toMatchObject({ code: 'HTTP', details: { status: 503 } });
    expect(msc.requests()).toBe(2);
    expect(pauses).toHaveLength(1);
    expect(pauses[0]).toBeLessThanOrEqual(500);
  });

  it('retries background reads as configured', async () => {
    const msc = await unavailableMsc();
    const { client, pauses } = countingClient(msc.url, { retries: 3 });

    await failure(client.getSetupStatus('100200301'));

    expect(msc.requests()).toBe(4);
    expect(pauses).toEqual([500, 1000, 2000]);
  });
});

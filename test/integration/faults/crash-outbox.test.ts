/**
 * Crash test (issue 13): the app process is killed with SIGKILL while its outbox is sending setups to the MSC,
 * then started again on the same data folder. The outbox finishes on its own, and at the MSC every usage unit is
 * there exactly once: none lost with the process. A setup that was on the wire at the kill may go out again after
 * the restart; the contract makes that harmless (a re-sent unit replaces the one with the same order criterion), and
 * the MSC's list shows no unit twice.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import type { SetupRequest } from '@shared/msc/billing-unit-data';
import { startSandbox, type Sandbox } from '@main/sandbox/index';
import { DEMO_CLIENT } from '@main/sandbox/seed';
import { LARGE_FIRST_NUMBER } from '@main/sandbox/seed-large';
import { TOKEN_HEADER } from '@main/bridge/server';
import { raw } from '@test/unit/bridge/http-client';
import { until } from '@test/integration/faults/helpers';

const PROPERTIES = 10;
const WAVES = 3;
const UNITS = 40;

type App = { child: ChildProcess; call: <T>(channel: string, input?: unknown) => Promise<T> };
type OutboxItem = { state: string; billingunit: string };

async function startApp(dataDir: string, rendererDir: string): Promise<App> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, '../../support/app-process.ts'), dataDir, rendererDir],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const line = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', resolve);
    child.once('exit', (code) => {
      reject(new Error(`the app exited with ${String(code)} before it was ready`));
    });
  });
  const { port, token } = JSON.parse(line) as { port: number; token: string };
  const host = `127.0.0.1:${String(port)}`;
  const headers = { Host: host, Origin: `http://${host}`, [TOKEN_HEADER]: token, 'Content-Type': 'application/json' };
  const call = async <T>(channel: string, input?: unknown): Promise<T> => {
    const reply = await raw(port, {
      method: 'POST',
      path: `/ipc/${channel}`,
      headers,
      body: JSON.stringify(input === undefined ? {} : { input }),
    });
    const result = JSON.parse(reply.body) as { ok: boolean; value?: T; error?: { message: string } };
    if (!result.ok) throw new Error(`${channel}: ${result.error?.message ?? reply.body}`);
    return result.value as T;
  };
  return { child, call };
}

const setup = (property: number, wave: number): SetupRequest => ({
  billingunitMscnumber: String(LARGE_FIRST_NUMBER + property),
  customerMscnumber: DEMO_CLIENT.customerMscnumber,
  ordercriteriafor: 'USAGEUNIT',
  residentialunits: Array.from({ length: UNITS }, (_, u) => ({
    residentialunitPmnumber: `K${String(wave)}-${String(u).padStart(3, '0')}`,
  })),
});

describe('the app killed mid-outbox', () => {
  let msc: Sandbox | undefined;
  let app: App | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    app?.child.kill('SIGKILL');
    await msc?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('finishes its outbox after a restart, every unit at the MSC exactly once', async () => {
    // Arrange: an MSC that outlives the app, the app with a connection to it
    dir = await mkdtemp(join(tmpdir(), 'kb-crash-'));
    const rendererDir = join(dir, 'renderer');
    await mkdir(rendererDir);
    await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Kostenbrücke</title>');
    msc = await startSandbox({ port: 0, dataDir: join(dir, 'msc'), seedLarge: PROPERTIES });
    app = await startApp(join(dir, 'app'), rendererDir);
    const { id: connectionId } = await app.call<{ id: string }>('connections:save', {
      name: 'Messdienst',
      mscCode: '40',
      profile: 'seed',
      target: { kind: 'url', url: msc.url },
      auth: { kind: 'oauth2-client-credentials', clientId: DEMO_CLIENT.clientId, clientSecret: DEMO_CLIENT.clientSecret },
    });

    // Act: queue every setup, kill the app while some are sent and some are not, start it again
    const sent: string[] = [];
    for (let wave = 0; wave < WAVES; wave++)
      for (let p = 0; p < PROPERTIES; p++) {
        const request = setup(p, wave);
        await app.call('units:send-setup', { connectionId, request });
        sent.push(...request.residentialunits.map((u) => `${request.billingunitMscnumber}/${u.residentialunitPmnumber}`));
      }
    const before = await app.call<OutboxItem[]>('units:outbox', { connectionId });
    app.child.kill('SIGKILL');
    await new Promise((r) => app!.child.once('exit', r));
    app = await startApp(join(dir, 'app'), rendererDir);
    const restarted = app;
    await until(
      async () => (await restarted.call<OutboxItem[]>('units:outbox', { connectionId })).every((i) => i.state === 'sent'),
      30_000,
      'the outbox finishes after the restart',
    );

    // Assert: the kill left work undone, and all of it arrived, each unit once
    expect(before.length).toBe(PROPERTIES * WAVES);
    expect(before.some((i) => i.state !== 'sent')).toBe(true);
    const state = await readFile(join(dir, 'msc', 'state.json'), 'utf8');
    const setups = (JSON.parse(state) as { setups: Record<string, { units: { residentialunitPmnumber: string }[] }> }).setups;
    const atMsc = Object.entries(setups).flatMap(([bu, s]) => s.units.map((u) => `${bu}/${u.residentialunitPmnumber}`));
    expect(atMsc.length).toBe(new Set(atMsc).size);
    expect(new Set(atMsc)).toEqual(new Set(sent));
  }, 90_000);
});

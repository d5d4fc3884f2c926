/**
 * One app (real createAppContext, browser-mode services) talking to a real demo MSC through the fault proxy, and
 * readers of the demo MSC's persisted state, which is the truth the app's picture is compared with.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAppContext } from '@main/app/app-context';
import type { AppContext, AppTiming } from '@main/app/app-context';
import type { Handlers } from '@main/ipc/gate';
import { startSandbox } from '@main/sandbox/index';
import type { Sandbox } from '@main/sandbox/index';
import type { PathProfile } from '@shared/msc/operations';
import { passAll, startFaultProxy } from '@test/support/fault-proxy';
import type { FaultPlan, FaultProxy, ProxiedRequest } from '@test/support/fault-proxy';

export type FaultWorld = {
  dir: string;
  msc: Sandbox;
  proxy: FaultProxy;
  context: AppContext;
  h: Handlers;
  connectionId: string;
  /** Messages the app logged (a reconciler that could not read the status, …). */
  logged: string[];
  close: () => Promise<void>;
};

export type FaultWorldOptions = {
  plan?: FaultPlan;
  timing: AppTiming;
  profile?: PathProfile;
  /** Extra generated billing units of the demo customer (numbers from 500000001 on). */
  seedLarge?: number;
};

export async function startFaultWorld(options: FaultWorldOptions): Promise<FaultWorld> {
  const dir = await mkdtemp(join(tmpdir(), 'kb-faults-'));
  const msc = await startSandbox({
    port: 0,
    dataDir: join(dir, 'msc'),
    delays: { matchingStartMs: 50, matchingCompleteMs: 50 },
    ...(options.seedLarge === undefined ? {} : { seedLarge: options.seedLarge }),
  });
  const proxy = await startFaultProxy(msc.url, options.plan ?? passAll);
  const logged: string[] = [];
  const context = createAppContext({
    mode: 'browser',
    version: 't',
    userDataDir: join(dir, 'app'),
    credentialStore: null,
    timing: options.timing,
    log: (message) => logged.push(message),
  });
  const h = context.handlers;
  const connection = await h['connections:save']({
    name: 'Messdienst hinter dem Störproxy',
    mscCode: '40',
    profile: options.profile ?? 'seed',
    target: { kind: 'url', url: proxy.url },
    auth: { kind: 'oauth2-client-credentials', clientId: 'demo', clientSecret: 'demo-secret' },
  });
  return {
    dir,
    msc,
    proxy,
    context,
    h,
    connectionId: connection.id,
    logged,
    async close() {
      await context.close();
      await proxy.close();
      await msc.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export type MscState = {
  setups: Record<string, { units: { residentialunitPmnumber: string }[] }>;
  periods: Record<string, { status: string; lastsubmission?: { transactionid: string; at: string } }>;
};

export async function mscState(world: FaultWorld): Promise<MscState> {
  return JSON.parse(await readFile(join(world.dir, 'msc', 'state.json'), 'utf8')) as MscState;
}

/** Transaction ids of the binding submissions the demo MSC archived for one period. */
export async function mscSubmissions(world: FaultWorld, billingunit: string, periodTo: string): Promise<string[]> {
  const files = await readdir(join(world.dir, 'msc', 'submissions', billingunit, periodTo)).catch(() => [] as string[]);
  return files.filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -'.json'.length));
}

export async function until(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not in time: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A binding submission (SEND or SEND_AND_IGNORE_WARNINGS); VALIDATE goes to the same path. */
export const isSend = (req: ProxiedRequest): boolean =>
  req.method === 'POST' && (req.query.get('action') ?? '').startsWith('SEND');

/** The AppError a handler threw, for asserting on its key and text. */
export async function appErrorOf(run: Promise<unknown>): Promise<{ code: string; key?: string; message: string }> {
  try {
    await run;
  } catch (err) {
    const app = (err as { appError?: { code: string; key?: string; message: string } }).appError;
    if (app) return app;
    throw err;
  }
  throw new Error('expected the call to fail');
}

/**
 * One desk of a team in a process of its own, for tests that kill it: the workspace's outbox, binding SENDs and OSR
 * deliveries on the team database, the archive there, the real MSC client. Plain Node, no Electron. The test drives it over the
 * IPC channel of `fork`: `{ id, op: 'enqueue', request }`, `{ id, op: 'submit', billingunit, periodTo, filled }`,
 * `{ id, op: 'osr', billingunit, residentialunit, roles }` (saves a unit's On-Site-Roles and delivers them);
 * each answer is `{ id, ok, value }` or `{ id, ok: false, key, message }`. Sends `{ ready: true }` once started.
 * Run: node --import tsx test/support/team-desk.ts '<json of DeskConfig>'
 */
import type { FilledTemplate } from '@shared/msc/billing-input';
import type { SetupRequest } from '@shared/msc/billing-unit-data';
import type { OnSiteRoles } from '@shared/msc/on-site-roles';
import { createMscClient } from '@main/services/msc-client/index';
import { createBindingSubmissions } from '@main/services/billing/binding-submission';
import { createRecorder } from '@main/services/billing/submission-record';
import { systemClock } from '@main/services/workspace/clock';
import { createWorkspace } from '@main/services/workspace/workspace';
import { openTeamDb } from '@main/services/team/team-db';
import { openPgArchive } from '@main/services/team/pg-archive';
import { teamSendingStores } from '@main/services/team/team-stores';

export type DeskConfig = {
  url: string;
  desk: string;
  mscUrl: string;
  dataDir: string;
  leaseMs: number;
  settleAfterMs: number;
  /** How long a binding SEND waits for the MSC's answer (default 1 s, so a held request makes its outcome unclear). */
  sendTimeoutMs?: number;
};

type Request =
  | { id: number; op: 'enqueue'; request: SetupRequest }
  | { id: number; op: 'submit'; billingunit: string; periodTo: string; filled: FilledTemplate }
  | { id: number; op: 'osr'; billingunit: string; residentialunit: string; roles: OnSiteRoles };

const config = JSON.parse(process.argv[2] ?? '') as DeskConfig;
const connectionId = 'demo';
const log = () => undefined;
const db = await openTeamDb({ url: config.url, desk: config.desk });
const clientFor = (timeoutMs: number) =>
  createMscClient({
    baseUrl: config.mscUrl,
    profile: 'seed',
    auth: { kind: 'oauth2', clientId: 'demo', clientSecret: 'demo-secret' },
    timeoutMs,
    retries: 1,
  });
// Binding SENDs give up after a second, so a held request makes their outcome unclear; setups wait long enough that
// only a killed desk leaves one unanswered (a slow machine must not make the test's count of sends wrong).
const client = clientFor(config.sendTimeoutMs ?? 1_000);
const setupClient = clientFor(15_000);
const team = { connectionId, leaseMs: config.leaseMs };
const workspace = await createWorkspace({
  dir: config.dataDir,
  sender: setupClient,
  clock: systemClock,
  concurrency: 4,
  autoRetry: { firstDelayMs: 100, maxDelayMs: 400, maxAttempts: 20 },
  watch: { initialDelayMs: 60_000 },
  sendingStores: teamSendingStores(db, team),
});
const archive = await openPgArchive({ db, connectionId, clock: systemClock, emit: () => undefined });
const submissions = createBindingSubmissions({
  client: () => Promise.resolve(client),
  workspace: () => Promise.resolve(workspace),
  record: createRecorder({ archive: () => Promise.resolve(archive), announce: () => undefined, log }),
  log,
  clock: systemClock,
  reconcile: { intervalMs: 200, settleAfterMs: config.settleAfterMs },
});
submissions.resume(connectionId, workspace.pendingSends);
workspace.start();

async function deliverRoles({ billingunit, residentialunit, roles }: Extract<Request, { op: 'osr' }>): Promise<string> {
  await workspace.osr.save({ billingunit, residentialunit, roles });
  return (await workspace.osr.deliver(billingunit, residentialunit)).delivery?.id ?? '';
}

process.on('message', (message: Request) => {
  const run =
    message.op === 'enqueue'
      ? workspace.outbox.enqueue(message.request).then((item) => item.id)
      : message.op === 'osr'
        ? deliverRoles(message)
        : submissions
            .submit({
              connectionId,
              billingunit: message.billingunit,
              periodTo: message.periodTo,
              filled: message.filled,
              ignoreWarnings: false,
            })
            .then((outcome) => outcome.status);
  run.then(
    (value) => process.send?.({ id: message.id, ok: true, value }),
    (err: unknown) => {
      const app = (err as { appError?: { key?: string; code?: string; message?: string } }).appError;
      process.send?.({ id: message.id, ok: false, key: app?.key ?? app?.code ?? 'error', message: app?.message ?? String(err) });
    },
  );
});
process.send?.({ ready: true });

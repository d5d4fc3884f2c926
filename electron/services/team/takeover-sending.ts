/**
 * The part of "Lokale Daten in die Team-Datenbank übernehmen" (folder-takeover.ts) that moves what the data folder
 * still had to send: queued and failed setup requests, the OSR records with their deliveries and the OSR log, and the
 * setups still being followed. The folder is read-only afterwards and sends nothing, so anything left behind there
 * would never reach the MSC. A binding SEND still on its way or unclear refuses the takeover: only the folder's own
 * reconciler can tell how it ended, and a team desk must not submit the period meanwhile.
 */
import { join } from 'node:path';
import { OsrUnitRecord } from '@shared/domain/osr';
import { OutboxItem, TrackedSetup } from '@shared/domain/workspace';
import type { Clock } from '@main/services/workspace/clock';
import { loadJsonDir, type FileContext } from '@main/services/workspace/json-files';
import { openOsrLog } from '@main/services/workspace/osr-log';
import { osrKey } from '@main/services/workspace/osr-store';
import { openPendingSends } from '@main/services/workspace/pending-sends';
import { WorkspaceError } from '@main/services/workspace/workspace-error';
import { insertOsrUnit } from '@main/services/team/pg-osr';
import { insertOsrLogRow, nextOsrLogSeq } from '@main/services/team/pg-osr-log';
import { insertOutboxItem } from '@main/services/team/pg-outbox';
import { writeTrackedSetup } from '@main/services/team/pg-setups';
import { nextval } from '@main/services/team/team-db';
import type { TakeoverPart } from '@main/services/team/takeover-results';

/** Marks the rows the takeover wrote: no desk's process has this token, so every desk reloads them when announced. */
const BY = 'folder-takeover';

const filesOf = (clock: Clock): FileContext => ({ clock, report: () => undefined });

/** Throws while the folder has a binding SEND on its way or unclear: it must be settled in the folder first. */
export async function refuseWhilePendingSend(workspaceDir: string, clock: Clock): Promise<void> {
  const pending = await openPendingSends({ dir: join(workspaceDir, 'pending-sends'), files: filesOf(clock), clock });
  const open = pending.list();
  const first = open[0];
  if (!first) return;
  throw new WorkspaceError(
    'CONFLICT',
    `Die lokalen Daten können noch nicht übernommen werden: für Liegenschaft ${first.billingunit} ist eine verbindliche ` +
      'Abrechnung noch unterwegs oder ihr Ausgang ist ungeklärt. Bitte die App ohne Team-Datenbank öffnen, bis sie ' +
      'geklärt ist (sie erscheint dann im Archiv), und danach übernehmen.',
    { reason: 'pending-send', pending: open.length },
    { key: 'team.takeoverPendingSend', params: { billingunit: first.billingunit, count: open.length } },
  );
}

type SendingCounts = { outbox: number; osr: number; osrLog: number; setups: number };
/** How many the folder had of each (all now in the database), and where the database's own stand was kept. */
export type SendingTaken = SendingCounts & { osrKept: number; setupsKept: number };

/** Copies the folder's unsent work inside the takeover's transaction; throws (rolling back) when a count differs. */
export async function takeOverSending({ client, workspaceDir, connectionId, clock, desk }: TakeoverPart): Promise<SendingTaken> {
  const files = filesOf(clock);
  const at = new Date(clock.now()).toISOString();

  // Outbox: what was sent is followed as a tracked setup; queued and failed items go on in the office's queue, in
  // the folder's order. One left `sending` was interrupted and goes again (the setup POST is idempotent per unit).
  const outbox = [...(await loadJsonDir(join(workspaceDir, 'outbox'), OutboxItem, files)).values()]
    .filter((i) => i.state !== 'sent')
    .sort((a, b) => a.seq - b.seq);
  for (const item of outbox) {
    const seq = await nextval(client, `'outbox_seq'`);
    let moved: OutboxItem = { ...item, seq };
    if (item.state === 'sending') {
      const { state: _s, ...rest } = item;
      moved = { ...rest, seq, state: 'queued', updatedAt: at };
    }
    await insertOutboxItem(client, connectionId, moved, BY, 'keep');
  }

  // OSR records: a unit the office already has a record of keeps the office's stand, as a draft does.
  const records = [...(await loadJsonDir(join(workspaceDir, 'osr'), OsrUnitRecord, files)).values()].sort(
    (a, b) => (a.delivery?.seq ?? Number.MAX_SAFE_INTEGER) - (b.delivery?.seq ?? Number.MAX_SAFE_INTEGER),
  );
  let osrKept = 0;
  for (const record of records) {
    let moved = record;
    if (record.delivery) {
      const seq = await nextval(client, `'osr_delivery_seq'`);
      const state = record.delivery.state === 'sending' ? 'queued' : record.delivery.state;
      moved = { ...record, delivery: { ...record.delivery, seq, state } };
    }
    if (!(await insertOsrUnit(client, connectionId, moved, BY, 'keep'))) osrKept += 1;
  }

  // The OSR log: entries keep their id and time and get their place in the office's order, like archive entries.
  const log = await openOsrLog({ dir: join(workspaceDir, 'osr-log'), clock, files, emit: () => undefined });
  const logEntries = log.list();
  for (const summary of logEntries) {
    const entry = await log.read(summary.id);
    if (!entry) throw new Error(`Eintrag ${summary.id} im OSR-Protokoll ist nicht lesbar`);
    const seq = await nextOsrLogSeq(client);
    await insertOsrLogRow(client, connectionId, { ...entry, seq }, desk, 'keep');
  }

  // Setups still followed: a later setup of the unit (the office's or this folder's) is the one that stands.
  const setups = [...(await loadJsonDir(join(workspaceDir, 'setups'), TrackedSetup, files)).values()].filter((s) => s.watching);
  let setupsKept = 0;
  for (const setup of setups) {
    if (!(await writeTrackedSetup(client, connectionId, setup, BY, 'if-later'))) setupsKept += 1;
  }

  const local: SendingCounts = { outbox: outbox.length, osr: records.length, osrLog: logEntries.length, setups: setups.length };
  await compareSendingCounts(client, connectionId, local, {
    outbox: outbox.map((i) => i.id),
    osr: records.map((r) => osrKey(r.billingunit, r.residentialunit)),
    osrLog: logEntries.map((e) => e.id),
    setups: setups.map((s) => s.billingunit),
  });
  return { ...local, osrKept, setupsKept };
}

async function compareSendingCounts(
  client: TakeoverPart['client'],
  connectionId: string,
  local: SendingCounts,
  keys: Record<keyof SendingCounts, string[]>,
): Promise<void> {
  const { rows } = await client.query<Record<keyof SendingCounts, string>>(
    `SELECT
       (SELECT count(*) FROM outbox_items WHERE connection_id = $1 AND id = ANY($2::text[])) AS outbox,
       (SELECT count(*) FROM osr_units WHERE connection_id = $1 AND billingunit || '-' || residentialunit = ANY($3::text[])) AS osr,
       (SELECT count(*) FROM osr_log WHERE connection_id = $1 AND id = ANY($4::text[])) AS "osrLog",
       (SELECT count(*) FROM tracked_setups WHERE connection_id = $1 AND billingunit = ANY($5::text[])) AS setups`,
    [connectionId, keys.outbox, keys.osr, keys.osrLog, keys.setups],
  );
  const row = rows[0];
  const there: SendingCounts = {
    outbox: Number(row?.outbox),
    osr: Number(row?.osr),
    osrLog: Number(row?.osrLog),
    setups: Number(row?.setups),
  };
  if (there.outbox === local.outbox && there.osr === local.osr && there.osrLog === local.osrLog && there.setups === local.setups)
    return;
  throw new WorkspaceError(
    'CONFLICT',
    `Die Übernahme wurde abgebrochen: in der Team-Datenbank kamen ${String(there.outbox)} von ${String(local.outbox)} ` +
      `Anfragen im Postausgang, ${String(there.osr)} von ${String(local.osr)} Nutzerwechseln, ${String(there.osrLog)} von ` +
      `${String(local.osrLog)} Einträgen im Nutzerwechsel-Protokoll und ${String(there.setups)} von ${String(local.setups)} ` +
      'verfolgten Abgleichen an. Es wurde nichts übernommen.',
    { there, local },
    {
      key: 'team.takeoverSending',
      params: {
        outbox: there.outbox,
        outboxLocal: local.outbox,
        osr: there.osr,
        osrLocal: local.osr,
        osrLog: there.osrLog,
        osrLogLocal: local.osrLog,
        setups: there.setups,
        setupsLocal: local.setups,
      },
    },
  );
}

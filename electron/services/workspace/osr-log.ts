/**
 * The OSR log: every delivery attempt of On-Site-Roles data and the MSC's answer, one file per entry, never
 * overwritten. Kept apart from the billing archive, whose entries belong to a billing period: an OSR delivery
 * belongs to a usage unit. The file name carries time, sequence, unit and result, so listing reads no content.
 */
import { mkdir, readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { OsrLogEntry, type OsrDelivery, type OsrLogResult, type OsrLogSummary, type OsrUnitRecord } from '@shared/domain/osr';
import type { FailureInfo } from '@shared/domain/workspace';
import type { OsrDeliveryOutcome } from '@main/services/msc-client/osr';
import type { WorkspaceEvent } from '@shared/domain/workspace';
import { isAtomicTempName, writeNewFileAtomic } from '@main/lib/atomic-file';
import type { Clock } from '@main/services/workspace/clock';
import { readValidated, setAside, type FileContext } from '@main/services/workspace/json-files';

export type OsrLogInput = Omit<OsrLogEntry, 'id' | 'seq' | 'at'>;

export type OsrLog = {
  append: (entry: OsrLogInput) => Promise<OsrLogSummary>;
  /** Entries oldest first, optionally of one billing unit and/or usage unit. */
  list: (filter?: { billingunit?: string; residentialunit?: string }) => OsrLogSummary[];
  read: (id: string) => Promise<OsrLogEntry | undefined>;
};

export type OsrLogDeps = { dir: string; clock: Clock; files: FileContext; emit: (event: WorkspaceEvent) => void };

const NAME = /^(\d{8}T\d{9}Z)-(\d{6,})-(\d{1,9})-(\d{4})-(accepted|rejected|failed)$/;

export async function openOsrLog({ dir, clock, files, emit }: OsrLogDeps): Promise<OsrLog> {
  await mkdir(dir, { recursive: true });
  const index = new Map<string, OsrLogSummary>();
  for (const name of await readdir(dir)) {
    if (isAtomicTempName(name)) {
      await unlink(join(dir, name)).catch(() => undefined);
      continue;
    }
    if (!name.endsWith('.json')) continue;
    const summary = parseName(name.slice(0, -'.json'.length));
    if (summary) index.set(summary.id, summary);
    else await setAside(join(dir, name), 'unbekannter Dateiname im OSR-Protokoll', files);
  }
  let nextSeq = Math.max(0, ...[...index.values()].map((s) => s.seq)) + 1;

  return {
    async append(input) {
      const at = new Date(clock.now()).toISOString();
      for (;;) {
        const seq = nextSeq++;
        const id = [
          at.replace(/[-:.]/g, ''),
          String(seq).padStart(6, '0'),
          input.billingunit,
          input.residentialunit,
          input.result.kind,
        ].join('-');
        const entry = OsrLogEntry.parse({ ...input, id, seq, at });
        try {
          await writeNewFileAtomic(join(dir, `${id}.json`), `${JSON.stringify(entry, null, 2)}\n`);
        } catch (err) {
          // Another writer took this name: take the next sequence number, never overwrite.
          if ((err as NodeJS.ErrnoException).code === 'EEXIST') continue;
          throw err;
        }
        const summary: OsrLogSummary = {
          id,
          seq,
          at,
          billingunit: entry.billingunit,
          residentialunit: entry.residentialunit,
          result: entry.result.kind,
        };
        index.set(id, summary);
        emit({ type: 'osr-log-appended', entry: summary });
        return summary;
      }
    },
    list(filter) {
      return [...index.values()]
        .filter(
          (s) =>
            (filter?.billingunit === undefined || s.billingunit === filter.billingunit) &&
            (filter?.residentialunit === undefined || s.residentialunit === filter.residentialunit),
        )
        .sort((a, b) => a.seq - b.seq);
    },
    async read(id) {
      if (!index.has(id)) return undefined;
      const entry = await readValidated(join(dir, `${id}.json`), OsrLogEntry, files, (name, e) =>
        name === e.id ? undefined : `Dateiname passt nicht zur ID ${e.id}`,
      );
      if (!entry) index.delete(id);
      return entry;
    },
  };
}

function parseName(id: string): OsrLogSummary | undefined {
  const m = NAME.exec(id);
  if (!m) return undefined;
  const [, ts = '', seq = '', billingunit = '', residentialunit = '', result = ''] = m;
  const at = `${ts.slice(0, 4)}-${ts.slice(4, 6)}-${ts.slice(6, 8)}T${ts.slice(9, 11)}:${ts.slice(11, 13)}:${ts.slice(13, 15)}.${ts.slice(15, 18)}Z`;
  return { id, seq: Number(seq), at, billingunit, residentialunit, result: result as OsrLogSummary['result'] };
}

export type OsrAttempt = {
  record: OsrUnitRecord;
  delivery: OsrDelivery;
  outcome: OsrDeliveryOutcome | undefined;
  failure: FailureInfo | undefined;
};

/** One delivery attempt and what came of it: the MSC's acceptance, its refusal, or no usable answer. */
export async function logAttempt(log: OsrLog, { record, delivery, outcome, failure }: OsrAttempt): Promise<void> {
  const result: OsrLogResult =
    outcome?.status === 'accepted'
      ? { kind: 'accepted', transactionid: outcome.transactionid, acceptedat: outcome.acceptedat, messages: outcome.messages }
      : outcome?.status === 'rejected'
        ? { kind: 'rejected', messages: outcome.messages }
        : {
            kind: 'failed',
            code: failure?.code ?? 'INTERNAL',
            message: failure?.message ?? '',
            retryable: failure?.retryable ?? true,
          };
  await log.append({
    billingunit: record.billingunit,
    residentialunit: record.residentialunit,
    ...(record.residentialunitPmnumber ? { residentialunitPmnumber: record.residentialunitPmnumber } : {}),
    deliveryId: delivery.id,
    attempt: delivery.attempts,
    request: delivery.roles,
    result,
  });
}

/**
 * The OSR log: every delivery attempt of On-Site-Roles data and the MSC's answer, one file per entry, never
 * overwritten. Kept apart from the billing archive, whose entries belong to a billing period: an OSR delivery
 * belongs to a usage unit. The file name carries time, sequence, unit and result, so listing reads no content.
 */
import { OsrLogEntry, type OsrDelivery, type OsrLogResult, type OsrLogSummary, type OsrUnitRecord } from '@shared/domain/osr';
import type { FailureInfo } from '@shared/domain/workspace';
import type { OsrDeliveryOutcome } from '@main/services/msc-client/osr';
import type { WorkspaceEvent } from '@shared/domain/workspace';
import type { Clock } from '@main/services/workspace/clock';
import { compactTime, isoTime, openEntryFiles } from '@main/services/workspace/entry-files';
import type { FileContext } from '@main/services/workspace/json-files';

export type OsrLogInput = Omit<OsrLogEntry, 'id' | 'seq' | 'at'>;

export type OsrLog = {
  append: (entry: OsrLogInput) => Promise<OsrLogSummary>;
  /** Entries oldest first, optionally of one billing unit and/or usage unit. */
  list: (filter?: { billingunit?: string; residentialunit?: string }) => OsrLogSummary[];
  read: (id: string) => Promise<OsrLogEntry | undefined>;
  /** Stops listening for other desks' entries (the team database's log). */
  close?: () => Promise<void>;
};

export type OsrLogDeps = { dir: string; clock: Clock; files: FileContext; emit: (event: WorkspaceEvent) => void };
/** Opens the log of a workspace: its folder's files (below), or the team database's (services/team/pg-osr-log.ts). */
export type OpenOsrLog = (deps: OsrLogDeps) => Promise<OsrLog>;

const NAME = /^(\d{8}T\d{9}Z)-(\d{6,})-(\d{1,9})-(\d{4})-(accepted|rejected|failed)$/;

export const openOsrLog: OpenOsrLog = async ({ dir, clock, files, emit }) => {
  const store = await openEntryFiles({
    dir,
    files,
    schema: OsrLogEntry,
    parseName,
    summarize,
    strayReason: 'unbekannter Dateiname im OSR-Protokoll',
  });
  return {
    async append(input) {
      const at = new Date(clock.now()).toISOString();
      const summary = await store.add((seq) => OsrLogEntry.parse({ ...input, id: osrLogId(at, seq, input), seq, at }));
      emit({ type: 'osr-log-appended', entry: summary });
      return summary;
    },
    list(filter) {
      return store
        .list()
        .filter(
          (s) =>
            (filter?.billingunit === undefined || s.billingunit === filter.billingunit) &&
            (filter?.residentialunit === undefined || s.residentialunit === filter.residentialunit),
        );
    },
    read: (id) => store.read(id),
  };
};

/** An entry's id, also its file name: time, sequence, unit and result, so listing reads no content. */
export function osrLogId(at: string, seq: number, input: OsrLogInput): string {
  const { billingunit, residentialunit, result } = input;
  return [compactTime(at), String(seq).padStart(6, '0'), billingunit, residentialunit, result.kind].join('-');
}

export function summarize(entry: OsrLogEntry): OsrLogSummary {
  const { id, seq, at, billingunit, residentialunit, result } = entry;
  return { id, seq, at, billingunit, residentialunit, result: result.kind };
}

function parseName(id: string): OsrLogSummary | undefined {
  const m = NAME.exec(id);
  if (!m) return undefined;
  const [, ts = '', seq = '', billingunit = '', residentialunit = '', result = ''] = m;
  return { id, seq: Number(seq), at: isoTime(ts), billingunit, residentialunit, result: result as OsrLogSummary['result'] };
}

export type OsrAttempt = {
  record: OsrUnitRecord;
  delivery: OsrDelivery;
  outcome: OsrDeliveryOutcome | undefined;
  failure: FailureInfo | undefined;
};

/** The log entry of one delivery attempt and what came of it: the MSC's acceptance, its refusal, or no usable answer. */
export function attemptEntry({ record, delivery, outcome, failure }: OsrAttempt): OsrLogInput {
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
  return {
    billingunit: record.billingunit,
    residentialunit: record.residentialunit,
    ...(record.residentialunitPmnumber ? { residentialunitPmnumber: record.residentialunitPmnumber } : {}),
    deliveryId: delivery.id,
    attempt: delivery.attempts,
    request: delivery.roles,
    result,
  };
}

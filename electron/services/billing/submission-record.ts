/**
 * Every test check and binding submission is archived, and announced as a `billing:checked` event (the desktop
 * notification and the overview hang on it). The archive is our record; failing to write it must not turn a
 * commissioned billing into an error, so a failed write is logged and the announcement still goes out.
 */
import type { ArchiveEntryInput, ArchiveResult } from '@shared/domain/workspace';
import type { Action, CheckMessage } from '@shared/msc/billing-input';
import type { BillingCheckedEvent } from '@shared/ipc/channels/billing';
import type { Log } from '@main/lib/log';
import type { Archive } from '@main/services/workspace/archive';

export type Period = { connectionId: string; billingunit: string; periodTo: string };

export type RecordDeps = {
  archive: (connectionId: string) => Promise<Pick<Archive, 'append'>>;
  announce: (event: BillingCheckedEvent) => void;
  log: Log;
};

export type RecordOutcome = (
  p: Period,
  action: Action,
  request: ArchiveEntryInput['request'],
  result: ArchiveResult,
  acceptedWarnings?: CheckMessage[],
) => Promise<void>;

export function createRecorder({ archive, announce, log }: RecordDeps): RecordOutcome {
  return async (p, action, request, result, acceptedWarnings) => {
    try {
      const { connectionId, ...where } = p;
      const accepted = acceptedWarnings === undefined ? {} : { acceptedWarnings };
      await (await archive(connectionId)).append({ action, ...where, request, result, ...accepted });
    } catch (err) {
      log(`archive: ${action} for ${p.billingunit}/${p.periodTo} not recorded`, err);
    }
    const messages = result.kind === 'messages' ? result.messages : [];
    announce({
      ...p,
      action,
      result: result.kind,
      errors: countOf(messages, 'ERROR'),
      warnings: countOf(messages, 'WARNING'),
    });
  };
}

export function countOf(messages: readonly CheckMessage[], type: CheckMessage['type']): number {
  return messages.filter((m) => m.type === type).length;
}

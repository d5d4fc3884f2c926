/** Payload schemas of the main→renderer events. */
import { z } from 'zod';
import { SetupStatusCode } from '@shared/msc/billing-unit-data';
import { OutboxItem, TrackedSetup } from '@shared/domain/workspace';
import { BillingUnitNumber, IsoDate } from '@shared/msc/primitives';
import { ConnectionId } from '@shared/ipc/channel';
import { ArchiveSummary, DraftSummary } from '@shared/ipc/channels/billing';
import { OsrLogSummary, OsrUnitRecord } from '@shared/domain/osr';
import { ResultSummary } from '@shared/domain/results';

export { ConnectionStatusEvent } from '@shared/ipc/channels/connections';
export { BillingCheckedEvent } from '@shared/ipc/channels/billing';

/** Mirrors the workspace service's WorkspaceEvent. */
export const WorkspaceEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('outbox-item-changed'), item: OutboxItem }),
  z.object({ type: z.literal('outbox-item-removed'), id: z.string() }),
  z.object({ type: z.literal('setup-status-changed'), setup: TrackedSetup, previous: SetupStatusCode.optional() }),
  z.object({ type: z.literal('draft-saved'), draft: DraftSummary }),
  z.object({ type: z.literal('draft-discarded'), billingunit: BillingUnitNumber, periodTo: IsoDate }),
  z.object({ type: z.literal('archive-appended'), entry: ArchiveSummary }),
  z.object({ type: z.literal('osr-unit-changed'), record: OsrUnitRecord }),
  z.object({ type: z.literal('osr-log-appended'), entry: OsrLogSummary }),
  z.object({ type: z.literal('result-stored'), entry: ResultSummary, recipients: z.int().min(0) }),
  z.object({
    type: z.literal('problem'),
    problem: z.object({ file: z.string(), movedTo: z.string().optional(), message: z.string(), at: z.string() }),
  }),
]);
export type WorkspaceEvent = z.infer<typeof WorkspaceEvent>;

export const WorkspaceChangedEvent = z.object({ connectionId: ConnectionId, event: WorkspaceEvent });
export type WorkspaceChangedEvent = z.infer<typeof WorkspaceChangedEvent>;

import type { BillingUnitSummary, SetupStatusCode } from '@shared/msc/billing-unit-data';
import type { OutboxItem, TrackedSetup } from '@shared/domain/workspace';

export type EffectiveStatus = { status: SetupStatusCode; lastupdate: string };

type SentItem = Extract<OutboxItem, { state: 'sent' }>;

/** The newest request of this billing unit that reached the MSC. */
export function latestSent(outbox: readonly OutboxItem[], billingunit: string): SentItem | undefined {
  let found: SentItem | undefined;
  for (const item of outbox) {
    if (item.state === 'sent' && item.billingunit === billingunit && (!found || item.seq > found.seq)) found = item;
  }
  return found;
}

/**
 * Where this computer follows a setup, its last answer counts (it is newer than the MSC's list). Right after a
 * send, before the first answer to that very transaction, the matching counts as OPEN again.
 */
export function effectiveStatus(
  unit: BillingUnitSummary,
  setup: TrackedSetup | undefined,
  sent: SentItem | undefined,
): EffectiveStatus {
  if (sent && sent.transactionid !== setup?.transactionid) return { status: 'OPEN', lastupdate: sent.sentAt };
  if (!setup) return { status: unit.setupstatus, lastupdate: unit.lastupdate };
  const answer = setup.status;
  const ours = answer !== undefined && (answer.transactionid === undefined || answer.transactionid === setup.transactionid);
  return ours ? { status: answer.setupstatus, lastupdate: answer.lastupdate } : { status: 'OPEN', lastupdate: setup.sentAt };
}

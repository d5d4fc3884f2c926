/** Colours and wording of categories and outbox states, and the line under an outbox entry. */
import type { OutboxItem, FailureInfo } from '@shared/domain/workspace';
import type { Address } from '@shared/msc/primitives';
import type { UnitCategory } from '@shared/domain/unit-category';
import type { SetupStatusCode } from '@shared/msc/billing-unit-data';
import { formatGermanDateTime } from '@shared/domain/dates';
import { germanUnits } from '@renderer/features/units/german';
import type { Translate } from '@renderer/features/units/german';

/** Badge colours; the badge always carries the category's name as text as well. */
export const CATEGORY_COLOR: Readonly<Record<UnitCategory, string>> = {
  'send-failed': 'red',
  ambiguous: 'orange',
  unmatched: 'yellow',
  manual: 'violet',
  'not-sent': 'gray',
  waiting: 'blue',
  matched: 'green',
};

export const SETUP_STATUS_COLOR: Readonly<Record<SetupStatusCode, string>> = {
  OPEN: 'gray',
  IN_PROGRESS: 'blue',
  COMPLETED: 'green',
};

export const OUTBOX_COLOR: Readonly<Record<OutboxItem['state'], string>> = {
  queued: 'blue',
  sending: 'blue',
  sent: 'green',
  failed: 'red',
};

export function addressLine(address: Address): string {
  return `${address.street}, ${address.postalcode} ${address.city}`;
}

type DetailOptions = {
  t?: Translate;
  dateTime?: (iso: string) => string;
  /** The failure in the clerk's language; by default the main process's German message. */
  failure?: (failure: FailureInfo) => string;
};

/** One line under an outbox entry: when it was sent, why it waits or why it failed. */
export function outboxDetail(item: OutboxItem, options: DetailOptions = {}): string {
  const { t = germanUnits, dateTime = formatGermanDateTime, failure = (f: FailureInfo) => f.message } = options;
  switch (item.state) {
    case 'queued':
      return item.lastFailure
        ? t('outbox.detail.retrying', { reason: failure(item.lastFailure) })
        : t('outbox.detail.queued', { at: dateTime(item.createdAt) });
    case 'sending':
      return t('outbox.detail.sending', { attempt: item.attempts });
    case 'sent':
      return t('outbox.detail.sent', { at: dateTime(item.sentAt) });
    case 'failed': {
      const reason = failure(item.failure);
      if (!item.failure.retryable) return t('outbox.detail.failedFinal', { reason });
      return item.nextAttemptAt === undefined
        ? t('outbox.detail.failedManual', { reason })
        : t('outbox.detail.failedAuto', { reason, at: dateTime(item.nextAttemptAt) });
    }
  }
}

/** The send card's headline; `matchingCompleted` is this property's matching; the others of a workbook show theirs on their own pages. */
export function headlineKey(items: readonly OutboxItem[], matchingCompleted: boolean): string {
  if (items.some((i) => i.state === 'failed')) return 'wizard.queued.failed';
  if (items.some((i) => i.state !== 'sent')) return 'wizard.queued.saved';
  if (!matchingCompleted) return 'wizard.queued.sent';
  return items.every((i) => i.billingunit === items[0]?.billingunit) ? 'wizard.queued.matched' : 'wizard.queued.matchedHere';
}

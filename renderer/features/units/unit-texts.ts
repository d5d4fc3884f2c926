/** German words of the Liegenschaften screen: setup status, outbox states and how to read them. */
import type { SetupStatusCode } from '@shared/msc/billing-unit-data';
import type { OutboxItem } from '@shared/domain/workspace';
import type { Address } from '@shared/msc/primitives';
import { formatGermanDateTime } from '@shared/domain/dates';
import type { Tone } from '@renderer/components/StatusBadge';

export const SETUP_STATUS: Readonly<Record<SetupStatusCode, { label: string; tone: Tone }>> = {
  OPEN: { label: 'Offen', tone: 'neutral' },
  IN_PROGRESS: { label: 'In Bearbeitung', tone: 'pending' },
  COMPLETED: { label: 'Abgeschlossen', tone: 'ok' },
};

export const OUTBOX_STATE: Readonly<Record<OutboxItem['state'], { label: string; tone: Tone }>> = {
  queued: { label: 'Wartet auf Versand', tone: 'pending' },
  sending: { label: 'Wird gesendet', tone: 'pending' },
  sent: { label: 'Gesendet', tone: 'ok' },
  failed: { label: 'Fehlgeschlagen', tone: 'error' },
};

export function addressLine(address: Address): string {
  return `${address.street}, ${address.postalcode} ${address.city}`;
}

export function unitCount(n: number): string {
  return n === 1 ? '1 Nutzeinheit' : `${String(n)} Nutzeinheiten`;
}

/** One line under an outbox entry: when it was sent, why it waits or why it failed. */
export function outboxDetail(item: OutboxItem): string {
  switch (item.state) {
    case 'queued':
      return item.lastFailure
        ? `Neuer Versuch folgt automatisch. Zuletzt: ${item.lastFailure.message}`
        : `Gespeichert am ${formatGermanDateTime(item.createdAt)}, wird gleich gesendet.`;
    case 'sending':
      return `Versuch ${String(item.attempts)} läuft …`;
    case 'sent':
      return `Gesendet am ${formatGermanDateTime(item.sentAt)}.`;
    case 'failed':
      if (!item.failure.retryable) return `${item.failure.message} Bitte die Angaben prüfen und neu erfassen.`;
      return item.nextAttemptAt === undefined
        ? `${item.failure.message} Sie können es erneut senden.`
        : `${item.failure.message} Neuer Versuch automatisch am ${formatGermanDateTime(item.nextAttemptAt)} – oder gleich „Erneut senden“.`;
  }
}

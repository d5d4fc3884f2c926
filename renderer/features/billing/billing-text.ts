/** How periods, checks and submissions read to a clerk: German words, German dates and amounts. */
import { formatGermanDate, formatGermanDateTime } from '@shared/domain/dates';
import { formatGerman, money } from '@shared/domain/decimal';
import type { Action, ExpectedVat, MessageType, PeriodStatus } from '@shared/msc/billing-input';
import type { BillingUnitSummary } from '@shared/msc/billing-unit-data';
import type { ArchiveSummary } from '@shared/ipc/contract';
import type { Tone } from '@renderer/components/StatusBadge';

export const PERIOD_STATUS: Readonly<Record<PeriodStatus, { label: string; tone: Tone }>> = {
  OPEN: { label: 'Offen', tone: 'pending' },
  COMMISSIONED: { label: 'Beauftragt', tone: 'ok' },
  BILLED: { label: 'Abgerechnet', tone: 'neutral' },
};

export const ACTION_LABEL: Readonly<Record<Action, string>> = {
  VALIDATE: 'Prüfung',
  SEND: 'Verbindliche Übermittlung',
  SEND_AND_IGNORE_WARNINGS: 'Übermittlung trotz Warnungen',
};

export const RESULT_LABEL: Readonly<Record<ArchiveSummary['result'], { label: string; tone: Tone }>> = {
  passed: { label: 'Ohne Beanstandung', tone: 'ok' },
  messages: { label: 'Mit Meldungen', tone: 'error' },
  commissioned: { label: 'Beauftragt', tone: 'ok' },
  failed: { label: 'Nicht durchgeführt', tone: 'error' },
};

export const VAT_LABEL: Readonly<Record<ExpectedVat, string>> = {
  GROSS: 'Bruttobeträge (inkl. Umsatzsteuer)',
  NET: 'Nettobeträge (ohne Umsatzsteuer)',
  BOTH: 'Brutto- und Nettobeträge',
};

export const MESSAGE_GROUPS: readonly { type: MessageType; title: string }[] = [
  { type: 'ERROR', title: 'Fehler' },
  { type: 'WARNING', title: 'Warnungen' },
  { type: 'INFO', title: 'Hinweise' },
];

export const periodLabel = (p: { from: string; to: string }): string => `${formatGermanDate(p.from)} – ${formatGermanDate(p.to)}`;

export const germanDate = (iso: string | undefined): string => (iso === undefined ? '–' : formatGermanDate(iso));

export const germanDateTime = (iso: string): string => `${formatGermanDateTime(iso)} Uhr`;

/** `1.234,56 €`; an amount that is not a decimal stays as typed. */
export function euro(text: string | undefined): string {
  if (text === undefined) return '–';
  try {
    return `${formatGerman(money(text))} €`;
  } catch {
    return text;
  }
}

export function unitLabel(u: BillingUnitSummary): string {
  const where = `${u.address.street}, ${u.address.postalcode} ${u.address.city}`;
  return u.billingunitPmnumber === undefined
    ? `${u.billingunitMscnumber} – ${where}`
    : `${u.billingunitMscnumber} – ${where} (${u.billingunitPmnumber})`;
}

/** `1 Fehler, 2 Warnungen` */
export function countText(errors: number, warnings: number): string {
  const parts: string[] = [];
  if (errors > 0) parts.push(errors === 1 ? '1 Fehler' : `${String(errors)} Fehler`);
  if (warnings > 0) parts.push(warnings === 1 ? '1 Warnung' : `${String(warnings)} Warnungen`);
  return parts.join(', ');
}

/** The desktop notifications' texts in German and English (the renderer's texts live in its locale files). */
import type { Language } from '@shared/ipc/channels/preferences';

export type NoticeTexts = {
  connectionBack: { title: string; body: string };
  connectionLost: string;
  matchingDone: string;
  matchingBody(billingunit: string, matched: number, open: number): string;
  where(billingunit: string, periodTo: string): string;
  passed: string;
  passedBody: string;
  withMessages: string;
  rejected: string;
  counts(errors: number, warnings: number): string;
  commissioned: string;
  commissionedBody: string;
  submitFailed: string;
  checkFailed: string;
  failedBody: string;
  billed: string;
  billedBody(recipients: number): string;
};

const n = (count: number, one: string, many: string) => `${String(count)} ${count === 1 ? one : many}`;
const [y, m, d] = [0, 1, 2];
const parts = (iso: string) => iso.split('-');

export const NOTICE_TEXTS: Record<Language, NoticeTexts> = {
  de: {
    connectionBack: { title: 'Verbindung wieder da', body: 'Der Messdienst ist wieder erreichbar.' },
    connectionLost: 'Verbindung gestört',
    matchingDone: 'Zuordnung abgeschlossen',
    matchingBody: (bu, matched, open) =>
      `Liegenschaft ${bu}: ${n(matched, 'Nutzeinheit', 'Nutzeinheiten')} zugeordnet${open > 0 ? `, ${String(open)} offen` : ''}.`,
    where: (bu, to) => {
      const p = parts(to);
      return `Liegenschaft ${bu}, Zeitraum bis ${p[d] ?? ''}.${p[m] ?? ''}.${p[y] ?? ''}`;
    },
    passed: 'Prüfung ohne Beanstandung',
    passedBody: 'keine Fehler, keine Warnungen.',
    withMessages: 'Prüfung mit Hinweisen',
    rejected: 'Übermittlung abgelehnt',
    counts: (e, w) => `${n(e, 'Fehler', 'Fehler')}, ${n(w, 'Warnung', 'Warnungen')}.`,
    commissioned: 'Abrechnung beauftragt',
    commissionedBody: 'verbindlich an den Messdienst übermittelt.',
    submitFailed: 'Übermittlung nicht abgeschlossen',
    checkFailed: 'Prüfung nicht möglich',
    failedBody: 'bitte in Kostenbrücke nachsehen.',
    billed: 'Abrechnung liegt vor',
    billedBody: (r) => `abgerechnet; Ergebnis und Abrechnungen für ${n(r, 'Empfänger', 'Empfänger')} gespeichert.`,
  },
  en: {
    connectionBack: { title: 'Connection restored', body: 'The measuring service can be reached again.' },
    connectionLost: 'Connection lost',
    matchingDone: 'Matching completed',
    matchingBody: (bu, matched, open) =>
      `Property ${bu}: ${n(matched, 'usage unit', 'usage units')} matched${open > 0 ? `, ${String(open)} open` : ''}.`,
    where: (bu, to) => {
      const p = parts(to);
      return `Property ${bu}, period ending ${p[d] ?? ''}/${p[m] ?? ''}/${p[y] ?? ''}`;
    },
    passed: 'Check passed',
    passedBody: 'no errors, no warnings.',
    withMessages: 'Check with messages',
    rejected: 'Submission rejected',
    counts: (e, w) => `${n(e, 'error', 'errors')}, ${n(w, 'warning', 'warnings')}.`,
    commissioned: 'Billing commissioned',
    commissionedBody: 'submitted bindingly to the measuring service.',
    submitFailed: 'Submission not completed',
    checkFailed: 'Check not possible',
    failedBody: 'please look in Kostenbrücke.',
    billed: 'Billing result received',
    billedBody: (r) => `billed; result and statements for ${n(r, 'recipient', 'recipients')} saved.`,
  },
};

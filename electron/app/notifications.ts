/**
 * Which contract events deserve a desktop notification, as pure rules per event. main.ts shows what they return
 * through Electron's Notification: a finished matching, a test check or submission result, and a connection
 * whose state changes (not every check of it).
 */
import type { EventName, EventPayload } from '@shared/ipc/contract';
import { formatGermanDate } from '@shared/domain/dates';

export type DesktopNotice = { title: string; body: string };
/** What the rules remember between events (e.g. the last state of each connection). */
export type NoticeMemory = Map<string, string>;
type Rule<E extends EventName> = (payload: EventPayload<E>, memory: NoticeMemory) => DesktopNotice | null;

const rules: { [E in EventName]?: Rule<E> } = {
  'connection:status': ({ connectionId, health }, memory) => {
    const key = `connection:${connectionId}`;
    const before = memory.get(key);
    memory.set(key, health.state);
    if (before === undefined || before === health.state) return null;
    return health.state === 'ok'
      ? { title: 'Verbindung wieder da', body: 'Der Messdienst ist wieder erreichbar.' }
      : { title: 'Verbindung gestört', body: health.error.message };
  },
  'workspace:changed': ({ event }) => {
    if (event.type !== 'setup-status-changed' || event.previous === 'COMPLETED') return null;
    const status = event.setup.status;
    if (status?.setupstatus !== 'COMPLETED') return null;
    const matched = status.matched?.length ?? 0;
    const open = status.unmatched?.length ?? 0;
    return {
      title: 'Zuordnung abgeschlossen',
      body: `Liegenschaft ${event.setup.billingunit}: ${plural(matched, 'Nutzeinheit', 'Nutzeinheiten')} zugeordnet${open > 0 ? `, ${String(open)} offen` : ''}.`,
    };
  },
  'billing:checked': ({ billingunit, periodTo, action, result, errors, warnings }) => {
    const where = `Liegenschaft ${billingunit}, Zeitraum bis ${formatGermanDate(periodTo)}`;
    const binding = action !== 'VALIDATE';
    switch (result) {
      case 'passed':
        return { title: 'Prüfung ohne Beanstandung', body: `${where}: keine Fehler, keine Warnungen.` };
      case 'messages':
        return {
          title: binding ? 'Übermittlung abgelehnt' : 'Prüfung mit Hinweisen',
          body: `${where}: ${plural(errors, 'Fehler', 'Fehler')}, ${plural(warnings, 'Warnung', 'Warnungen')}.`,
        };
      case 'commissioned':
        return { title: 'Abrechnung beauftragt', body: `${where}: verbindlich an den Messdienst übermittelt.` };
      case 'failed':
        return {
          title: binding ? 'Übermittlung nicht abgeschlossen' : 'Prüfung nicht möglich',
          body: `${where}: bitte in Kostenbrücke nachsehen.`,
        };
    }
  },
};

function plural(n: number, one: string, many: string): string {
  return `${String(n)} ${n === 1 ? one : many}`;
}

export function noticeFor<E extends EventName>(name: E, payload: EventPayload<E>, memory: NoticeMemory): DesktopNotice | null {
  const rule = rules[name];
  return rule ? rule(payload, memory) : null;
}

export function createNotifier(show: (notice: DesktopNotice) => void) {
  const memory: NoticeMemory = new Map();
  return <E extends EventName>(name: E, payload: EventPayload<E>): void => {
    const notice = noticeFor(name, payload, memory);
    if (notice) show(notice);
  };
}

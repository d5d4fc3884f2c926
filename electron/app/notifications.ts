/**
 * Which contract events deserve a desktop notification, as pure rules per event. main.ts shows what they return
 * through Electron's Notification. A connection notifies only when its state changes, not on every check.
 */
import type { EventName, EventPayload } from '@shared/ipc/contract';

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
};

export function noticeFor<E extends EventName>(name: E, payload: EventPayload<E>, memory: NoticeMemory): DesktopNotice | null {
  const rule = rules[name] as Rule<E> | undefined;
  return rule ? rule(payload, memory) : null;
}

export function createNotifier(show: (notice: DesktopNotice) => void) {
  const memory: NoticeMemory = new Map();
  return <E extends EventName>(name: E, payload: EventPayload<E>): void => {
    const notice = noticeFor(name, payload, memory);
    if (notice) show(notice);
  };
}

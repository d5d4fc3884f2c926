/**
 * Which contract events deserve a desktop notification, as pure rules per event. main.ts shows what they return
 * through Electron's Notification: a finished matching, a test check or submission result, and a connection
 * whose state changes (not every check of it). The operating system shows the text as it is, so the main process
 * writes it in the clerk's chosen language.
 */
import type { EventName, EventPayload } from '@shared/ipc/contract';
import type { Language } from '@shared/ipc/channels/preferences';
import { NOTICE_TEXTS } from '@main/app/notification-texts';
import type { NoticeTexts } from '@main/app/notification-texts';

export type DesktopNotice = { title: string; body: string };
/** What the rules remember between events (e.g. the last state of each connection). */
export type NoticeMemory = Map<string, string>;
type Rule<E extends EventName> = (payload: EventPayload<E>, memory: NoticeMemory, texts: NoticeTexts) => DesktopNotice | null;

const rules: { [E in EventName]?: Rule<E> } = {
  'connection:status': ({ connectionId, health }, memory, x) => {
    const key = `connection:${connectionId}`;
    const before = memory.get(key);
    memory.set(key, health.state);
    if (before === undefined || before === health.state) return null;
    return health.state === 'ok' ? x.connectionBack : { title: x.connectionLost, body: health.error.message };
  },
  'workspace:changed': ({ event }, _memory, x) => {
    if (event.type === 'result-stored') {
      return {
        title: x.billed,
        body: `${x.where(event.entry.billingunit, event.entry.periodTo)}: ${x.billedBody(event.recipients)}`,
      };
    }
    if (event.type !== 'setup-status-changed' || event.previous === 'COMPLETED') return null;
    const status = event.setup.status;
    if (status?.setupstatus !== 'COMPLETED') return null;
    return {
      title: x.matchingDone,
      body: x.matchingBody(event.setup.billingunit, status.matched?.length ?? 0, status.unmatched?.length ?? 0),
    };
  },
  'billing:checked': ({ billingunit, periodTo, action, result, errors, warnings }, _memory, x) => {
    const where = x.where(billingunit, periodTo);
    const binding = action !== 'VALIDATE';
    switch (result) {
      case 'passed':
        return { title: x.passed, body: `${where}: ${x.passedBody}` };
      case 'messages':
        return { title: binding ? x.rejected : x.withMessages, body: `${where}: ${x.counts(errors, warnings)}` };
      case 'commissioned':
        return { title: x.commissioned, body: `${where}: ${x.commissionedBody}` };
      case 'failed':
        return { title: binding ? x.submitFailed : x.checkFailed, body: `${where}: ${x.failedBody}` };
    }
  },
};

export function noticeFor<E extends EventName>(
  name: E,
  payload: EventPayload<E>,
  memory: NoticeMemory,
  language: Language = 'de',
): DesktopNotice | null {
  const rule = rules[name];
  return rule ? rule(payload, memory, NOTICE_TEXTS[language]) : null;
}

/** `language` is asked at each event, so a change in Einstellungen applies to the next notification. */
export function createNotifier(show: (notice: DesktopNotice) => void, language: () => Language = () => 'de') {
  const memory: NoticeMemory = new Map();
  return <E extends EventName>(name: E, payload: EventPayload<E>): void => {
    const notice = noticeFor(name, payload, memory, language());
    if (notice) show(notice);
  };
}

/**
 * The sentences the takeover panel says once a data folder was taken over: what it moved, each kind only where there
 * was any, and where the team database's own stand was kept. Counts go through i18next plurals; the list is joined
 * the way the clerk's language joins one (Intl.ListFormat: "a, b und c" / "a, b, and c").
 */
import type { FolderTakeover } from '@shared/ipc/channels/team';
import type { Formatters } from '@renderer/lib/format';

export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** In the order the clerk knows them from the app: editing, archive, results, then what is sent. */
const MOVED = ['drafts', 'archive', 'results', 'outbox', 'osr', 'osrLog', 'setups'] as const;
const KEPT = [
  ['draftsKept', 'drafts'],
  ['osrKept', 'osr'],
  ['setupsKept', 'setups'],
] as const;

/** A record written before the takeover counted everything has only drafts and archive: the rest reads as none. */
const countOf = (done: Partial<FolderTakeover>, key: keyof FolderTakeover): number => {
  const n = done[key];
  return typeof n === 'number' ? n : 0;
};

export function takeoverDoneText(done: FolderTakeover, t: Translate, format: Formatters): string {
  const list = new Intl.ListFormat(format.locale, { style: 'long', type: 'conjunction' });
  const words = (kinds: readonly (readonly [keyof FolderTakeover, (typeof MOVED)[number]])[]) =>
    list.format(
      kinds
        .map(([key, kind]) => [countOf(done, key), kind] as const)
        .filter(([n]) => n > 0)
        .map(([n, kind]) => t(`takeover.kinds.${kind}`, { count: n, n: format.integer(n) })),
    );
  const at = format.dateTime(done.at);
  const moved = words(MOVED.map((kind) => [kind, kind] as const));
  const kept = words(KEPT);
  const first = moved === '' ? t('takeover.doneNothing', { at }) : t('takeover.done', { at, list: moved });
  return kept === '' ? first : `${first} ${t('takeover.kept', { list: kept })}`;
}

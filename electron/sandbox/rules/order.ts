/** Orders check messages by path, reading `[10]` after `[9]`, so a clerk works through the submission top to bottom. */
import type { CheckMessage } from '@shared/msc/billing-input';
import { compareSegments, pathSegments as segments } from '@shared/domain/precheck/logic';

const SEVERITY: Readonly<Record<CheckMessage['type'], number>> = { ERROR: 0, WARNING: 1, INFO: 2 };

/** Sorted copy: by path, then errors before warnings, then by code; otherwise stable. */
export function sortByPath(messages: readonly CheckMessage[]): CheckMessage[] {
  return messages
    .map((m) => ({ m, key: segments(m.path) }))
    .sort(
      (a, b) =>
        compareSegments(a.key, b.key) ||
        SEVERITY[a.m.type] - SEVERITY[b.m.type] ||
        (a.m.shortmessage < b.m.shortmessage ? -1 : a.m.shortmessage > b.m.shortmessage ? 1 : 0),
    )
    .map(({ m }) => m);
}

/** Orders check messages by path, reading `[10]` after `[9]`, so a clerk works through the submission top to bottom. */
import type { CheckMessage } from '@shared/msc/billing-input';

type Segment = string | number;

const SEGMENT = /\[(\d+)\]|([^.[\]]+)/g;

function segments(path: string): Segment[] {
  const out: Segment[] = [];
  for (const m of path.matchAll(SEGMENT)) out.push(m[1] !== undefined ? Number(m[1]) : (m[2] ?? ''));
  return out;
}

function compareSegments(a: readonly Segment[], b: readonly Segment[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i];
    const y = b[i];
    if (x === y || x === undefined || y === undefined) continue;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    if (typeof x === 'number') return -1;
    if (typeof y === 'number') return 1;
    return x < y ? -1 : 1;
  }
  return a.length - b.length;
}

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

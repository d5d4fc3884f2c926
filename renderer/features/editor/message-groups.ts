/**
 * The Prüfen step's messages grouped as a clerk works through them: by the step they lead to, then by rule (a
 * pre-check code or the MSC's stable `shortmessage`) and type, so 48 missing distribution values are one line
 * "Verteilwert fehlt" with their 48 places instead of 48 lines. Each place keeps its own text and link.
 */
import { EDITOR_STEPS } from '@shared/domain/draft-location';
import type { DraftLocation, EditorStep } from '@shared/domain/draft-location';
import { MESSAGE_TYPES } from '@renderer/lib/check-messages';

export type ListedMessage = {
  type: 'ERROR' | 'WARNING' | 'INFO';
  /** The stable code of the rule that produced it: the pre-check's code or the MSC's `shortmessage`. */
  rule: string;
  text: string;
  lang?: string;
  path: string;
  loc: DraftLocation | undefined;
};

export type MessageGroup = {
  key: string;
  type: ListedMessage['type'];
  rule: string;
  messages: ListedMessage[];
  /** Rows of the step's grids the places lie in (12 users for 48 missing values). */
  rows: number;
};

/** `step` undefined: messages about the whole billing, which lead to no grid. */
export type StepMessages = { step: EditorStep | undefined; count: number; groups: MessageGroup[] };

const stepRank = (step: EditorStep | undefined): number => (step === undefined ? -1 : EDITOR_STEPS.indexOf(step));

export function groupMessages(messages: readonly ListedMessage[]): StepMessages[] {
  const steps = new Map<EditorStep | undefined, Map<string, MessageGroup>>();
  for (const m of messages) {
    const step = m.loc?.step;
    const groups = steps.get(step) ?? new Map<string, MessageGroup>();
    steps.set(step, groups);
    const key = `${step ?? ''}|${m.type}|${m.rule}`;
    const group = groups.get(key) ?? { key, type: m.type, rule: m.rule, messages: [], rows: 0 };
    groups.set(key, group);
    group.messages.push(m);
  }
  return [...steps]
    .sort(([a], [b]) => stepRank(a) - stepRank(b))
    .map(([step, groups]) => {
      const list = [...groups.values()]
        .map((g) => ({ ...g, rows: new Set(g.messages.map((m) => (m.loc ? `${m.loc.section}|${String(m.loc.row)}` : ''))).size }))
        // Stable sort: within a type, the rules keep the order of their first message (top to bottom of the billing).
        .sort((a, b) => MESSAGE_TYPES.indexOf(a.type) - MESSAGE_TYPES.indexOf(b.type));
      return { step, count: list.reduce((n, g) => n + g.messages.length, 0), groups: list };
    });
}

/** The group's heading when no title is known for its rule: the one text all share, else the first one. */
export function sharedText(group: MessageGroup): string {
  const [first] = group.messages;
  return first?.text ?? group.rule;
}

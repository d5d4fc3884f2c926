/** What of each wizard step is kept across a reload or restart (see useWizardDraft). */
import type { WizardDraft } from '@shared/ipc/channels/setup-wizard';
import type { WizardState } from '@renderer/features/units/setup-wizard';
import type { EditRow } from '@renderer/features/units/edit-rows';
import { changesOf } from '@renderer/features/units/import-rows';

const rowsOf = (rows: readonly EditRow[]) =>
  rows.map(({ key, pm, description, floor, position, livingarea, meternumbers, base }) => ({
    key,
    pm,
    description,
    floor,
    position,
    livingarea,
    meternumbers,
    ...(base === undefined ? {} : { base }),
  }));

/** The draft of a step; null forgets the saved one; undefined keeps it (a step on the way to another). */
export function draftOf(state: WizardState): WizardDraft | null | undefined {
  switch (state.step) {
    case 'start':
    case 'issues':
    case 'queued':
      return null;
    case 'reading':
      return undefined;
    case 'edit':
      return { step: 'edit', purpose: state.purpose, rows: rowsOf(state.rows) };
    case 'review':
    case 'sending':
      return { step: 'review', purpose: state.origin.purpose, rows: rowsOf(state.origin.rows) };
    case 'mapping': {
      const { fileId, fileName, suggestion, remembered } = state.context;
      const choice = state.choice === undefined ? {} : { choice: state.choice };
      return { step: 'mapping', fileId, fileName, suggestion, remembered, ...choice };
    }
    case 'preview': {
      const { context, mapping, byHand } = state.source;
      const { fileId, fileName, suggestion, remembered } = context;
      const { changed, removed } = changesOf(state.source, state.rows);
      return {
        step: 'preview',
        fileId,
        fileName,
        suggestion,
        remembered,
        byHand,
        changed,
        removed,
        ...(mapping ? { mapping } : {}),
      };
    }
  }
}

/**
 * The send-for-matching wizard as a reducer over its steps: start → import (with a column mapping
 * step when the file's columns are not all recognised) or type → review → sending → queued. A file is read with
 * progress (`reading`) into an editable preview grouped by property (`preview`); a file that cannot be read at
 * all stops at `issues`, and nothing is sent from there.
 */
import type { SetupResidentialUnit } from '@shared/msc/billing-unit-data';
import type { ImportIssue } from '@shared/domain/excel';
import type { OutboxItem } from '@shared/domain/workspace';
import type { UnitRowsProgress } from '@shared/ipc/channels/excel';
import type { EditRow } from '@renderer/features/units/edit-rows';
import { emptyRow } from '@renderer/features/units/edit-rows';
import type { Choice, MappingContext } from '@renderer/features/excel-mapping/column-mapping';
import type { PreviewRow, PreviewSource } from '@renderer/features/units/import-rows';

/** `auxiliary`: ambiguous units of a finished matching, re-sent with auxiliary criteria. */
export type EditPurpose = 'new' | 'auxiliary';

/** Typed rows under review; kept so "Zurück" returns to them. */
export type Origin = { kind: 'typed'; rows: EditRow[]; purpose: EditPurpose };

/** Why the wizard is back at the start, besides an error of the last attempt. */
export type StartNotice = 'fileGone' | 'cancelled';

export type WizardState =
  | { step: 'start'; error?: string; notice?: StartNotice; fileName?: string }
  | { step: 'reading'; fileName?: string; jobId?: string; progress?: UnitRowsProgress }
  | { step: 'mapping'; context: MappingContext; busy: boolean; error?: string; choice?: Choice }
  | { step: 'issues'; fileName: string; issues: ImportIssue[]; mapping?: MappingContext }
  | { step: 'edit'; rows: EditRow[]; purpose: EditPurpose; errors: string[] }
  | { step: 'review'; origin: Origin; units: SetupResidentialUnit[]; error?: string }
  | { step: 'sending'; origin: Origin; units: SetupResidentialUnit[] }
  | { step: 'preview'; source: PreviewSource; rows: PreviewRow[]; sending: boolean; error?: string }
  | { step: 'queued'; items: OutboxItem[] };

export type WizardAction =
  | { type: 'reset' }
  | { type: 'start-notice'; notice: StartNotice; fileName?: string }
  | { type: 'reading'; fileName?: string; jobId?: string }
  | { type: 'progress'; jobId: string; progress: UnitRowsProgress }
  | { type: 'read-failed'; message: string }
  | { type: 'import-issues'; fileName: string; issues: ImportIssue[]; mapping?: MappingContext }
  | { type: 'map-columns'; context: MappingContext; choice?: Choice }
  | { type: 'mapping-choice'; choice: Choice }
  | { type: 'mapping-busy' }
  | { type: 'mapping-failed'; message: string }
  | { type: 'previewed'; source: PreviewSource; rows: PreviewRow[] }
  | { type: 'preview-rows'; rows: PreviewRow[] }
  | { type: 'edit'; rows?: EditRow[]; purpose: EditPurpose }
  | { type: 'rows-changed'; rows: EditRow[] }
  | { type: 'rows-invalid'; errors: string[] }
  | { type: 'rows-valid'; units: SetupResidentialUnit[]; rows?: EditRow[]; purpose?: EditPurpose }
  | { type: 'back' }
  | { type: 'send-started' }
  | { type: 'send-failed'; message: string }
  | { type: 'queued'; items: OutboxItem[] };

export const initialWizard: WizardState = { step: 'start' };

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'reset':
      return initialWizard;
    case 'start-notice':
      return action.fileName === undefined
        ? { step: 'start', notice: action.notice }
        : { step: 'start', notice: action.notice, fileName: action.fileName };
    case 'reading': {
      const next: WizardState = { step: 'reading' };
      if (action.fileName !== undefined) next.fileName = action.fileName;
      if (action.jobId !== undefined) next.jobId = action.jobId;
      return next;
    }
    case 'progress':
      // Progress of an import that has ended or been replaced arrives late sometimes; it changes nothing then.
      return state.step === 'reading' && state.jobId === action.jobId
        ? { ...state, progress: { ...action.progress, first: action.progress.first ?? state.progress?.first } }
        : state;
    case 'read-failed':
      return { step: 'start', error: action.message };
    case 'import-issues':
      return action.mapping === undefined
        ? { step: 'issues', fileName: action.fileName, issues: action.issues }
        : { step: 'issues', fileName: action.fileName, issues: action.issues, mapping: action.mapping };
    case 'map-columns':
      return action.choice === undefined
        ? { step: 'mapping', context: action.context, busy: false }
        : { step: 'mapping', context: action.context, busy: false, choice: action.choice };
    case 'mapping-choice':
      return state.step === 'mapping' ? { ...state, choice: action.choice } : state;
    case 'mapping-busy':
      return state.step === 'mapping' ? { ...state, busy: true } : state;
    case 'mapping-failed':
      return state.step === 'mapping' ? { ...state, busy: false, error: action.message } : state;
    case 'previewed':
      return { step: 'preview', source: action.source, rows: action.rows, sending: false };
    case 'preview-rows':
      return state.step === 'preview' && !state.sending ? { ...state, rows: action.rows } : state;
    case 'edit':
      return { step: 'edit', rows: action.rows ?? [emptyRow(), emptyRow(), emptyRow()], purpose: action.purpose, errors: [] };
    case 'rows-changed':
      return state.step === 'edit' ? { ...state, rows: action.rows } : state;
    case 'rows-invalid':
      return state.step === 'edit' ? { ...state, errors: action.errors } : state;
    case 'rows-valid':
      if (state.step === 'edit')
        return { step: 'review', origin: { kind: 'typed', rows: state.rows, purpose: state.purpose }, units: action.units };
      // A restored review: the typed rows come from the saved wizard.
      if (state.step === 'start' && action.rows !== undefined)
        return {
          step: 'review',
          origin: { kind: 'typed', rows: action.rows, purpose: action.purpose ?? 'new' },
          units: action.units,
        };
      return state;
    case 'back':
      if (state.step === 'review') return { step: 'edit', rows: state.origin.rows, purpose: state.origin.purpose, errors: [] };
      return initialWizard;
    case 'send-started':
      if (state.step === 'review') return { step: 'sending', origin: state.origin, units: state.units };
      if (state.step === 'preview') return { step: 'preview', source: state.source, rows: state.rows, sending: true };
      return state;
    case 'send-failed':
      if (state.step === 'sending') return { step: 'review', origin: state.origin, units: state.units, error: action.message };
      if (state.step === 'preview')
        return { step: 'preview', source: state.source, rows: state.rows, sending: false, error: action.message };
      return state;
    case 'queued':
      return state.step === 'sending' || state.step === 'preview' ? { step: 'queued', items: action.items } : state;
  }
}

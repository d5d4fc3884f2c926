/**
 * The send-for-matching wizard as a reducer over its steps (style rule 17): start → import (with a column
 * mapping step when the file's columns are not all recognised) or type → review → sending → queued. An import
 * with errors stops at `issues`; nothing is sent from there.
 */
import type { SetupResidentialUnit } from '@shared/msc/billing-unit-data';
import type { HeaderCell, ImportIssue } from '@shared/domain/excel';
import type { OutboxItem } from '@shared/domain/workspace';
import type { EditRow } from '@renderer/features/units/edit-rows';
import { emptyRow } from '@renderer/features/units/edit-rows';
import type { MappingContext } from '@renderer/features/excel-mapping/column-mapping';

/**
 * Where the units under review came from; typed rows are kept so "Zurück" returns to them, an imported file's
 * mapping so the clerk can change it.
 */
export type Origin =
  | {
      kind: 'excel';
      fileName: string;
      warnings: ImportIssue[];
      columns: HeaderCell[];
      mapping: MappingContext;
      /** The clerk chose the columns in the mapping step. */
      byHand: boolean;
    }
  | { kind: 'typed'; rows: EditRow[]; purpose: EditPurpose };

/** `auxiliary`: ambiguous units of a finished matching, re-sent with auxiliary criteria. */
export type EditPurpose = 'new' | 'auxiliary';

export type WizardState =
  | { step: 'start'; error?: string }
  | { step: 'reading'; fileName?: string }
  | { step: 'mapping'; context: MappingContext; busy: boolean; error?: string }
  | { step: 'issues'; fileName: string; issues: ImportIssue[]; mapping?: MappingContext }
  | { step: 'edit'; rows: EditRow[]; purpose: EditPurpose; errors: string[] }
  | { step: 'review'; origin: Origin; units: SetupResidentialUnit[]; error?: string }
  | { step: 'sending'; origin: Origin; units: SetupResidentialUnit[] }
  | { step: 'queued'; item: OutboxItem };

export type WizardAction =
  | { type: 'reset' }
  | { type: 'reading'; fileName?: string }
  | { type: 'read-failed'; message: string }
  | { type: 'import-issues'; fileName: string; issues: ImportIssue[]; mapping?: MappingContext }
  | { type: 'map-columns'; context: MappingContext }
  | { type: 'mapping-busy' }
  | { type: 'mapping-failed'; message: string }
  | {
      type: 'imported';
      units: SetupResidentialUnit[];
      warnings: ImportIssue[];
      columns: HeaderCell[];
      mapping: MappingContext;
      byHand: boolean;
    }
  | { type: 'edit'; rows?: EditRow[]; purpose: EditPurpose }
  | { type: 'rows-changed'; rows: EditRow[] }
  | { type: 'rows-invalid'; errors: string[] }
  | { type: 'rows-valid'; units: SetupResidentialUnit[] }
  | { type: 'back' }
  | { type: 'send-started' }
  | { type: 'send-failed'; message: string }
  | { type: 'queued'; item: OutboxItem };

export const initialWizard: WizardState = { step: 'start' };

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'reset':
      return initialWizard;
    case 'reading':
      return action.fileName === undefined ? { step: 'reading' } : { step: 'reading', fileName: action.fileName };
    case 'read-failed':
      return { step: 'start', error: action.message };
    case 'import-issues':
      return action.mapping === undefined
        ? { step: 'issues', fileName: action.fileName, issues: action.issues }
        : { step: 'issues', fileName: action.fileName, issues: action.issues, mapping: action.mapping };
    case 'map-columns':
      return { step: 'mapping', context: action.context, busy: false };
    case 'mapping-busy':
      return state.step === 'mapping' ? { step: 'mapping', context: state.context, busy: true } : state;
    case 'mapping-failed':
      return state.step === 'mapping' ? { step: 'mapping', context: state.context, busy: false, error: action.message } : state;
    case 'imported': {
      const { warnings, columns, mapping, byHand } = action;
      return {
        step: 'review',
        origin: { kind: 'excel', fileName: mapping.fileName, warnings, columns, mapping, byHand },
        units: action.units,
      };
    }
    case 'edit':
      return { step: 'edit', rows: action.rows ?? [emptyRow(), emptyRow(), emptyRow()], purpose: action.purpose, errors: [] };
    case 'rows-changed':
      return state.step === 'edit' ? { ...state, rows: action.rows } : state;
    case 'rows-invalid':
      return state.step === 'edit' ? { ...state, errors: action.errors } : state;
    case 'rows-valid':
      return state.step === 'edit'
        ? { step: 'review', origin: { kind: 'typed', rows: state.rows, purpose: state.purpose }, units: action.units }
        : state;
    case 'back':
      if (state.step === 'review' && state.origin.kind === 'typed')
        return { step: 'edit', rows: state.origin.rows, purpose: state.origin.purpose, errors: [] };
      return initialWizard;
    case 'send-started':
      return state.step === 'review' ? { step: 'sending', origin: state.origin, units: state.units } : state;
    case 'send-failed':
      return state.step === 'sending'
        ? { step: 'review', origin: state.origin, units: state.units, error: action.message }
        : state;
    case 'queued':
      return state.step === 'sending' ? { step: 'queued', item: action.item } : state;
  }
}

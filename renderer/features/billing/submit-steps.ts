/** The steps of a binding submission as a pure state machine (no React), so its guards are unit-tested. */
import type { SubmitOutcome } from '@shared/ipc/contract';

export type SubmitState =
  | { step: 'closed' }
  | { step: 'confirm' }
  | { step: 'submitting'; ignoreWarnings: boolean }
  | { step: 'outcome'; outcome: SubmitOutcome }
  | { step: 'error'; error: unknown };

type SubmitAction =
  | { type: 'open' }
  | { type: 'cancel' }
  | { type: 'start'; ignoreWarnings: boolean }
  | { type: 'finished'; outcome: SubmitOutcome }
  | { type: 'failed'; error: unknown };

/** The submission's steps: it can only start from the confirmation, and nothing closes it while it runs. */
export function submitReducer(state: SubmitState, action: SubmitAction): SubmitState {
  switch (action.type) {
    case 'open':
      return state.step === 'submitting' ? state : { step: 'confirm' };
    case 'cancel':
      return state.step === 'submitting' ? state : { step: 'closed' };
    case 'start':
      return state.step === 'confirm' ? { step: 'submitting', ignoreWarnings: action.ignoreWarnings } : state;
    case 'finished':
      return { step: 'outcome', outcome: action.outcome };
    case 'failed':
      return { step: 'error', error: action.error };
  }
}

/** The binding submission starts only from the confirmation and cannot be closed or restarted while it runs. */
import { describe, expect, it } from 'vitest';
import { submitReducer } from '@renderer/features/billing/submit-steps';
import type { SubmitState } from '@renderer/features/billing/submit-steps';

const submitting: SubmitState = { step: 'submitting', ignoreWarnings: false };

describe('submitting bindingly', () => {
  it('starts only after the clerk confirmed', () => {
    expect(submitReducer({ step: 'closed' }, { type: 'start', ignoreWarnings: false })).toEqual({ step: 'closed' });
    expect(submitReducer({ step: 'confirm' }, { type: 'start', ignoreWarnings: true })).toEqual({
      step: 'submitting',
      ignoreWarnings: true,
    });
  });

  it('ignores a second start, cancel and reopen while the submission runs', () => {
    expect(submitReducer(submitting, { type: 'start', ignoreWarnings: true })).toBe(submitting);
    expect(submitReducer(submitting, { type: 'cancel' })).toBe(submitting);
    expect(submitReducer(submitting, { type: 'open' })).toBe(submitting);
  });

  it('ends with the outcome, which the next opening replaces by a fresh confirmation', () => {
    const done = submitReducer(submitting, { type: 'finished', outcome: { status: 'rejected', messages: [] } });
    expect(done.step).toBe('outcome');
    expect(submitReducer(done, { type: 'open' })).toEqual({ step: 'confirm' });
  });
});

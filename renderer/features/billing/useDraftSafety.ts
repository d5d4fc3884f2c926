import { useState } from 'react';
import type { Draft } from '@shared/domain/workspace';
import { useDiscardDraft, useDraftFromPrevious, useRestoreChecked } from '@renderer/features/billing/mutations';
import { useCheckedSnapshot, usePreviousSubmission } from '@renderer/features/billing/queries';
import type { PeriodRef } from '@renderer/features/billing/queries';

export type SafetyAsk = 'none' | 'discard' | 'restore';
/** What the last safety step did, for the line the screen says afterwards. */
export type SafetyDone = { kind: 'discarded' } | { kind: 'restored' | 'from-previous'; revision: number } | null;

/**
 * Draft safety on the period page: discard the draft, go back to the last revision a test check ran on, or start
 * a new draft from an earlier period's submission. Each asks first (except starting, which loses nothing) and
 * names the revision it was based on, so a change in another window is a conflict, not a silent overwrite.
 */
export function useDraftSafety(where: PeriodRef, draft: Draft | null, onDone: () => void) {
  const [ask, setAsk] = useState<SafetyAsk>('none');
  const [done, setDone] = useState<SafetyDone>(null);
  const checked = useCheckedSnapshot(where, draft !== null);
  const previous = usePreviousSubmission(where, draft !== null);
  const discard = useDiscardDraft();
  const restore = useRestoreChecked();
  const fromPrevious = useDraftFromPrevious();
  const snapshot = checked.data ?? null;

  const open = (which: SafetyAsk) => {
    discard.reset();
    restore.reset();
    setAsk(which);
  };
  const finish = (result: SafetyDone) => {
    setAsk('none');
    setDone(result);
    onDone();
  };

  return {
    ask,
    done,
    snapshot,
    /** Offered while the draft differs from the checked revision. */
    canRestore: draft !== null && snapshot !== null && snapshot.revision !== draft.revision,
    previous: draft === null ? (previous.data ?? null) : null,
    busy: discard.isPending || restore.isPending || fromPrevious.isPending,
    error: ask === 'discard' ? discard.error : ask === 'restore' ? restore.error : null,
    startError: fromPrevious.error,
    askDiscard: () => {
      open('discard');
    },
    askRestore: () => {
      open('restore');
    },
    cancel: () => {
      setAsk('none');
    },
    confirmDiscard: () => {
      if (!draft) return;
      discard.mutate(
        { ...where, expectedRevision: draft.revision },
        {
          onSuccess: () => {
            finish({ kind: 'discarded' });
          },
        },
      );
    },
    confirmRestore: () => {
      if (!draft) return;
      restore.mutate(
        { ...where, expectedRevision: draft.revision },
        {
          onSuccess: (d) => {
            finish({ kind: 'restored', revision: d.revision });
          },
        },
      );
    },
    startFromPrevious: () => {
      if (fromPrevious.isPending) return;
      fromPrevious.mutate(where, {
        onSuccess: (d) => {
          finish({ kind: 'from-previous', revision: d.revision });
        },
      });
    },
  };
}

export type DraftSafety = ReturnType<typeof useDraftSafety>;

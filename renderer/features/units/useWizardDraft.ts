/**
 * Keeps where the wizard stands in the data folder (typed rows, the mapping, the step, corrections in a preview),
 * so that a reload or a restart returns the clerk to it. Read once when the property opens; saved shortly after
 * every change and when the page is left or the wizard closes.
 */
import { useEffect, useRef } from 'react';
import type { WizardDraft } from '@shared/ipc/channels/setup-wizard';
import { useChannel } from '@renderer/lib/queries';
import { useSaveWizardDraft } from '@renderer/features/units/mutations';
import type { WizardState } from '@renderer/features/units/setup-wizard';
import { draftOf } from '@renderer/features/units/wizard-draft';

const SAVE_AFTER_MS = 300;

/**
 * `restore` is called once with the saved draft (if any) before anything is saved, so an empty wizard never
 * overwrites what the clerk left.
 */
export function useWizardDraft(
  connectionId: string,
  billingunit: string,
  state: WizardState,
  restore: (draft: WizardDraft) => void,
): void {
  const saved = useChannel('setup-wizard:get', { connectionId, billingunit });
  const { mutateAsync: save } = useSaveWizardDraft();
  const ready = !saved.isPending;
  const restored = useRef(false);
  const last = useRef<string | undefined>(undefined);
  const flush = useRef<(() => void) | undefined>(undefined);

  useEffect(() => {
    if (!ready || restored.current) return;
    restored.current = true;
    // A draft that cannot be read is no reason to keep the clerk from starting afresh.
    if (saved.data) {
      last.current = JSON.stringify(saved.data);
      restore(saved.data);
    }
  }, [ready, saved.data, restore]);

  useEffect(() => {
    if (!ready || !restored.current) return;
    const write = (): void => {
      flush.current = undefined;
      const draft = draftOf(state);
      if (draft === undefined) return;
      const json = JSON.stringify(draft);
      if (json === last.current) return;
      last.current = json;
      save({ connectionId, billingunit, draft }).catch(() => {
        // Not saved: the next change tries again.
        last.current = undefined;
      });
    };
    flush.current = write;
    const timer = setTimeout(write, SAVE_AFTER_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [ready, state, connectionId, billingunit, save]);

  useEffect(() => {
    const leave = (): void => flush.current?.();
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, []);
}

/**
 * Writes of the Liegenschaften screens. Each marks the reads it changes as stale; workspace events do the same
 * for what the outbox and the setup poller change later in the background.
 */
import { useChannelMutation } from '@renderer/lib/queries';
import { saveFile } from '@renderer/lib/files';

/** One property's units of any number; the main process splits them into requests of at most 5,000. */
export function useSendSetups() {
  return useChannelMutation('units:send-setups', { invalidates: ['units:outbox'] });
}

export function useRetrySetup() {
  return useChannelMutation('units:retry-setup', { invalidates: ['units:outbox'] });
}

export function useRemoveSetup() {
  return useChannelMutation('units:remove-setup', { invalidates: ['units:outbox'] });
}

/** Asks the MSC now instead of waiting for the next poll; the MSC's list may have moved as well. */
export function useRefreshSetup() {
  return useChannelMutation('units:refresh-setup', {
    invalidates: ['units:setups', 'units:matching', 'units:page', 'units:list'],
  });
}

/** Builds the matching list and saves it (Save-as dialog or download); a failure of either shows as one error. */
export function useExportMatching() {
  return useChannelMutation('excel:export-matching', {
    onSuccess: async (file) => {
      await saveFile(file);
    },
  });
}

/** Reading a workbook changes nothing stored, but it is an action the clerk starts, not a cached read. */
export function useSuggestMapping() {
  return useChannelMutation('excel:suggest-mapping');
}

export function useImportUnits() {
  return useChannelMutation('excel:import-units');
}

export function usePrepareImport() {
  return useChannelMutation('excel:prepare-import');
}

export function useCancelImport() {
  return useChannelMutation('excel:cancel-import');
}

/** Where the wizard stands is saved as the clerk works; it is read back once when the property opens. */
export function useSaveWizardDraft() {
  return useChannelMutation('setup-wizard:save');
}

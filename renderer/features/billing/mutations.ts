/**
 * Writes of the billing screens. Each names the reads it makes stale; a saved draft also replaces the cached
 * draft at once, so the screen shows the new revision before any refetch.
 */
import { keyOf, queryClient, useChannelMutation } from '@renderer/lib/queries';

export function useSaveDraft() {
  return useChannelMutation('drafts:save', {
    invalidates: ['drafts:list'],
    onSuccess: (draft, input) => {
      const ref = { connectionId: input.connectionId, billingunit: draft.billingunit, periodTo: draft.periodTo };
      queryClient.setQueryData(keyOf('drafts:get', ref), draft);
    },
  });
}

export const useExportTemplate = () => useChannelMutation('excel:export-template');

export const useImportTemplate = () => useChannelMutation('excel:import-template');

export const useSuggestMapping = () => useChannelMutation('excel:suggest-mapping');

export const useImportInvoices = () => useChannelMutation('excel:import-invoices');

export const useCheckTemplate = () => useChannelMutation('templates:check', { invalidates: ['archive:list'] });

export const useSubmitTemplate = () =>
  useChannelMutation('templates:submit', { invalidates: ['periods:list', 'archive:list', 'drafts:list'] });

export const useCheckReport = () => useChannelMutation('reports:check');

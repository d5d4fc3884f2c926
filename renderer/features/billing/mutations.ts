/**
 * Writes of the billing screens. Each names the reads it makes stale; a saved draft also replaces the cached
 * draft at once, so the screen shows the new revision before any refetch.
 */
import type { Draft } from '@shared/domain/workspace';
import { keyOf, queryClient, useChannelMutation } from '@renderer/lib/queries';

const showDraft = (draft: Draft, connectionId: string) => {
  const ref = { connectionId, billingunit: draft.billingunit, periodTo: draft.periodTo };
  queryClient.setQueryData(keyOf('drafts:get', ref), draft);
};

export function useSaveDraft() {
  return useChannelMutation('drafts:save', {
    invalidates: ['drafts:list'],
    onSuccess: (draft, input) => {
      showDraft(draft, input.connectionId);
    },
  });
}

export function useDiscardDraft() {
  return useChannelMutation('drafts:discard', {
    invalidates: ['drafts:list', 'drafts:checked-snapshot', 'drafts:previous-submission'],
    onSuccess: (_void, { expectedRevision: _r, ...ref }) => {
      queryClient.setQueryData(keyOf('drafts:get', ref), null);
    },
  });
}

export function useRestoreChecked() {
  return useChannelMutation('drafts:restore-checked', {
    invalidates: ['drafts:list'],
    onSuccess: (draft, input) => {
      showDraft(draft, input.connectionId);
    },
  });
}

export function useDraftFromPrevious() {
  return useChannelMutation('drafts:from-previous', {
    invalidates: ['drafts:list'],
    onSuccess: (draft, input) => {
      showDraft(draft, input.connectionId);
    },
  });
}

export const useExportTemplate = () => useChannelMutation('excel:export-template');

export const useImportTemplate = () => useChannelMutation('excel:import-template');

export const useSuggestMapping = () => useChannelMutation('excel:suggest-mapping');

export const useImportInvoices = () => useChannelMutation('excel:import-invoices');

export const useCheckTemplate = () =>
  useChannelMutation('templates:check', { invalidates: ['archive:list', 'drafts:checked-snapshot', 'drafts:last-check'] });

export const useSubmitTemplate = () =>
  useChannelMutation('templates:submit', {
    invalidates: [
      'periods:list',
      'archive:list',
      'drafts:list',
      'drafts:checked-snapshot',
      'drafts:previous-submission',
      'drafts:last-check',
    ],
  });

export const useCheckReport = () => useChannelMutation('reports:check');

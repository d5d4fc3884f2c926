/** Check and submission of the editor's draft, and the last check of a draft revision (kept by the main process). */
import { useChannel, useChannelMutation } from '@renderer/lib/queries';
import type { PeriodRef } from '@renderer/features/editor/locations';

export const useLastCheck = (ref: PeriodRef) => useChannel('drafts:last-check', ref);

export const useCheckDraft = () => useChannelMutation('templates:check', { invalidates: ['archive:list', 'drafts:last-check'] });

export const useSubmitDraft = () =>
  useChannelMutation('templates:submit', { invalidates: ['periods:list', 'archive:list', 'drafts:list', 'drafts:last-check'] });

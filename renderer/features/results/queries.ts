/** The results screen's reads and actions: each file action builds the file in the main process, then saves it. */
import { useMutation } from '@tanstack/react-query';
import type { Channel, FileRef, Input } from '@shared/ipc/contract';
import { useChannel, useChannelMutation } from '@renderer/lib/queries';
import { saveFile } from '@renderer/lib/files';

export type PeriodKey = { connectionId: string; billingunit: string; periodTo: string };

export const usePeriodResult = (where: PeriodKey | null) => useChannel('results:get', where);

export const useCheckNow = () => useChannelMutation('results:check-now', { invalidates: ['results:get', 'periods:list'] });

export const useReconcile = () => useChannelMutation('results:reconcile');

type FileChannel = 'results:document' | 'results:documents-zip' | 'results:export' | 'results:reconcile-report';

/** Builds a file through `channel` and saves it (Save-as in Electron, a download in the browser). */
export function useSaveFile<C extends FileChannel & Channel>(channel: C) {
  const build = useChannelMutation(channel);
  return useMutation({
    mutationFn: async (input: Input<C>) => {
      const file = (await build.mutateAsync(input)) as FileRef;
      await saveFile(file);
      return file;
    },
  });
}

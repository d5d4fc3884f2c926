/** The archive's reads: every connection's archive merged, one entry, and re-exporting its check report. */
import { useCallback, useMemo } from 'react';
import { useMutation, useQueries, type UseQueryResult } from '@tanstack/react-query';
import type { Connection } from '@shared/domain/connection';
import type { Output } from '@shared/ipc/contract';
import { channelQuery, useChannel, useChannelMutation } from '@renderer/lib/queries';
import { useConnections } from '@renderer/lib/useActiveConnection';
import { saveFile } from '@renderer/lib/files';
import { currentLanguage } from '@renderer/i18n/index';
import { newestFirst, type ArchiveRow } from '@renderer/features/archive/archive-filter';

export type ConnectionArchive = { connection: Connection; read: UseQueryResult<Output<'archive:list'>> };

export function useArchiveRows() {
  const connections = useConnections();
  const list = useMemo(() => connections.data ?? [], [connections.data]);
  // `combine` runs again only when a read changed, so the merged, sorted list keeps its identity otherwise.
  const combine = useCallback(
    (reads: UseQueryResult<Output<'archive:list'>>[]) => ({
      reads,
      rows: list
        .flatMap((c, i) => (reads[i]?.data ?? []).map((s): ArchiveRow => ({ ...s, connectionId: c.id })))
        .sort(newestFirst),
    }),
    [list],
  );
  const { reads, rows } = useQueries({
    // Opening the archive always reads it again (a local read): it must show every check, also one whose event
    // this window missed.
    queries: list.map((c) => ({ ...channelQuery('archive:list', { connectionId: c.id }), staleTime: 0 })),
    combine,
  });
  const perConnection = list.map((connection, i): ConnectionArchive => ({
    connection,
    read: reads[i] as ConnectionArchive['read'],
  }));
  return { connections, perConnection, rows, loading: connections.isPending || reads.some((r) => r.isPending) };
}

/** "Karl-Heine-Straße 42, Leipzig" per `connectionId/billingunit`, where the MSC's overview is at hand. */
export function useUnitAddresses(connections: readonly Connection[]): ReadonlyMap<string, string> {
  const combine = useCallback(
    (reads: UseQueryResult<Output<'units:list'>>[]) => {
      const map = new Map<string, string>();
      connections.forEach((c, i) => {
        for (const u of reads[i]?.data ?? [])
          map.set(`${c.id}/${u.billingunitMscnumber}`, `${u.address.street}, ${u.address.city}`);
      });
      return map;
    },
    [connections],
  );
  return useQueries({ queries: connections.map((c) => channelQuery('units:list', { connectionId: c.id })), combine });
}

export function useArchiveEntry(connectionId: string, id: string) {
  return useChannel('archive:read', { connectionId, id });
}

/** Builds the check report in the main process and saves it (a download in browser mode). */
export function useCheckReport(connectionId: string, archiveId: string) {
  const build = useChannelMutation('reports:check');
  return useMutation({
    mutationFn: async (format: 'pdf' | 'excel') => {
      const file = await build.mutateAsync({ connectionId, archiveId, format, language: currentLanguage() });
      await saveFile(file);
      return file;
    },
  });
}

/**
 * What went to the measuring services besides checks and submissions: usage-unit setup requests (the outbox keeps
 * every sent request; a correction is a new request, never a deletion) and OSR 2.0 deliveries with their answers.
 */
import { useCallback, useMemo } from 'react';
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import type { Connection } from '@shared/domain/connection';
import type { Output } from '@shared/ipc/contract';
import { channelQuery } from '@renderer/lib/queries';

export type DeliveryRow = {
  key: string;
  connectionId: string;
  kind: 'setup' | 'withdraw' | 'osr';
  at: string;
  billingunit: string;
  /** Units in a setup request, or the usage unit of an OSR delivery. */
  units: number | string;
  result: 'sent' | 'pending' | 'failed' | 'accepted' | 'rejected';
};

type Reads = UseQueryResult<Output<'units:outbox'> | Output<'osr:history'>>[];

export function useDeliveryRows(connections: readonly Connection[]): { rows: DeliveryRow[]; loading: boolean } {
  const combine = useCallback(
    (reads: Reads) => {
      const rows: DeliveryRow[] = [];
      connections.forEach((c, i) => {
        for (const item of (reads[2 * i]?.data ?? []) as Output<'units:outbox'>) {
          const withdraw = item.request.completelist !== undefined;
          rows.push({
            key: `${c.id}/setup/${item.id}`,
            connectionId: c.id,
            kind: withdraw ? 'withdraw' : 'setup',
            at: item.state === 'sent' ? item.sentAt : item.updatedAt,
            billingunit: item.billingunit,
            units: item.request.residentialunits.length,
            result: item.state === 'sent' ? 'sent' : item.state === 'failed' ? 'failed' : 'pending',
          });
        }
        for (const entry of (reads[2 * i + 1]?.data ?? []) as Output<'osr:history'>) {
          rows.push({
            key: `${c.id}/osr/${entry.id}`,
            connectionId: c.id,
            kind: 'osr',
            at: entry.at,
            billingunit: entry.billingunit,
            units: entry.residentialunit,
            result: entry.result,
          });
        }
      });
      return { rows: rows.sort((a, b) => b.at.localeCompare(a.at)), loading: reads.some((r) => r.isPending) };
    },
    [connections],
  );
  const queries = useMemo(
    () =>
      connections.flatMap((c) => [
        { ...channelQuery('units:outbox', { connectionId: c.id }), staleTime: 0 },
        { ...channelQuery('osr:history', { connectionId: c.id }), staleTime: 0 },
      ]),
    [connections],
  );
  return useQueries({ queries, combine });
}

import { useCallback, useEffect, useState } from 'react';
import type { BillingUnitSummary } from '@shared/msc/billing-unit-data';
import type { OutboxItem, TrackedSetup } from '@shared/domain/workspace';
import type { MatchingResult } from '@shared/ipc/contract';
import { api, errorMessage } from '@renderer/lib/api';
import { saveFile } from '@renderer/lib/files';
import { effectiveStatus, latestSent } from '@renderer/features/units/matching-status';

export type MatchingView =
  | { state: 'not-completed' }
  | { state: 'loading' }
  | { state: 'ready'; result: MatchingResult }
  | { state: 'error'; message: string };

type Fetched = { key: string; view: MatchingView };

/**
 * The matching of one billing unit: its status (the followed setup's, else the MSC's overview), the result
 * once COMPLETED, fetched again whenever a newer completion arrives, a manual status query and the Excel export.
 */
export function useUnitMatching(
  connectionId: string,
  unit: BillingUnitSummary,
  setup: TrackedSetup | undefined,
  outbox: readonly OutboxItem[],
) {
  const billingunit = unit.billingunitMscnumber;
  const sent = latestSent(outbox, billingunit);
  const { status, lastupdate } = effectiveStatus(unit, setup, sent);
  /** This computer sent usage units of this unit and follows their matching. */
  const followed = setup !== undefined || sent !== undefined;
  const key = `${billingunit}|${lastupdate}|${setup?.transactionid ?? ''}`;
  const [fetched, setFetched] = useState<Fetched | undefined>();
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    if (status !== 'COMPLETED') return;
    let live = true;
    const stamp = `${key}#${String(reloads)}`;
    api['units:matching']({ connectionId, billingunit }).then(
      (result) => {
        if (live) setFetched({ key: stamp, view: { state: 'ready', result } });
      },
      (err: unknown) => {
        if (live) setFetched({ key: stamp, view: { state: 'error', message: errorMessage(err) } });
      },
    );
    return () => {
      live = false;
    };
  }, [connectionId, billingunit, status, key, reloads]);

  const view: MatchingView =
    status !== 'COMPLETED'
      ? { state: 'not-completed' }
      : fetched?.key === `${key}#${String(reloads)}`
        ? fetched.view
        : { state: 'loading' };

  const [action, setAction] = useState<{ kind: 'idle' } | { kind: 'busy'; what: string } | { kind: 'error'; message: string }>({
    kind: 'idle',
  });

  const run = useCallback(async (what: string, work: () => Promise<unknown>) => {
    setAction({ kind: 'busy', what });
    try {
      await work();
      setAction({ kind: 'idle' });
    } catch (err) {
      setAction({ kind: 'error', message: errorMessage(err) });
    }
  }, []);

  const refresh = useCallback(
    () =>
      run('refresh', async () => {
        if (setup) await api['units:refresh-setup']({ connectionId, billingunit });
        setReloads((n) => n + 1);
      }),
    [run, setup, connectionId, billingunit],
  );

  const exportExcel = useCallback(
    () =>
      run('export', async () => {
        const file = await api['excel:export-matching']({ connectionId, billingunit });
        await saveFile(file);
      }),
    [run, connectionId, billingunit],
  );

  return { status, lastupdate, followed, view, action, refresh, exportExcel };
}

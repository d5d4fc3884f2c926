import type { BillingUnitSummary } from '@shared/msc/billing-unit-data';
import type { OutboxItem, TrackedSetup } from '@shared/domain/workspace';
import { effectiveStatus, latestSent } from '@shared/domain/unit-category';
import { invalidate } from '@renderer/lib/queries';
import { useMatching } from '@renderer/features/units/queries';
import { useExportMatching, useRefreshSetup } from '@renderer/features/units/mutations';

/**
 * The matching of one billing unit: its status (the followed setup's, else the MSC's overview), the result
 * once COMPLETED, a status query on demand and the Excel export.
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
  const result = useMatching(connectionId, billingunit, status === 'COMPLETED');
  const refresh = useRefreshSetup();
  const exporter = useExportMatching();
  return {
    status,
    lastupdate,
    /** This computer sent usage units of this unit and follows their matching. */
    followed: setup !== undefined || sent !== undefined,
    result,
    refresh,
    exporter,
    refreshNow: () => {
      if (setup) refresh.mutate({ connectionId, billingunit });
      // Not followed from here: only the MSC's own list can tell something new. The Übersicht counts from that list
      // too, and the Liegenschaften list may start from the Übersicht's read.
      else {
        void invalidate(['units:page']);
        void invalidate(['units:list']);
      }
    },
    exportExcel: () => {
      exporter.mutate({ connectionId, billingunit });
    },
  };
}

export type UnitMatching = ReturnType<typeof useUnitMatching>;

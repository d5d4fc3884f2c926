/** Handlers of the `units:*` channels: the MSC's overview, the setup outbox and followed setups. */
import type { BillingUnitSummary, SetupResidentialUnit } from '@shared/msc/billing-unit-data';
import type { OutboxItem } from '@shared/domain/workspace';
import type { Handlers } from '@main/ipc/gate';
import type { Workspaces } from '@main/app/workspaces';

type UnitHandlers = Pick<Handlers, `units:${string}` & keyof Handlers>;

/**
 * Every usage unit sent for a billing unit, newest version first wins: a clerk often re-sends only the ambiguous
 * units with auxiliary criteria, and the MSC adds those to the earlier request rather than replacing it.
 * Matching results are compared against this list.
 */
export function sentUnits(items: readonly OutboxItem[], billingunit: string): SetupResidentialUnit[] {
  const byPm = new Map<string, SetupResidentialUnit>();
  for (const item of items) {
    if (item.state !== 'sent' || item.billingunit !== billingunit) continue;
    for (const unit of item.request.residentialunits) byPm.set(unit.residentialunitPmnumber, unit);
  }
  return [...byPm.values()];
}

export function unitHandlers(ws: Workspaces): UnitHandlers {
  return {
    'units:list': async ({ connectionId }) => {
      const units: BillingUnitSummary[] = [];
      for await (const unit of (await ws.client(connectionId)).iterateBillingUnits()) units.push(unit);
      return units;
    },
    'units:page': async ({ connectionId, offset, limit }) => {
      const page = await (await ws.client(connectionId)).listBillingUnits({ offset, limit });
      return { billingunits: page.billingunits, totalentries: page.totalentries };
    },
    'units:send-setup': async ({ connectionId, request }) => (await ws.workspace(connectionId)).outbox.enqueue(request),
    'units:outbox': async ({ connectionId }) => (await ws.workspace(connectionId)).outbox.list(),
    'units:retry-setup': async ({ connectionId, id, force }) =>
      (await ws.workspace(connectionId)).outbox.retry(id, force === undefined ? {} : { force }),
    'units:remove-setup': async ({ connectionId, id }) => {
      await (await ws.workspace(connectionId)).outbox.remove(id);
    },
    'units:setups': async ({ connectionId }) => (await ws.workspace(connectionId)).setups.list(),
    'units:refresh-setup': async ({ connectionId, billingunit }) =>
      (await ws.workspace(connectionId)).setups.checkNow(billingunit),
    'units:matching': async ({ connectionId, billingunit }) => {
      const sent = sentUnits((await ws.workspace(connectionId)).outbox.list(), billingunit);
      // Nothing sent from here (e.g. set up through the MSC's portal): there is nothing to derive "unmatched" from.
      const pm = sent.map((u) => u.residentialunitPmnumber);
      return (await ws.client(connectionId)).getMatchingResult(billingunit, pm.length > 0 ? pm : undefined);
    },
  };
}

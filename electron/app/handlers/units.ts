/** Handlers of the `units:*` channels: the MSC's overview, the setup outbox and followed setups. */
import type { BillingUnitSummary } from '@shared/msc/billing-unit-data';
import type { OutboxItem } from '@shared/domain/workspace';
import type { Handlers } from '@main/ipc/gate';
import type { Workspaces } from '@main/app/workspaces';

type UnitHandlers = Pick<Handlers, `units:${string}` & keyof Handlers>;

/** The newest sent setup request of a billing unit: what matching results are compared against. */
export function lastSentRequest(items: readonly OutboxItem[], billingunit: string): OutboxItem['request'] | undefined {
  const sent = items.filter((i) => i.state === 'sent' && i.billingunit === billingunit);
  return sent.at(-1)?.request;
}

export function unitHandlers(ws: Workspaces): UnitHandlers {
  return {
    'units:list': async ({ connectionId }) => {
      const units: BillingUnitSummary[] = [];
      for await (const unit of (await ws.client(connectionId)).iterateBillingUnits()) units.push(unit);
      return units;
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
      const sent = lastSentRequest((await ws.workspace(connectionId)).outbox.list(), billingunit);
      return (await ws.client(connectionId)).getMatchingResult(billingunit, sent);
    },
  };
}

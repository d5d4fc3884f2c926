/** Handlers of the `units:*` channels: the MSC's overview, the setup outbox and followed setups. */
import { randomUUID } from 'node:crypto';
import type { BillingUnitSummary, SetupResidentialUnit, SetupStatus, WithdrawnUnit } from '@shared/msc/billing-unit-data';
import { heldUnits, splitSetupRequests } from '@shared/msc/setup-parts';
import type { HeldUnits } from '@shared/msc/setup-parts';
import { appError } from '@shared/domain/app-error';
import type { OutboxItem } from '@shared/domain/workspace';
import type { Handlers } from '@main/ipc/gate';
import type { Workspaces } from '@main/app/workspaces';
import { createOverviewReads } from '@main/app/overview-reads';

type UnitHandlers = Pick<Handlers, `units:${string}` & keyof Handlers>;

/** The unit's outbox items in the order they went (or will go) out; `which` picks the states that count. */
function held(items: readonly OutboxItem[], billingunit: string, which: (item: OutboxItem) => boolean): HeldUnits {
  const mine = items.filter((i) => i.billingunit === billingunit && which(i)).sort((a, b) => a.seq - b.seq);
  return heldUnits(mine.map((i) => ({ request: i.request, at: i.state === 'sent' ? i.sentAt : i.updatedAt })));
}

const isSent = (i: OutboxItem) => i.state === 'sent';

/**
 * Every usage unit the MSC holds from what this computer sent, newest version first wins: a clerk often re-sends
 * only the ambiguous units with auxiliary criteria, and the MSC adds those to the earlier request rather than
 * replacing it; a complete list withdraws what it leaves out. Matching results are compared against this list.
 */
export function sentUnits(items: readonly OutboxItem[], billingunit: string): SetupResidentialUnit[] {
  return held(items, billingunit, isSent).current;
}

/** Withdrawn units as the MSC reports them, or as our sent complete lists imply when it reports none. */
export function withdrawnUnits(status: SetupStatus, items: readonly OutboxItem[]): WithdrawnUnit[] {
  if (status.withdrawn !== undefined) return status.withdrawn;
  return held(items, status.billingunitMscnumber, isSent).withdrawn.map((w) => ({
    residentialunitPmnumber: w.unit.residentialunitPmnumber,
    withdrawnat: w.at,
  }));
}

/** What the clerk means the MSC to hold: sent, on its way, or failed in transit (refused requests do not count). */
function intended(items: readonly OutboxItem[], billingunit: string): HeldUnits {
  return held(items, billingunit, (i) => i.state !== 'failed' || i.failure.retryable);
}

/** The clerk waits for these reads (Übersicht, lists, a unit's matching): a broken connection shows its error at once. */
const INTERACTIVE = { patience: 'interactive' } as const;

export function unitHandlers(ws: Workspaces): UnitHandlers {
  const overview = createOverviewReads({ client: (id) => ws.client(id) });
  return {
    'units:list': async ({ connectionId }) => {
      const units: BillingUnitSummary[] = [];
      for await (const unit of (await ws.client(connectionId)).iterateBillingUnits({}, INTERACTIVE)) units.push(unit);
      return units;
    },
    'units:page': ({ connectionId, offset, limit }) => overview.page(connectionId, offset, limit),
    'units:send-setup': async ({ connectionId, request }) => (await ws.workspace(connectionId)).outbox.enqueue(request),
    'units:send-setups': async ({ connectionId, request }) =>
      (await ws.workspace(connectionId)).outbox.enqueueAll(splitSetupRequests(request)),
    'units:withdraw': async ({ connectionId, billingunit, pmnumbers }) => {
      const outbox = (await ws.workspace(connectionId)).outbox;
      const items = outbox.list();
      const { current } = intended(items, billingunit);
      const known = new Set(current.map((u) => u.residentialunitPmnumber));
      const unknown = pmnumbers.filter((pm) => !known.has(pm));
      if (unknown.length > 0) {
        throw appError(
          'VALIDATION',
          {
            key: 'setup.notSentUnits',
            params: { units: `${unknown.slice(0, 5).join(', ')}${unknown.length > 5 ? ' …' : ''}`, billingunit },
          },
          `Nicht zurückgezogen: ${unknown.slice(0, 5).join(', ')}${unknown.length > 5 ? ' …' : ''} wurde für die Liegenschaft ${billingunit} nicht gesendet.`,
          { unknown },
        );
      }
      const newest = items.filter((i) => i.billingunit === billingunit).sort((a, b) => b.seq - a.seq)[0];
      if (!newest)
        throw appError(
          'VALIDATION',
          { key: 'setup.nothingSent', params: { billingunit } },
          `Für die Liegenschaft ${billingunit} wurde von hier nichts gesendet.`,
        );
      const drop = new Set(pmnumbers);
      const { completelist: _c, residentialunits: _u, ...head } = newest.request;
      const requests = splitSetupRequests(
        { ...head, residentialunits: current.filter((u) => !drop.has(u.residentialunitPmnumber)) },
        { complete: { listid: randomUUID() } },
      );
      return outbox.enqueueAll(requests);
    },
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
      const w = await ws.workspace(connectionId);
      const items = w.outbox.list();
      const sent = sentUnits(items, billingunit);
      // A matching read from an ARGE A file stands as the MSC's answer (docs/arge.md, "A files").
      const fromFile = w.setups.get(billingunit);
      if (fromFile?.fromFile !== undefined && fromFile.status) return matchingFromFile(fromFile.status, sent);
      // Nothing sent from here (e.g. set up through the MSC's portal): there is nothing to derive "unmatched" from.
      const pm = sent.map((u) => u.residentialunitPmnumber);
      const result = await (
        await ws.client(connectionId)
      ).getMatchingResult(billingunit, pm.length > 0 ? pm : undefined, INTERACTIVE);
      const withdrawn = withdrawnUnits(result, items);
      return withdrawn.length > 0 ? { ...result, withdrawn } : result;
    },
  };
}

/** A file's matching with the units sent from here that it does not list as unmatched (our inference). */
function matchingFromFile(status: SetupStatus, sent: readonly SetupResidentialUnit[]) {
  const listed = new Set((status.matched ?? []).map((m) => m.residentialunitPmnumber));
  const unmatched = sent
    .filter((u) => !listed.has(u.residentialunitPmnumber))
    .map((u) => ({ residentialunitPmnumber: u.residentialunitPmnumber, reason: 'NOT_FOUND' as const }));
  return { ...status, unmatched, unmatchedDerived: true };
}

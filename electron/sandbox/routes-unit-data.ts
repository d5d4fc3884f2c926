/** Area A handlers: setup (send units for matching), setup status / matching result, overview. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OverviewQuery, SetupRequest } from '@shared/msc/billing-unit-data';
import type { BillingUnitSummary, OverviewPage, SetupStatus } from '@shared/msc/billing-unit-data';
import type { SandboxContext } from '@main/sandbox/context';
import type { SetupRecord } from '@main/sandbox/state';
import type { WorldBillingUnit } from '@main/sandbox/world-types';
import { SEED_TIME, unitForCaller } from '@main/sandbox/world-index';
import type { Caller } from '@main/sandbox/world-index';
import { parseOrProblem, ProblemError } from '@main/sandbox/problems';

export type RouteArgs = { req: FastifyRequest; reply: FastifyReply; caller: Caller; billingunit: string; periodTo: string };

export function summaryOf(bu: WorldBillingUnit, rec: SetupRecord | undefined): BillingUnitSummary {
  const pm = rec?.billingunitPmnumber ?? bu.billingunitPmnumber;
  return {
    billingunitMscnumber: bu.billingunitMscnumber,
    ...(pm === undefined ? {} : { billingunitPmnumber: pm }),
    customerMscnumber: bu.customerMscnumber,
    address: bu.address,
    setupstatus: rec?.status ?? 'OPEN',
    lastupdate: rec?.lastupdate ?? bu.lastupdate ?? SEED_TIME,
  };
}

export async function sendSetup(ctx: SandboxContext, a: RouteArgs): Promise<FastifyReply> {
  const bu = unitForCaller(ctx.index, a.caller, a.billingunit);
  const req = parseOrProblem(SetupRequest, a.req.body, 'Die Einrichtungsanfrage');
  const mismatch = [
    req.billingunitMscnumber === bu.billingunitMscnumber
      ? undefined
      : {
          path: 'billingunitMscnumber',
          message: `Liegenschaftsnummer ${req.billingunitMscnumber} im Inhalt passt nicht zur Liegenschaft ${bu.billingunitMscnumber} im Pfad.`,
        },
    req.customerMscnumber === bu.customerMscnumber
      ? undefined
      : {
          path: 'customerMscnumber',
          message: `Kundennummer ${req.customerMscnumber} passt nicht zur Liegenschaft ${bu.billingunitMscnumber} (Kunde ${bu.customerMscnumber}).`,
        },
  ].filter((m) => m !== undefined);
  if (mismatch.length > 0) {
    throw new ProblemError(400, 'Die Einrichtungsanfrage passt nicht zur Liegenschaft.', {
      messages: mismatch.map((m) => ({ type: 'ERROR', shortmessage: 'REFERENCE_MISMATCH', ...m })),
    });
  }
  const transactionid = await ctx.engine.submit(bu.billingunitMscnumber, req);
  return a.reply.code(202).send({ transactionid });
}

export function getSetupStatus(ctx: SandboxContext, a: RouteArgs): SetupStatus {
  const bu = unitForCaller(ctx.index, a.caller, a.billingunit);
  const rec = ctx.state.setup(bu.billingunitMscnumber);
  const status: SetupStatus = summaryOf(bu, rec);
  if (!rec) return status;
  status.transactionid = rec.transactionid;
  if (rec.status === 'COMPLETED' && rec.result) {
    status.matched = rec.result.matched;
    status.additional = rec.result.additional;
    status.unmatched = rec.result.unmatched;
  }
  if (rec.withdrawn && rec.withdrawn.length > 0) status.withdrawn = rec.withdrawn;
  if (rec.status === 'IN_PROGRESS' && rec.manual.length > 0) {
    status.manualwork = rec.manual.map((m) => ({
      residentialunitPmnumber: m.residentialunitPmnumber,
      since: m.since ?? rec.lastupdate,
    }));
  }
  return status;
}

export function listBillingUnits(ctx: SandboxContext, a: RouteArgs): OverviewPage {
  const q = parseOrProblem(OverviewQuery, a.req.query, 'Die Abfrage');
  const from = q.from === undefined ? undefined : Date.parse(q.from);
  const mine = ctx.index.sortedByCustomer.get(a.caller.customerMscnumber) ?? [];
  // Unfiltered, a page is a slice: walking all 10,000 units for each of 101 pages cost more than the rest of a read.
  if (q.status === undefined && from === undefined) {
    const page = mine.slice(q.offset, q.offset + q.limit);
    const billingunits = page.map((bu) => summaryOf(bu, ctx.state.setup(bu.billingunitMscnumber)));
    return { totalentries: mine.length, offset: q.offset, limit: q.limit, billingunits };
  }
  const rows: BillingUnitSummary[] = [];
  let total = 0;
  for (const bu of mine) {
    const rec = ctx.state.setup(bu.billingunitMscnumber);
    if (q.status !== undefined && (rec?.status ?? 'OPEN') !== q.status) continue;
    if (from !== undefined && Date.parse(rec?.lastupdate ?? bu.lastupdate ?? SEED_TIME) < from) continue;
    if (total >= q.offset && rows.length < q.limit) rows.push(summaryOf(bu, rec));
    total++;
  }
  return { totalentries: total, offset: q.offset, limit: q.limit, billingunits: rows };
}

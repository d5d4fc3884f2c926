/**
 * Operator actions of the demo MSC under /_operator: the "person at the MSC" who resolves manual matching
 * work, pushes timers forward or changes a period's status. Loopback only, with the operator token.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AdvanceBody, ArgeResultsQuery, OPERATOR_PATHS, PeriodStatusBody, ResolveBody } from '@shared/msc/operator';
import type { ArgeResultsReply } from '@shared/msc/operator';
import { argeResultFiles } from '@main/sandbox/billing/arge-results';
import type { WorldView } from '@shared/msc/operator';
import type { SandboxContext } from '@main/sandbox/context';
import { parseOrProblem, ProblemError } from '@main/sandbox/problems';
import { periodOf } from '@main/sandbox/world-index';
import { effectivePeriod } from '@main/sandbox/routes-billing-input';
import type { Resolution } from '@main/sandbox/state';

export const OPERATOR_PREFIX = '/_operator';

/** Operator actions are for the person at this machine: only loopback peers may use them. */
export function isLoopback(address: string | undefined): boolean {
  return address !== undefined && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));
}

export function checkOperator(ctx: SandboxContext, req: FastifyRequest): void {
  if (!isLoopback(req.socket.remoteAddress)) {
    throw new ProblemError(403, 'Operator-Aktionen sind nur von diesem Rechner aus (Loopback) erlaubt.');
  }
  const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  const given = Buffer.from(m?.[1] ?? '');
  const expected = Buffer.from(ctx.operatorToken);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new ProblemError(401, 'Operator-Token fehlt oder ist falsch (wird beim Start des Demo-Messdienstes ausgegeben).', {
      headers: { 'WWW-Authenticate': 'Bearer realm="demo-msc-operator"' },
    });
  }
}

function knownUnit(ctx: SandboxContext, billingunit: string): void {
  if (!ctx.index.byNumber.has(billingunit)) throw new ProblemError(404, `Die Liegenschaft ${billingunit} ist nicht bekannt.`);
}

export function registerOperatorRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const onRequest = (req: FastifyRequest): Promise<void> => {
    checkOperator(ctx, req);
    return Promise.resolve();
  };

  app.get(OPERATOR_PATHS.manual, { onRequest }, () => {
    const items = ctx.state
      .allSetups()
      .flatMap(([bu, rec]) => rec.manual.map((m) => ({ billingunitMscnumber: bu, transactionid: rec.transactionid, ...m })));
    return { items };
  });

  // What a trying user needs to know to match: each unit's known order criterion, position text and periods.
  app.get(OPERATOR_PATHS.world, { onRequest }, (): WorldView => ({
    billingunits: ctx.index.sorted.map((bu) => ({
      billingunitMscnumber: bu.billingunitMscnumber,
      ...(bu.billingunitPmnumber === undefined ? {} : { billingunitPmnumber: bu.billingunitPmnumber }),
      customerMscnumber: bu.customerMscnumber,
      address: bu.address,
      units: bu.units.map((u) => ({
        residentialunitMscnumber: u.residentialunitMscnumber,
        positiontext: u.positiontext,
        ...(u.knownPmnumber === undefined ? {} : { knownPmnumber: u.knownPmnumber }),
        ...(u.livingarea === undefined ? {} : { livingarea: u.livingarea }),
        manual: u.manual === true,
      })),
      periods: bu.periods.map((p) => effectivePeriod(ctx, bu, p)),
    })),
  }));

  app.post(OPERATOR_PATHS.resolve, { onRequest }, async (req) => {
    const body = parseOrProblem(ResolveBody, req.body, 'Die Zuordnung');
    knownUnit(ctx, body.billingunitMscnumber);
    const resolution: Resolution =
      body.residentialunitMscnumber === undefined
        ? { reject: true }
        : { residentialunitMscnumber: body.residentialunitMscnumber };
    const rec = await ctx.engine.resolve(body.billingunitMscnumber, body.residentialunitPmnumber, resolution);
    return { billingunitMscnumber: body.billingunitMscnumber, setupstatus: rec.status, pendingmanual: rec.manual.length };
  });

  app.post(OPERATOR_PATHS.advance, { onRequest }, async (req) => {
    const body = parseOrProblem(AdvanceBody, req.body ?? {}, 'Die Anfrage');
    if (body.billingunitMscnumber !== undefined) knownUnit(ctx, body.billingunitMscnumber);
    return { advanced: await ctx.engine.advance(body.billingunitMscnumber) };
  });

  app.post(OPERATOR_PATHS.periodStatus, { onRequest }, async (req) => {
    const body = parseOrProblem(PeriodStatusBody, req.body, 'Die Anfrage');
    knownUnit(ctx, body.billingunitMscnumber);
    const bu = ctx.index.byNumber.get(body.billingunitMscnumber);
    if (bu) periodOf(bu, body.to);
    const key = `period:${body.billingunitMscnumber}/${body.to}`;
    await ctx.lock(key, async () => {
      const prev = ctx.state.period(body.billingunitMscnumber, body.to);
      // BILLED means billed: the demo MSC performs the billing of the last binding submission (docs/msc-results.md).
      if (body.status === 'BILLED' && bu) await ctx.billing.bill(bu, body.to);
      else await ctx.state.putPeriod(body.billingunitMscnumber, body.to, { ...prev, status: body.status });
    });
    return { billingunitMscnumber: body.billingunitMscnumber, to: body.to, status: body.status };
  });

  app.get(OPERATOR_PATHS.argeResults, { onRequest }, async (req): Promise<ArgeResultsReply> => {
    const q = parseOrProblem(ArgeResultsQuery, req.query, 'Die Anfrage');
    knownUnit(ctx, q.billingunit);
    const bu = ctx.index.byNumber.get(q.billingunit);
    if (!bu) throw new ProblemError(404, `Die Liegenschaft ${q.billingunit} ist nicht bekannt.`);
    periodOf(bu, q.to);
    const result = await ctx.billing.result(q.billingunit, q.to);
    if (!result) throw new ProblemError(409, `Der Zeitraum bis ${q.to} ist noch nicht abgerechnet.`, { slug: 'not-billed' });
    const filled = await ctx.billing.billedFill(bu, q.to).catch(() => undefined);
    const files = await argeResultFiles(bu, result, filled, ctx.clock());
    return { files: files.map((f) => ({ name: f.name, kind: f.kind, base64: Buffer.from(f.bytes).toString('base64') })) };
  });
}

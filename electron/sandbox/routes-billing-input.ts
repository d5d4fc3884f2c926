/** Area B handlers: billing periods, template, and the test check / binding submission. */
import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { ActionQuery, FilledTemplate } from '@shared/msc/billing-input';
import type { BillingPeriod, BillingPeriodList, CheckMessage, Template } from '@shared/msc/billing-input';
import { formatGermanDate } from '@shared/domain/dates';
import type { SandboxContext } from '@main/sandbox/context';
import type { RouteArgs } from '@main/sandbox/routes-unit-data';
import type { WorldBillingUnit, WorldPeriod } from '@main/sandbox/world-types';
import { periodOf, unitForCaller } from '@main/sandbox/world-index';
import { parseOrProblem, ProblemError } from '@main/sandbox/problems';
import { withDeliveredRoles } from '@main/sandbox/osr-overlay';

export function effectivePeriod(ctx: SandboxContext, bu: WorldBillingUnit, p: WorldPeriod): BillingPeriod {
  const overlay = ctx.state.period(bu.billingunitMscnumber, p.period.to);
  if (!overlay) return p.period;
  const out: BillingPeriod = { ...p.period, status: overlay.status };
  if (overlay.lastsubmission) out.lastsubmission = overlay.lastsubmission;
  return out;
}

export function listBillingPeriods(ctx: SandboxContext, a: RouteArgs): BillingPeriodList {
  const bu = unitForCaller(ctx.index, a.caller, a.billingunit);
  return { billingperiods: bu.periods.map((p) => effectivePeriod(ctx, bu, p)) };
}

function templateOf(bu: WorldBillingUnit, p: WorldPeriod): Template {
  if (!p.template) {
    throw new ProblemError(
      404,
      `Für den Abrechnungszeitraum bis ${formatGermanDate(p.period.to)} der Liegenschaft ${bu.billingunitMscnumber} liegt noch keine Schablone vor.`,
    );
  }
  return p.template;
}

/** An OPEN period's template carries the recipients delivered via On-Site-Roles since the seed (docs/msc-osr.md). */
function servedTemplate(ctx: SandboxContext, bu: WorldBillingUnit, p: WorldPeriod): Template {
  const template = templateOf(bu, p);
  return effectivePeriod(ctx, bu, p).status === 'OPEN' ? withDeliveredRoles(template, bu, ctx.state) : template;
}

export function getTemplate(ctx: SandboxContext, a: RouteArgs): Template {
  const bu = unitForCaller(ctx.index, a.caller, a.billingunit);
  return servedTemplate(ctx, bu, periodOf(bu, a.periodTo));
}

/**
 * A COMMISSIONED or BILLED period takes neither a test check nor a submission (docs/msc-contract.md: 409 once commissioned):
 * a test check answering "all clean" there would only surprise the clerk with the 409 of the SEND after it.
 */
function refuseUnlessOpen(current: BillingPeriod, period: string): void {
  if (current.status === 'OPEN') return;
  const last = current.lastsubmission;
  throw new ProblemError(
    409,
    `Der Abrechnungszeitraum ${period} ist bereits beauftragt (Status ${current.status}` +
      (last ? `, Vorgang ${last.transactionid} vom ${last.at})` : ')') +
      '; eine weitere Prüfung oder Übermittlung ist nicht möglich.',
    { slug: 'already-commissioned' },
  );
}

function counts(messages: readonly CheckMessage[]): { errors: number; warnings: number } {
  return {
    errors: messages.filter((m) => m.type === 'ERROR').length,
    warnings: messages.filter((m) => m.type === 'WARNING').length,
  };
}

export async function submitBillingInput(ctx: SandboxContext, a: RouteArgs): Promise<FastifyReply> {
  const bu = unitForCaller(ctx.index, a.caller, a.billingunit);
  const wp = periodOf(bu, a.periodTo);
  const { action } = parseOrProblem(ActionQuery, a.req.query, 'Die Abfrage');
  const template = servedTemplate(ctx, bu, wp);
  const period = `${formatGermanDate(wp.period.from)}–${formatGermanDate(wp.period.to)}`;

  if (action === 'VALIDATE') {
    refuseUnlessOpen(effectivePeriod(ctx, bu, wp), period);
    const submission = parseOrProblem(FilledTemplate, a.req.body, 'Die ausgefüllte Schablone');
    const messages = ctx.check(template, submission);
    const { errors, warnings } = counts(messages);
    if (errors + warnings === 0) return a.reply.code(204).send();
    throw new ProblemError(400, `Testprüfung für ${period}: ${String(errors)} Fehler, ${String(warnings)} Warnungen.`, {
      slug: 'check-failed',
      messages,
    });
  }

  // One binding submission per period at a time: the second of two concurrent SENDs sees COMMISSIONED.
  return ctx.lock(`period:${bu.billingunitMscnumber}/${wp.period.to}`, async () => {
    refuseUnlessOpen(effectivePeriod(ctx, bu, wp), period);
    const submission = parseOrProblem(FilledTemplate, a.req.body, 'Die ausgefüllte Schablone');
    const messages = ctx.check(template, submission);
    const { errors, warnings } = counts(messages);
    const blocked = errors > 0 || (action === 'SEND' && warnings > 0);
    if (blocked) {
      const hint = errors === 0 ? ' Warnungen lassen sich mit SEND_AND_IGNORE_WARNINGS bewusst übergehen.' : '';
      throw new ProblemError(
        400,
        `Verbindliche Übermittlung für ${period} abgelehnt: ${String(errors)} Fehler, ${String(warnings)} Warnungen.${hint}`,
        { slug: 'check-failed', messages },
      );
    }
    const transactionid = randomUUID();
    const at = ctx.clock().toISOString();
    await ctx.state.archive({
      transactionid,
      at,
      action,
      clientId: a.caller.clientId,
      billingunitMscnumber: bu.billingunitMscnumber,
      billingperiodTo: wp.period.to,
      messages,
      submission,
    });
    await ctx.state.putPeriod(bu.billingunitMscnumber, wp.period.to, {
      status: 'COMMISSIONED',
      lastsubmission: { transactionid, at },
    });
    ctx.billing.afterCommission(bu.billingunitMscnumber, wp.period.to, at);
    return a.reply.code(200).send({ transactionid, commissioned: true });
  });
}

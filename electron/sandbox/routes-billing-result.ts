/** Area C handlers: the billing result of a BILLED period and its documents (docs/msc-results.md). */
import type { FastifyReply } from 'fastify';
import { formatGermanDate } from '@shared/domain/dates';
import { PathParams } from '@shared/msc/operations';
import type { BillingResult } from '@shared/msc/billing-result';
import type { SandboxContext } from '@main/sandbox/context';
import type { RouteArgs } from '@main/sandbox/routes-unit-data';
import { effectivePeriod } from '@main/sandbox/routes-billing-input';
import { periodOf, unitForCaller } from '@main/sandbox/world-index';
import { parseOrProblem, ProblemError } from '@main/sandbox/problems';
import { renderDocument } from '@main/sandbox/billing/pdf';
import type { WorldBillingUnit } from '@main/sandbox/world-types';

/** The caller's billed result: 404 unknown, 403 another customer's, 409 not billed yet. */
async function billedResult(ctx: SandboxContext, a: RouteArgs): Promise<{ bu: WorldBillingUnit; result: BillingResult }> {
  const bu = unitForCaller(ctx.index, a.caller, a.billingunit);
  const wp = periodOf(bu, a.periodTo);
  const current = effectivePeriod(ctx, bu, wp);
  const period = `bis ${formatGermanDate(wp.period.to)} der Liegenschaft ${bu.billingunitMscnumber}`;
  if (current.status !== 'BILLED') {
    throw new ProblemError(
      409,
      `Der Abrechnungszeitraum ${period} ist noch nicht abgerechnet (Status ${current.status}); ein Ergebnis gibt es erst danach.`,
      { slug: 'not-billed' },
    );
  }
  const result = await ctx.billing.result(bu.billingunitMscnumber, wp.period.to);
  if (!result) throw new ProblemError(404, `Für den Abrechnungszeitraum ${period} liegt kein Abrechnungsergebnis vor.`);
  return { bu, result };
}

export async function getBillingResult(ctx: SandboxContext, a: RouteArgs): Promise<BillingResult> {
  return (await billedResult(ctx, a)).result;
}

export async function getBillingResultDocument(ctx: SandboxContext, a: RouteArgs): Promise<FastifyReply> {
  const raw = (a.req.params as Record<string, string | undefined>).documentid ?? '';
  const id = parseOrProblem(PathParams.documentid, raw, 'Der Pfadparameter documentid', ['documentid']);
  const { bu, result } = await billedResult(ctx, a);
  const doc = result.documents.find((d) => d.documentid === id);
  if (!doc) throw new ProblemError(404, `Das Abrechnungsergebnis enthält kein Dokument ${id}.`);
  const pdf = await renderDocument(result, doc, { address: bu.address });
  return a.reply.type('application/pdf').header('content-disposition', `inline; filename="${doc.documentid}.pdf"`).send(pdf);
}

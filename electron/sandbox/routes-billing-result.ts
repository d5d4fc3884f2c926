/** Area C handlers: the billing result of a BILLED period and its documents (docs/msc-results.md). */
import type { FastifyReply } from 'fastify';
import { formatGermanDate } from '@shared/domain/dates';
import type { BillingResult } from '@shared/msc/billing-result';
import type { SandboxContext } from '@main/sandbox/context';
import type { RouteArgs } from '@main/sandbox/routes-unit-data';
import { effectivePeriod } from '@main/sandbox/routes-billing-input';
import { periodOf, unitForCaller } from '@main/sandbox/world-index';
import { ProblemError } from '@main/sandbox/problems';

/** The caller's period once BILLED: 404 unknown, 403 another customer's, 409 not billed yet. */
function billedPeriod(ctx: SandboxContext, a: RouteArgs): { billingunit: string; to: string } {
  const bu = unitForCaller(ctx.index, a.caller, a.billingunit);
  const wp = periodOf(bu, a.periodTo);
  const current = effectivePeriod(ctx, bu, wp);
  if (current.status !== 'BILLED') {
    throw new ProblemError(
      409,
      `Der Abrechnungszeitraum bis ${formatGermanDate(wp.period.to)} der Liegenschaft ${bu.billingunitMscnumber} ist noch nicht abgerechnet (Status ${current.status}); ein Ergebnis gibt es erst danach.`,
      { slug: 'not-billed' },
    );
  }
  return { billingunit: bu.billingunitMscnumber, to: wp.period.to };
}

export function getBillingResult(ctx: SandboxContext, a: RouteArgs): BillingResult {
  billedPeriod(ctx, a);
  throw new ProblemError(501, 'Die Abrechnung selbst baut der Demo-Messdienst noch nicht.');
}

export function getBillingResultDocument(ctx: SandboxContext, a: RouteArgs): FastifyReply {
  billedPeriod(ctx, a);
  throw new ProblemError(501, 'Die Abrechnung selbst baut der Demo-Messdienst noch nicht.');
}

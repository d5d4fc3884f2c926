/** On-Site-Roles 2.0 handlers: deliver the complete data set of one usage unit, and read the last accepted one back. */
import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { OnSiteRoles } from '@shared/msc/on-site-roles';
import type { OnSiteRolesAccepted, OnSiteRolesRecord } from '@shared/msc/on-site-roles';
import { PathParams } from '@shared/msc/operations';
import type { SandboxContext } from '@main/sandbox/context';
import type { RouteArgs } from '@main/sandbox/routes-unit-data';
import type { MscUnit, WorldBillingUnit } from '@main/sandbox/world-types';
import { unitForCaller } from '@main/sandbox/world-index';
import { parseOrProblem, ProblemError } from '@main/sandbox/problems';
import { checkOnSiteRoles } from '@main/sandbox/osr-rules';

function residentialUnit(ctx: SandboxContext, a: RouteArgs): { bu: WorldBillingUnit; unit: MscUnit } {
  const bu = unitForCaller(ctx.index, a.caller, a.billingunit);
  const raw = (a.req.params as Record<string, string | undefined>).residentialunit ?? '';
  const ru = parseOrProblem(PathParams.residentialunit, raw, 'Der Pfadparameter residentialunit', ['residentialunit']);
  const unit = bu.units.find((u) => u.residentialunitMscnumber === ru);
  if (!unit) {
    const message = `Die Nutzeinheit ${ru} ist in der Liegenschaft ${bu.billingunitMscnumber} beim Messdienst nicht bekannt.`;
    throw new ProblemError(404, message, {
      slug: 'residentialunit-unknown',
      messages: [{ type: 'ERROR', shortmessage: 'RESIDENTIALUNIT_UNKNOWN', path: '', message }],
    });
  }
  return { bu, unit };
}

export async function deliverOnSiteRoles(ctx: SandboxContext, a: RouteArgs): Promise<FastifyReply> {
  const { bu, unit } = residentialUnit(ctx, a);
  const roles = parseOrProblem(OnSiteRoles, a.req.body, 'Die Nutzerdaten (On-Site-Roles)');
  const messages = checkOnSiteRoles(roles);
  const errors = messages.filter((m) => m.type === 'ERROR').length;
  const where = `Nutzeinheit ${unit.residentialunitMscnumber} der Liegenschaft ${bu.billingunitMscnumber}`;
  if (errors > 0) {
    throw new ProblemError(400, `Nutzerdaten für die ${where} abgelehnt: ${String(errors)} Fehler.`, {
      slug: 'check-failed',
      messages,
    });
  }
  // Deliveries of one unit are applied one after the other, so the read-back is always one complete data set.
  return ctx.lock(`osr:${bu.billingunitMscnumber}/${unit.residentialunitMscnumber}`, async () => {
    const transactionid = randomUUID();
    const acceptedat = ctx.clock().toISOString();
    await ctx.state.putOnSiteRoles(bu.billingunitMscnumber, unit.residentialunitMscnumber, {
      transactionid,
      acceptedat,
      clientId: a.caller.clientId,
      roles,
    });
    const body: OnSiteRolesAccepted = { transactionid, acceptedat, ...(messages.length > 0 ? { messages } : {}) };
    return a.reply.code(200).send(body);
  });
}

export function getOnSiteRoles(ctx: SandboxContext, a: RouteArgs): OnSiteRolesRecord {
  const { bu, unit } = residentialUnit(ctx, a);
  const record = ctx.state.onSiteRoles(bu.billingunitMscnumber, unit.residentialunitMscnumber);
  if (!record) {
    throw new ProblemError(
      404,
      `Für die Nutzeinheit ${unit.residentialunitMscnumber} der Liegenschaft ${bu.billingunitMscnumber} wurden noch keine Nutzerdaten über On-Site-Roles übermittelt.`,
      { slug: 'no-on-site-roles' },
    );
  }
  return { ...record.roles, transactionid: record.transactionid, acceptedat: record.acceptedat };
}

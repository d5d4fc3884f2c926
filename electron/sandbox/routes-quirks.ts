/**
 * A demo-only operator action for trying the app's reconciliation (docs/results.md): the MSC records a different
 * prepayment for one recipient than the one submitted, as a clerk at a real MSC might when keying in a paper form.
 * `POST /_operator/quirks/prepayment` {billingunitMscnumber, to, partnerPmnumber, prepayment} while the period is
 * COMMISSIONED: the MSC's copy of the last binding submission then carries `prepayment` as the recipient's heating
 * prepayment (hot and cold water none), and billing uses it. Loopback and the operator token, like every operator
 * action. Kept apart from the billing engine, which it does not touch.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BillingUnitNumber, IsoDate, MoneyString, PmNumber } from '@shared/msc/primitives';
import type { SandboxContext } from '@main/sandbox/context';
import { parseOrProblem, ProblemError } from '@main/sandbox/problems';
import { checkOperator } from '@main/sandbox/routes-operator';

export const QUIRK_PATHS = { prepayment: '/_operator/quirks/prepayment' } as const;

export const PrepaymentQuirk = z
  .object({ billingunitMscnumber: BillingUnitNumber, to: IsoDate, partnerPmnumber: PmNumber, prepayment: MoneyString })
  .strict();

export function registerQuirkRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const onRequest = (req: FastifyRequest): Promise<void> => {
    checkOperator(ctx, req);
    return Promise.resolve();
  };
  app.post(QUIRK_PATHS.prepayment, { onRequest }, async (req) => {
    const body = parseOrProblem(PrepaymentQuirk, req.body, 'Der Auftrag', []);
    const { billingunitMscnumber: bu, to } = body;
    return ctx.lock(`period:${bu}/${to}`, async () => {
      const period = ctx.state.period(bu, to);
      const last = period?.lastsubmission;
      if (period?.status !== 'COMMISSIONED' || !last) {
        throw new ProblemError(409, `Der Zeitraum bis ${to} der Liegenschaft ${bu} ist nicht beauftragt.`);
      }
      const archived = await ctx.state.archived(bu, to, last.transactionid);
      const recipient = archived?.submission.billingrecipients.find((r) => r.partnerPmnumber === body.partnerPmnumber);
      if (!archived || !recipient) {
        throw new ProblemError(404, `In der Übermittlung gibt es keinen Empfänger ${body.partnerPmnumber}.`);
      }
      const kinds = {
        ...recipient.prepayments?.heating,
        ...recipient.prepayments?.hotwater,
        ...recipient.prepayments?.coldwater,
      };
      const heating = {
        ...('grossamount' in kinds || !('netamount' in kinds) ? { grossamount: body.prepayment } : {}),
        ...('netamount' in kinds ? { netamount: body.prepayment } : {}),
      };
      recipient.prepayments = { heating };
      await ctx.state.archive(archived);
      return { billingunitMscnumber: bu, to, partnerPmnumber: body.partnerPmnumber, prepayment: body.prepayment };
    });
  });
}

/**
 * On-Site-Roles 2.0 on the MSC client. A delivery carries the complete current data set of one usage unit, so sending
 * it twice leaves the MSC exactly as sending it once: unlike the binding SEND it is retried like a GET, also after
 * a lost reply. What the MSC's check says comes back as messages, read leniently like those of a test check.
 */
import { OnSiteRoles, OnSiteRolesAccepted, OnSiteRolesRecord } from '@shared/msc/on-site-roles';
import { BillingUnitNumber, ResidentialUnitMscNumber } from '@shared/msc/primitives';
import type { PathParamName } from '@shared/msc/operations';
import { readCheckMessages } from '@shared/msc/problem';
import type { ReceivedCheckMessage } from '@shared/msc/problem';
import { checkMessagesOf, parseReply } from '@main/services/msc-client/errors';
import type { HttpReply } from '@main/services/msc-client/http';
import { inputCheck, type InputChecker } from '@main/services/msc-client/input-check';
import type { RetryPolicy } from '@main/services/msc-client/retry';
import { z } from 'zod';

export type OsrDeliveryOutcome =
  | { status: 'accepted'; transactionid: string; acceptedat: string; messages: ReceivedCheckMessage[] }
  /** The MSC's check refused the data set (400), or does not know the unit (404): nothing was stored. */
  | { status: 'rejected'; httpStatus: number; messages: ReceivedCheckMessage[] };

export type OsrClient = {
  deliverOnSiteRoles: (
    billingunit: string,
    residentialunit: string,
    roles: OnSiteRoles,
    opts?: { signal?: AbortSignal },
  ) => Promise<OsrDeliveryOutcome>;
  /** The last data set the MSC accepted for the unit; undefined when it has none (404). */
  getOnSiteRoles: (
    billingunit: string,
    residentialunit: string,
    opts?: { signal?: AbortSignal },
  ) => Promise<OnSiteRolesRecord | undefined>;
};

type OsrCall = (
  name: 'deliverOnSiteRoles' | 'getOnSiteRoles',
  c: {
    params: Partial<Record<PathParamName, string>>;
    body?: unknown;
    retry: RetryPolicy;
    what: string;
    signal?: AbortSignal | undefined;
  },
) => Promise<HttpReply>;

export type OsrDeps = { call: OsrCall; fail: (reply: HttpReply, what: string) => never };

/** The acceptance as the contract has it, except that its messages are read like any MSC's. */
const Accepted = OnSiteRolesAccepted.omit({ messages: true }).extend({ messages: z.unknown().optional() });

function params(billingunit: string, residentialunit: string, checked: InputChecker): Partial<Record<PathParamName, string>> {
  checked(BillingUnitNumber, billingunit);
  checked(ResidentialUnitMscNumber, residentialunit);
  return { billingunit, residentialunit };
}

const unitName = (bu: string, ru: string) => `Nutzeinheit ${ru} der Liegenschaft ${bu}`;

export function createOsrClient({ call, fail }: OsrDeps): OsrClient {
  return {
    async deliverOnSiteRoles(billingunit, residentialunit, roles, opts) {
      const what = `Übermittlung der Nutzerdaten (${unitName(billingunit, residentialunit)})`;
      const checked = inputCheck('deliverOnSiteRoles', what, { billingunit, residentialunit });
      const p = params(billingunit, residentialunit, checked);
      const body = checked(OnSiteRoles, roles);
      const reply = await call('deliverOnSiteRoles', { params: p, body, retry: 'idempotent', what, signal: opts?.signal });
      if (reply.status >= 200 && reply.status <= 299) {
        const accepted = parseReply(reply, Accepted, what);
        return {
          status: 'accepted',
          transactionid: accepted.transactionid,
          acceptedat: accepted.acceptedat,
          messages: readCheckMessages(accepted) ?? [],
        };
      }
      const messages = reply.status === 400 || reply.status === 404 ? checkMessagesOf(reply) : undefined;
      if (messages) return { status: 'rejected', httpStatus: reply.status, messages };
      return fail(reply, what);
    },

    async getOnSiteRoles(billingunit, residentialunit, opts) {
      const what = `Abruf der zuletzt übermittelten Nutzerdaten (${unitName(billingunit, residentialunit)})`;
      const p = params(billingunit, residentialunit, inputCheck('getOnSiteRoles', what, { billingunit, residentialunit }));
      const reply = await call('getOnSiteRoles', { params: p, retry: 'idempotent', what, signal: opts?.signal });
      if (reply.status === 404) return undefined;
      if (reply.status !== 200) return fail(reply, what);
      return parseReply(reply, OnSiteRolesRecord, what);
    },
  };
}

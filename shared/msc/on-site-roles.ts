/**
 * On-Site-Roles 2.0 (OSR): the complete current data set of one usage unit, its partners, billing contracts (who
 * receives the bill, or vacancy) and consumption information contracts (who receives the monthly UVI/EED
 * information). The MSC detects changes itself; roles left out end. docs/msc-osr.md describes our choices.
 */
import { z } from 'zod';
import { CheckMessage } from '@shared/msc/billing-input';
import { IsoDate, IsoTimestamp, PmNumber, Text } from '@shared/msc/primitives';

/** The largest lists one delivery carries: one flat has a handful of contracts, a long history some dozens. */
export const MAX_OSR_ENTRIES = 500;

export const OsrPartner = z
  .object({
    partnerPmnumber: PmNumber,
    name: Text(70).min(1, { message: 'darf nicht leer sein' }),
    firstname: Text(40).optional(),
    commercial: z.boolean().meta({ description: 'A company (no first name), not a private person.' }),
  })
  .strict()
  .meta({ id: 'OsrPartner', description: 'A person or company named by a contract of this usage unit.' });
export type OsrPartner = z.infer<typeof OsrPartner>;

export const OsrBillingRecipient = z
  .object({ partnerPmnumber: PmNumber, owner: z.boolean().meta({ description: 'The partner owns the unit.' }) })
  .strict()
  .meta({ id: 'OsrBillingRecipient' });

export const BillingContract = z
  .object({
    validfrom: IsoDate,
    validto: IsoDate.optional().meta({ description: 'Last day; absent while the contract runs.' }),
    vacancy: z.boolean().meta({ description: 'The unit stands empty; the recipient (usually the owner) bears its costs.' }),
    billingrecipient: OsrBillingRecipient,
  })
  .strict()
  .meta({ id: 'BillingContract', description: 'Who receives the billing of the unit from validfrom to validto.' });
export type BillingContract = z.infer<typeof BillingContract>;

export const ConsumptionInformationContract = z
  .object({ validfrom: IsoDate, validto: IsoDate.optional(), partnerPmnumber: PmNumber })
  .strict()
  .meta({ id: 'ConsumptionInformationContract', description: 'Who receives the monthly consumption information.' });
export type ConsumptionInformationContract = z.infer<typeof ConsumptionInformationContract>;

export const OnSiteRoles = z
  .object({
    partners: z.array(OsrPartner).max(MAX_OSR_ENTRIES),
    billingcontracts: z.array(BillingContract).max(MAX_OSR_ENTRIES),
    consumptioninformationcontracts: z.array(ConsumptionInformationContract).max(MAX_OSR_ENTRIES),
    terminateallbillingcontracts: z
      .boolean()
      .optional()
      .meta({ description: 'Every billing contract ends at terminateallbillingcontractsat (e.g. the PM hands the unit over).' }),
    terminateallbillingcontractsat: IsoDate.optional(),
    terminateallconsumptioninformationcontracts: z.boolean().optional(),
    terminateallconsumptioninformationcontractsat: IsoDate.optional(),
  })
  .strict()
  .meta({
    id: 'OnSiteRoles',
    description:
      'The complete current data set of one usage unit. Contracts left out end at the MSC; an empty list of billing ' +
      'contracts is refused unless terminateallbillingcontracts says so explicitly.',
  });
export type OnSiteRoles = z.infer<typeof OnSiteRoles>;

export const OnSiteRolesAccepted = z
  .object({
    transactionid: z.string().min(1),
    acceptedat: IsoTimestamp,
    messages: z.array(CheckMessage).optional().meta({ description: 'Warnings and notes; errors refuse the delivery (400).' }),
  })
  .strict()
  .meta({ id: 'OnSiteRolesAccepted', description: 'The data set passed the plausibility check and is now the MSC’s.' });
export type OnSiteRolesAccepted = z.infer<typeof OnSiteRolesAccepted>;

export const OnSiteRolesRecord = OnSiteRoles.extend({ transactionid: z.string().min(1), acceptedat: IsoTimestamp })
  .strict()
  .meta({ id: 'OnSiteRolesRecord', description: 'The last data set the MSC accepted for this usage unit, as it was sent.' });
export type OnSiteRolesRecord = z.infer<typeof OnSiteRolesRecord>;

/** Full name as a template shows it: „Leonie Wagner“, or the company name alone. */
export function partnerDisplayName(p: Pick<OsrPartner, 'name' | 'firstname'>): string {
  return p.firstname === undefined || p.firstname === '' ? p.name : `${p.firstname} ${p.name}`;
}

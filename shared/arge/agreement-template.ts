/**
 * A period's template from a property's agreement, the same object an MSC with the API serves (shared/msc/
 * billing-input.ts), so the editor, the pre-check and the reports work unchanged. Recipients come from the
 * On-Site-Roles data set the app keeps per unit (the tenant-list import delivers one), else from the occupant the
 * agreement names for the unit.
 */
import type { Agreement, AgreementUnit } from '@shared/arge/agreement';
import { costTypeOf, DISTRIBUTION_UNITS, fuelOf, labelOf } from '@shared/domain/codes';
import { addDays } from '@shared/domain/dates';
import type { BillingPeriod, Template, TemplateRecipient } from '@shared/msc/billing-input';
import type { OnSiteRoles } from '@shared/msc/on-site-roles';
import { recipientsOf } from '@shared/msc/osr-recipients';

export type PeriodRange = { from: string; to: string };

/** The same day one year later (29 February becomes 28 February). */
function nextYear(iso: string): string {
  const [y = '0', m = '01', d = '01'] = iso.split('-');
  const year = String(Number(y) + 1).padStart(4, '0');
  const day = m === '02' && d === '29' ? '28' : d;
  return `${year}-${m}-${day}`;
}

/**
 * The agreement's periods from the first one, a year each, up to the one running on `today` (at least the first);
 * the periods files were written for keep that status.
 */
export function agreementPeriods(
  agreement: Agreement,
  today: string,
  written: ReadonlyMap<string, { transactionid: string; at: string }>,
): BillingPeriod[] {
  const out: BillingPeriod[] = [];
  let period: PeriodRange = { ...agreement.firstperiod };
  for (let i = 0; i < 100; i++) {
    const done = written.get(period.to);
    out.push({
      ...period,
      status: done ? 'COMMISSIONED' : 'OPEN',
      ...(done ? { lastsubmission: { transactionid: done.transactionid, at: done.at } } : {}),
    });
    if (period.to >= today) break;
    const from = addDays(period.to, 1);
    period = { from, to: addDays(nextYear(from), -1) };
  }
  return out;
}

/** The period of the agreement that ends on `to`, if there is one. */
export function agreementPeriod(agreement: Agreement, to: string): PeriodRange | undefined {
  let period: PeriodRange = { ...agreement.firstperiod };
  for (let i = 0; i < 100 && period.to <= to; i++) {
    if (period.to === to) return period;
    const from = addDays(period.to, 1);
    period = { from, to: addDays(nextYear(from), -1) };
  }
  return undefined;
}

function occupantRecipients(unit: AgreementUnit, period: PeriodRange): TemplateRecipient[] {
  const o = unit.occupant;
  if (o === undefined || o.since > period.to) return [];
  return [
    {
      residentialunitMscnumber: unit.residentialunitMscnumber,
      residentialunitPmnumber: unit.residentialunitPmnumber,
      partnerPmnumber: o.partnerPmnumber,
      name: o.vacancy ? `Leerstand (${o.name})`.slice(0, 70) : o.name,
      validfrom: o.since < period.from ? period.from : o.since,
      vacancy: o.vacancy,
    },
  ];
}

/** `roles`: the data set kept per unit (its MSC user number), as the tenant-list import delivered it. */
export function templateFromAgreement(
  agreement: Agreement,
  period: PeriodRange,
  roles: ReadonlyMap<string, OnSiteRoles> = new Map(),
): Template {
  const billingrecipients = agreement.units.flatMap((u) => {
    const delivered = roles.get(u.residentialunitMscnumber);
    if (delivered === undefined) return occupantRecipients(u, period);
    return recipientsOf(delivered, { msc: u.residentialunitMscnumber, pm: u.residentialunitPmnumber }, period);
  });
  const year = Number(period.to.slice(0, 4));
  const template: Template = {
    billingunitMscnumber: agreement.billingunit,
    billingperiod: { from: period.from, to: period.to },
    currency: 'EUR',
    expectedvat: agreement.expectedvat,
    fuels: agreement.fuels.map((f) => {
      const known = fuelOf(f.fuel);
      return {
        slot: f.slot,
        fuel: f.fuel,
        unit: known?.unit ?? 'KWH',
        stored: known?.stored ?? false,
        ...(f.calorificvalue === undefined ? {} : { calorificvalue: f.calorificvalue }),
      };
    }),
    costtypes: agreement.costtypes.map((c) => ({
      key: c.key,
      text: (c.text ?? costTypeOf(c.key)?.label ?? c.key).slice(0, 60),
      allocation: c.allocation,
      allocationkey: c.allocationkey,
    })),
    distributionkeys: agreement.distributionkeys.map((key) => ({ key, text: labelOf(DISTRIBUTION_UNITS, key).slice(0, 60) })),
    billingrecipients,
    distributionratio: agreement.distributionratio,
    // The CO2 cost split applies to bills of periods from 2023 on (CO2KostAufG); the clerk confirms the facts.
    co2configuration: { applicable: year >= 2023, nonresidential: false },
  };
  if (agreement.hotwatermethod !== undefined) template.hotwater = { method: agreement.hotwatermethod };
  return template;
}

/** The CO2 cost split preview (CO2KostAufG) as lines of the check report's facts, in the report's language. */
import { CO2_TIERS, co2Preview } from '@shared/domain/co2-split';
import type { FilledTemplate, Template } from '@shared/msc/billing-input';
import { formatIso } from '@shared/domain/decimal';
import { reportText, type ReportText } from '@main/services/reports/report-text';

/** Fact lines for the report; none when CO2KostAufG does not apply to the period. */
export function co2Facts(
  submission: FilledTemplate | undefined,
  template: Template | undefined,
  x: ReportText = reportText('de'),
): [string, string][] {
  if (!submission || !template) return [];
  const title = x.t('co2.title');
  const p = co2Preview(submission, template);
  if (p.status === 'not-applicable') return [];
  if (p.status === 'no-figures') return [[title, x.r('co2.noFigures')]];
  if (p.status === 'no-area') return [[title, x.r('co2.noArea', { kg: x.number({ units: p.kg.units / 1000n, scale: 0 }) })]];
  const s = p.split;
  const eur = (d: Parameters<typeof formatIso>[0]): string => x.money(formatIso(d));
  const next = CO2_TIERS.find((t) => t.tier === s.tier.tier + 1);
  const range = next
    ? x.t('co2.range', { from: x.format.decimal(String(s.tier.from)), to: x.format.decimal(String(next.from)) })
    : x.t('co2.rangeFrom', { from: x.format.decimal(String(s.tier.from)) });
  const per = s.annualised ? x.r('co2.perAnnualised') : x.t('co2.intensity');
  const tenants = { units: 1000n - s.landlordPercent.units, scale: 1 as const };
  const notes = [
    s.basis === 'nonresidential' ? x.r('co2.nonresidential') : '',
    s.restriction === 'halved' ? x.r('co2.halved') : '',
    s.restriction === 'waived' ? x.r('co2.waived') : '',
  ].filter((n) => n !== '');
  const split = x.r('co2.split', {
    landlordShare: x.number(s.landlordPercent),
    landlord: eur(s.landlord),
    tenantsShare: x.number(tenants),
    tenants: eur(s.tenants),
    cost: eur(s.cost),
  });
  return [
    [
      title,
      x.r('co2.tier', {
        tier: s.tier.tier,
        range,
        intensity: x.number(s.intensity),
        per,
        kg: x.number({ units: s.kg.units / 1000n, scale: 0 }),
        area: x.number(s.area),
      }),
    ],
    [x.r('co2.shares'), notes.length > 0 ? `${split}. ${notes.join(' ')}` : split],
  ];
}

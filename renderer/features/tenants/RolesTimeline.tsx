import type { OnSiteRoles } from '@shared/msc/on-site-roles';
import { useTranslation } from 'react-i18next';
import { nameOf } from '@renderer/features/tenants/roles-change';

type Props = { roles: OnSiteRoles; today: string };

const dayOf = (iso: string): number => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

/**
 * The billing contracts as bars across the years (vacancy hatched). Hidden from assistive technology: the contracts
 * table beside it states the same facts in words.
 */
export function RolesTimeline({ roles, today }: Props) {
  const { t } = useTranslation('tenants');
  const contracts = roles.billingcontracts;
  if (contracts.length === 0) return null;
  const firstYear = Math.min(...contracts.map((c) => Number(c.validfrom.slice(0, 4))));
  const lastEnd = contracts.map((c) => c.validto ?? today).reduce((a, b) => (a > b ? a : b), today);
  const lastYear = Number(lastEnd.slice(0, 4));
  const start = dayOf(`${String(firstYear)}-01-01`);
  const span = dayOf(`${String(lastYear + 1)}-01-01`) - start;
  const pct = (iso: string) => ((dayOf(iso) - start) / span) * 100;
  const years = Array.from({ length: lastYear - firstYear + 1 }, (_, i) => firstYear + i);
  // Many years make ticks crowded: label every n-th year only.
  const every = Math.max(1, Math.ceil(years.length / 12));
  return (
    <div className="osr-timeline" aria-hidden="true" data-testid="osr-timeline">
      {contracts.map((c, i) => {
        const left = pct(c.validfrom);
        const right = pct(c.validto === undefined ? `${String(lastYear + 1)}-01-01` : c.validto);
        const name = nameOf(roles, c.billingrecipient.partnerPmnumber);
        const label = c.vacancy ? t('timeline.vacancy', { name }) : name;
        return (
          <div className="osr-lane" key={`${c.validfrom}-${String(i)}`}>
            <div
              className="osr-bar"
              data-vacancy={c.vacancy ? 'true' : 'false'}
              style={{ left: `${String(left)}%`, width: `${String(Math.max(right - left, 0.8))}%` }}
            >
              {label}
            </div>
          </div>
        );
      })}
      <div className="osr-axis">
        {years.map((y, i) =>
          i % every === 0 ? (
            <span className="osr-tick" key={y} style={{ left: `${String(pct(`${String(y)}-01-01`))}%` }}>
              {y}
            </span>
          ) : null,
        )}
      </div>
    </div>
  );
}

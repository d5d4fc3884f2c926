import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export type Crumb = { label: string; to?: string };

/** Abrechnung › Liegenschaft › Zeitraum: the levels above this screen as links, the current one as plain text. */
export function BillingBreadcrumbs({ items }: { items: readonly Crumb[] }) {
  const { t } = useTranslation('billing');
  return (
    <nav aria-label={t('breadcrumb.label')}>
      <Breadcrumbs separator="›" mb="xs" fz="sm">
        {items.map((c) =>
          c.to === undefined ? (
            <Text key={c.label} size="sm" c="dimmed" aria-current="page">
              {c.label}
            </Text>
          ) : (
            <Anchor key={c.label} component={Link} to={c.to} size="sm">
              {c.label}
            </Anchor>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}

/** Route of a billing level; each part is encoded, so a unit number never breaks the path. */
export const billingPath = (connectionId?: string, billingunit?: string, periodTo?: string): string =>
  ['/abrechnung', connectionId, billingunit, periodTo]
    .filter((p): p is string => p !== undefined)
    .map((p, i) => (i === 0 ? p : encodeURIComponent(p)))
    .join('/');

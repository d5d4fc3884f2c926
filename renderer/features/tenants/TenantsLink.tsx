import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { tenantsPath } from '@renderer/features/tenants/paths';

/** The way from a property to its Nutzer und Mieterwechsel screen. */
export function TenantsLink({ connectionId, billingunit }: { connectionId: string; billingunit: string }) {
  const { t } = useTranslation('tenants');
  return (
    <Button component={Link} to={tenantsPath(connectionId, billingunit)} variant="light">
      {t('link.open')}
    </Button>
  );
}

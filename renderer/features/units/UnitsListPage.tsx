import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@renderer/components/PageHeader';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { useActiveConnection } from '@renderer/lib/useActiveConnection';
import { UnitsOfConnection } from '@renderer/features/units/components/UnitsOfConnection';
import '@renderer/features/units/units.css';

/** Liegenschaften: the billing units of the active connection, with their matching category. */
export function UnitsListPage() {
  const { t } = useTranslation('units');
  const active = useActiveConnection();
  return (
    <>
      <PageHeader title={t('list.title')} description={t('list.description')} />
      {active.state === 'loading' && <Text c="dimmed">{t('list.connectionsLoading')}</Text>}
      {active.state === 'error' && (
        <ErrorNotice title={t('list.connectionsFailed')} error={active.error} onRetry={active.reload} />
      )}
      {active.state === 'none' && (
        <Text>
          {t('list.noConnection')}{' '}
          <Anchor component={Link} to="/einstellungen">
            {t('list.toSettings')}
          </Anchor>
        </Text>
      )}
      {active.state === 'ready' && <UnitsOfConnection key={active.connection.id} connection={active.connection} />}
    </>
  );
}

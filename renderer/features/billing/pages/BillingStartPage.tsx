import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { PageHeader } from '@renderer/components/PageHeader';
import { useActiveConnection, usePreferences } from '@renderer/lib/useActiveConnection';
import { billingPath } from '@renderer/features/billing/components/BillingBreadcrumbs';
import { UnitPicker } from '@renderer/features/billing/components/UnitPicker';
import { useBillingUnits } from '@renderer/features/billing/queries';
import { useBillingText } from '@renderer/features/billing/useBillingText';
import '@renderer/features/billing/billing.css';

/** `/abrechnung`: the clerk chooses a Liegenschaft of the active connection; its periods have their own route. */
export function BillingStartPage() {
  const text = useBillingText();
  const { t } = text;
  const active = useActiveConnection();
  const connectionId = active.state === 'ready' ? active.connection.id : null;
  const units = useBillingUnits(connectionId);
  const navigate = useNavigate();
  const lastUnits = usePreferences().data?.lastBillingUnit;
  const rememberedId = connectionId === null ? undefined : lastUnits?.[connectionId];
  const remembered = units.data?.find((u) => u.billingunitMscnumber === rememberedId);

  return (
    <div className="billing-page">
      <PageHeader title={t('start.title')} description={t('start.description')} />
      {active.state === 'loading' && <Text c="dimmed">{t('start.loadingConnections')}</Text>}
      {active.state === 'error' && (
        <ErrorNotice title={t('start.connectionsFailed')} error={active.error} onRetry={active.reload} />
      )}
      {active.state === 'none' && (
        <Paper withBorder p="md">
          <Text>{t('start.noConnection')}</Text>
          <Anchor component={Link} to="/einstellungen">
            {t('start.toSettings')}
          </Anchor>
        </Paper>
      )}
      {connectionId !== null && (
        <Paper withBorder p="md">
          {units.isPending && <Text c="dimmed">{t('start.loadingUnits')}</Text>}
          {units.isError && (
            <ErrorNotice title={t('start.unitsFailed')} error={units.error} onRetry={() => void units.refetch()} />
          )}
          {units.data?.length === 0 && (
            <>
              <Text>{t('start.noUnits')}</Text>
              <Anchor component={Link} to="/liegenschaften">
                {t('start.toUnits')}
              </Anchor>
            </>
          )}
          {remembered !== undefined && (
            <Group gap="sm" mb="md" data-testid="billing-last-unit">
              <Text>{t('start.lastUnit', { unit: text.unit(remembered) })}</Text>
              <Button component={Link} to={billingPath(connectionId, remembered.billingunitMscnumber)}>
                {t('start.continue')}
              </Button>
            </Group>
          )}
          {units.data !== undefined && units.data.length > 0 && (
            <UnitPicker
              units={units.data}
              onChoose={(billingunit) => {
                void navigate(billingPath(connectionId, billingunit));
              }}
            />
          )}
        </Paper>
      )}
    </div>
  );
}

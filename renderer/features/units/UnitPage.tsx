import { Anchor, Button, Text } from '@mantine/core';
import { Link, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@renderer/components/PageHeader';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { useFormat } from '@renderer/lib/format';
import { useAllUnits } from '@renderer/features/units/queries';
import { UNITS_PATH } from '@renderer/features/units/paths';
import { UnitDetail } from '@renderer/features/units/components/UnitDetail';
import '@renderer/features/units/units.css';

/** Where "back to the list" leads: the list as the clerk left it (filter, search, sort). */
export function useBackToList(): string {
  const state: unknown = useLocation().state;
  const search =
    typeof state === 'object' && state !== null && 'listSearch' in state && typeof state.listSearch === 'string'
      ? state.listSearch
      : '';
  return `${UNITS_PATH}${search}`;
}

/** One billing unit (`/liegenschaften/:connectionId/:billingunit`): its matching, sending usage units, its outbox. */
export function UnitPage() {
  const { t } = useTranslation('units');
  const format = useFormat();
  const { connectionId = '', billingunit = '' } = useParams();
  const all = useAllUnits(connectionId);
  const back = useBackToList();
  const unit = all.units.find((u) => u.billingunitMscnumber === billingunit);

  if (unit) return <UnitDetail key={`${connectionId}/${billingunit}`} connectionId={connectionId} unit={unit} back={back} />;
  const backButton = (
    <Button component={Link} to={back} variant="default">
      {t('unit.back')}
    </Button>
  );
  return (
    <>
      <PageHeader title={t('unit.title', { billingunit })} actions={backButton} />
      {all.error ? (
        <ErrorNotice title={t('unit.loadFailed')} error={all.error} onRetry={all.retry} />
      ) : all.done ? (
        <Text data-testid="unit-missing">
          {t('unit.missing', { billingunit })}{' '}
          <Anchor component={Link} to={UNITS_PATH}>
            {t('unit.toList')}
          </Anchor>
        </Text>
      ) : (
        <Text c="dimmed" role="status">
          {all.total === undefined
            ? t('unit.loading')
            : t('unit.searching', { loaded: format.integer(all.loaded), total: format.integer(all.total) })}
        </Text>
      )}
    </>
  );
}

import { useState } from 'react';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OsrUnitView } from '@shared/ipc/channels/osr';
import { PageHeader } from '@renderer/components/PageHeader';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { VirtualTable } from '@renderer/components/VirtualTable';
import type { Column } from '@renderer/components/VirtualTable';
import { unitPath } from '@renderer/features/units/paths';
import { tenantsPath } from '@renderer/features/tenants/paths';
import { OsrStatusBadge } from '@renderer/features/tenants/OsrStatusBadge';
import { UnitRolesPanel } from '@renderer/features/tenants/UnitRolesPanel';
import { TenantListImport } from '@renderer/features/tenants/TenantListImport';
import { currentRecipient } from '@renderer/features/tenants/roles-change';
import { useOsrDeliverAll, useOsrUnits } from '@renderer/features/tenants/queries';
import '@renderer/features/units/units.css';
import '@renderer/features/tenants/tenants.css';

const todayIso = (): string => {
  const d = new Date();
  return `${String(d.getFullYear())}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** Nutzer und Mieterwechsel (`/liegenschaften/:connectionId/:billingunit/nutzer`): the property's usage units and their roles. */
export function TenantsPage() {
  const { t } = useTranslation('tenants');
  const { connectionId = '', billingunit = '' } = useParams();
  const [search] = useSearchParams();
  const units = useOsrUnits(connectionId, billingunit);
  const deliverAll = useOsrDeliverAll();
  const [importing, setImporting] = useState(false);
  const today = todayIso();
  const list = units.data?.units ?? [];
  const selectedId = search.get('unit') ?? list[0]?.residentialunitMscnumber;
  const selected = list.find((u) => u.residentialunitMscnumber === selectedId);
  const changed = list.filter((u) => u.status === 'pending' || u.status === 'failed').length;

  const columns: Column<OsrUnitView>[] = [
    {
      key: 'unit',
      header: t('list.unit'),
      width: 140,
      cell: (u) => (
        <Anchor
          component={Link}
          to={tenantsPath(connectionId, billingunit, u.residentialunitMscnumber)}
          replace
          aria-current={u === selected ? 'true' : undefined}
          size="sm"
        >
          {u.residentialunitMscnumber}
          {u.residentialunitPmnumber ? ` · ${u.residentialunitPmnumber}` : ''}
        </Anchor>
      ),
    },
    { key: 'recipient', header: t('list.recipient'), cell: (u) => currentRecipient(u.current, today) ?? '–' },
    { key: 'status', header: t('list.status'), width: 150, cell: (u) => <OsrStatusBadge status={u.status} /> },
  ];

  const actions = (
    <>
      <Button
        color="green"
        disabled={changed === 0}
        loading={deliverAll.isPending}
        onClick={() => {
          deliverAll.mutate({ connectionId, billingunit });
        }}
      >
        {t('action.deliverAll', { count: changed })}
      </Button>
      <Button
        variant="default"
        onClick={() => {
          setImporting((v) => !v);
        }}
        aria-expanded={importing}
      >
        {t('import.open')}
      </Button>
      <Button component={Link} to={unitPath(connectionId, billingunit)} variant="default">
        {t('page.back')}
      </Button>
    </>
  );

  return (
    <>
      <PageHeader title={t('page.title', { billingunit })} description={t('page.description')} actions={actions} />
      {deliverAll.error && <ErrorNotice title={t('error.deliverAll')} error={deliverAll.error} />}
      {units.error ? (
        <ErrorNotice title={t('page.loadFailed')} error={units.error} onRetry={() => void units.refetch()} />
      ) : units.isPending ? (
        <Text c="dimmed" role="status">
          {t('page.loading')}
        </Text>
      ) : list.length === 0 ? (
        <Text data-testid="osr-no-units">{t('page.noUnits')}</Text>
      ) : (
        <Stack gap="md">
          {importing && (
            <TenantListImport
              connectionId={connectionId}
              billingunit={billingunit}
              units={list}
              onClose={() => {
                setImporting(false);
              }}
            />
          )}
          <div className="tenants-layout">
            <VirtualTable
              rows={list}
              columns={columns}
              rowKey={(u) => u.residentialunitMscnumber}
              label={t('list.label')}
              className="tenants-units-scroll"
              rowProps={(u) => ({ 'aria-current': u === selected ? 'true' : undefined, 'data-testid': 'osr-unit-row' })}
            />
            {selected ? (
              <UnitRolesPanel
                key={selected.residentialunitMscnumber}
                connectionId={connectionId}
                billingunit={billingunit}
                view={selected}
                today={today}
              />
            ) : (
              <Text>{t('page.pickUnit')}</Text>
            )}
          </div>
        </Stack>
      )}
    </>
  );
}

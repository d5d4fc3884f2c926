import { Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@renderer/components/PageHeader';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { nothingDoneYet } from '@renderer/features/dashboard/dashboard-model';
import { useDashboardReads, useOpenForConnection, useOpenPeriods } from '@renderer/features/dashboard/useDashboard';
import { GettingStartedCard } from '@renderer/features/dashboard/components/GettingStartedCard';
import { UnitCountsCard } from '@renderer/features/dashboard/components/UnitCountsCard';
import { DeadlinesCard } from '@renderer/features/dashboard/components/DeadlinesCard';
import { StatementsCard } from '@renderer/features/dashboard/components/StatementsCard';
import { ActivityCard } from '@renderer/features/dashboard/components/ActivityCard';
import '@renderer/features/dashboard/dashboard.css';

/** Übersicht: what needs doing across all connections, and where to start on first use. */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { connections, reads } = useDashboardReads();
  const list = connections.data ?? [];
  const periods = useOpenPeriods(list);
  const { open } = useOpenForConnection();
  // The local reads (outbox, setups, archive) answer at once; waiting for them keeps the first-start card from
  // popping in above the other cards a moment later.
  const localSettled = reads.every((r) => !r.outbox.isPending && !r.setups.isPending && !r.archive.isPending);
  const local = reads.filter((r) => r.outbox.data && r.setups.data && r.archive.data);
  const fresh =
    local.length === reads.length &&
    nothingDoneYet(
      local.map((r) => ({
        connectionId: r.connection.id,
        outbox: r.outbox.data ?? [],
        setups: r.setups.data ?? [],
        archive: r.archive.data ?? [],
      })),
    );
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      {connections.error && (
        <ErrorNotice title={t('counts.title')} error={connections.error} onRetry={() => void connections.refetch()} />
      )}
      {connections.isPending || !localSettled ? (
        <Loader size="sm" aria-label={t('title')} />
      ) : (
        <div className="dashboard-grid">
          {fresh && <GettingStartedCard />}
          <UnitCountsCard reads={reads} open={open} />
          <DeadlinesCard connections={list} periods={periods} />
          <StatementsCard connections={list} periods={periods} />
          <div className="dashboard-wide">
            <ActivityCard reads={reads} />
          </div>
        </div>
      )}
    </>
  );
}

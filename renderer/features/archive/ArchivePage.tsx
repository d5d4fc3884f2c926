import { Anchor, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@renderer/components/PageHeader';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { matches, parseFilter, type FilterKey } from '@renderer/features/archive/archive-filter';
import { useArchiveRows, useUnitAddresses } from '@renderer/features/archive/useArchive';
import { ArchiveFilters } from '@renderer/features/archive/components/ArchiveFilters';
import { ArchiveTable } from '@renderer/features/archive/components/ArchiveTable';
import { DeliveriesSection } from '@renderer/features/archive/components/DeliveriesSection';
import '@renderer/features/archive/archive.css';

/**
 * Archiv: every test check and submission of every connection, filterable, newest first; below, every setup request
 * and OSR delivery sent to a measuring service.
 */
export function ArchivePage() {
  const { t } = useTranslation('archive');
  const [params, setParams] = useSearchParams();
  const filter = parseFilter(params);
  const { connections, perConnection, rows, loading } = useArchiveRows();
  const list = connections.data ?? [];
  const addresses = useUnitAddresses(list);
  const shown = rows.filter((r) => matches(r, filter));
  const change = (key: FilterKey, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value === undefined) next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: true });
  };
  const count =
    shown.length === rows.length
      ? t('count', { count: rows.length })
      : t('countFiltered', { shown: shown.length, total: rows.length });
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      {connections.error && (
        <ErrorNotice title={t('title')} error={connections.error} onRetry={() => void connections.refetch()} />
      )}
      {perConnection.map(({ connection, read }) =>
        read.error ? (
          <ErrorNotice
            key={connection.id}
            title={t('list.error', { name: connection.name })}
            error={read.error}
            onRetry={() => void read.refetch()}
          />
        ) : null,
      )}
      <Paper withBorder p="md" component="section" aria-label={t('title')}>
        {rows.length > 0 && (
          <>
            <ArchiveFilters
              filter={filter}
              onChange={change}
              onReset={() => {
                setParams(new URLSearchParams(), { replace: true });
              }}
              rows={rows}
              connections={list}
              addresses={addresses}
            />
            <Text size="sm" c="dimmed" mb="xs" data-testid="archive-count" aria-live="polite">
              {count}
            </Text>
          </>
        )}
        {loading ? (
          <Stack gap={6}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={30} />
            ))}
          </Stack>
        ) : rows.length === 0 ? (
          <Text size="sm">
            {t('list.empty')}{' '}
            <Anchor component={Link} to="/abrechnung">
              {t('list.toBilling')}
            </Anchor>
          </Text>
        ) : shown.length === 0 ? (
          <Text size="sm">{t('list.noMatch')}</Text>
        ) : (
          <ArchiveTable rows={shown} connections={list} addresses={addresses} />
        )}
      </Paper>
      <DeliveriesSection connections={list} addresses={addresses} />
    </>
  );
}

import { useCallback, useDeferredValue, useMemo } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Connection } from '@shared/domain/connection';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { useFormat } from '@renderer/lib/format';
import { useAllUnits, useLocalState } from '@renderer/features/units/queries';
import { countByFilter, listSearch, parseListParams, toRows, visibleRows } from '@renderer/features/units/unit-list';
import type { ListParams, Sort } from '@renderer/features/units/unit-list';
import { unitPath } from '@renderer/features/units/paths';
import { LoadProgress } from '@renderer/features/units/components/LoadProgress';
import { UnitsToolbar } from '@renderer/features/units/components/UnitsToolbar';
import { UnitsTable } from '@renderer/features/units/components/UnitsTable';

/** The list of one connection: filters from the URL, rows as soon as the first page is there. */
export function UnitsOfConnection({ connection }: { connection: Connection }) {
  const { t } = useTranslation('units');
  const format = useFormat();
  const navigate = useNavigate();
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => parseListParams(search), [search]);
  const all = useAllUnits(connection.id);
  const local = useLocalState(connection.id);
  // While pages arrive every few milliseconds React may skip list renders in between; the progress line stays exact.
  // Not the first page, though: a deferred render restarts with every later page and update of the progress line,
  // so on a busy computer the first rows waited for the last page.
  const deferred = useDeferredValue(all.units);
  const units = deferred.length === 0 ? all.units : deferred;
  const rows = useMemo(() => toRows(units, local.setups, local.outbox), [units, local.setups, local.outbox]);
  const counts = useMemo(() => countByFilter(rows), [rows]);
  const shown = useMemo(() => visibleRows(rows, params), [rows, params]);

  // Filter, search and sort replace the entry: back leads to the previous screen, not to every keystroke.
  const change = useCallback(
    (next: Partial<ListParams>) => {
      setSearch(listSearch({ ...params, ...next }), { replace: true });
    },
    [params, setSearch],
  );
  const sortBy = useCallback(
    (sort: Sort) => {
      change({ sort });
    },
    [change],
  );
  const open = useCallback(
    (billingunit: string) => {
      void navigate(unitPath(connection.id, billingunit), { state: { listSearch: location.search } });
    },
    [navigate, connection.id, location.search],
  );

  const filtered = params.status !== 'all' || params.q.trim() !== '';
  return (
    <Stack gap="sm">
      <UnitsToolbar params={params} counts={counts} onChange={change} />
      {all.error && <ErrorNotice title={t('list.loadFailed')} error={all.error} onRetry={all.retry} />}
      {local.error && <ErrorNotice title={t('list.localFailed')} error={local.error} onRetry={local.retry} />}
      {!all.done && !all.error && <LoadProgress loaded={all.loaded} total={all.total} />}
      {all.isPending ? null : all.done && all.total === 0 ? (
        <Text data-testid="units-empty">{t('list.empty', { name: connection.name })}</Text>
      ) : (
        <>
          <Group justify="space-between">
            <Text size="sm" data-testid="units-count" aria-live="polite">
              {filtered
                ? t('list.countFiltered', {
                    count: shown.length,
                    shown: format.integer(shown.length),
                    all: format.integer(rows.length),
                  })
                : t('list.count', { count: rows.length, shown: format.integer(rows.length) })}
            </Text>
            {filtered && (
              <Button
                size="compact-sm"
                variant="subtle"
                onClick={() => {
                  change({ status: 'all', q: '' });
                }}
              >
                {t('list.resetFilter')}
              </Button>
            )}
          </Group>
          {shown.length === 0 && rows.length > 0 ? (
            <Text data-testid="units-empty">{all.done ? t('list.noMatch') : t('list.noMatchYet')}</Text>
          ) : (
            <UnitsTable connectionId={connection.id} rows={shown} sort={params.sort} onSort={sortBy} onOpen={open} />
          )}
        </>
      )}
    </Stack>
  );
}

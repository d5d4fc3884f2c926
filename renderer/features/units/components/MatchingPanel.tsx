import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SetupStatusCode } from '@shared/msc/billing-unit-data';
import type { OutboxItem, TrackedSetup } from '@shared/domain/workspace';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { useFormat } from '@renderer/lib/format';
import { SETUP_STATUS_COLOR } from '@renderer/features/units/unit-texts';
import type { UnitMatching } from '@renderer/features/units/useUnitMatching';
import { useFailureText } from '@renderer/features/units/useFailureText';
import { MatchingResultView } from '@renderer/features/units/components/MatchingResultView';
import { ManualWorkNotice } from '@renderer/features/units/components/ManualWorkNotice';
import { WithdrawSection } from '@renderer/features/units/components/WithdrawSection';
import { ArgeCriteriaImport } from '@renderer/features/units/components/ArgeCriteriaImport';

type Props = {
  connectionId: string;
  billingunit: string;
  matching: UnitMatching;
  setup: TrackedSetup | undefined;
  /** This unit's outbox items: what the clerk can withdraw. */
  items: readonly OutboxItem[];
  /** The embedded demo connection: manual work can be done in the Demo-Messdienst panel. */
  demo: boolean;
  onAddCriteria: (pmNumbers: string[]) => void;
};

function waitingKey(status: SetupStatusCode, followed: boolean): string {
  if (!followed) return status === 'OPEN' ? 'matching.notSent' : 'matching.atMsc';
  return status === 'IN_PROGRESS' ? 'matching.inProgress' : 'matching.received';
}

/** Status of the matching at the MSC and, once COMPLETED, its result with the Excel export. */
export function MatchingPanel({ connectionId, billingunit, matching, setup, items, demo, onAddCriteria }: Props) {
  const { t } = useTranslation('units');
  const { t: ta } = useTranslation('arge-import');
  const format = useFormat();
  const failureText = useFailureText();
  const { status, lastupdate, followed, result, refresh, exporter } = matching;
  const busy = refresh.isPending || exporter.isPending;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="matching-title">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h4" id="matching-title">
            {t('matching.title')}
          </Title>
          <Badge color={SETUP_STATUS_COLOR[status]} variant="light" tt="none" data-testid="matching-status" data-status={status}>
            {t(`setupStatus.${status}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t('matching.asOf', { at: format.dateTime(lastupdate) })}
          {setup?.checkedAt !== undefined && ` · ${t('matching.checkedAt', { at: format.dateTime(setup.checkedAt) })}`}
        </Text>
        {setup?.fromFile !== undefined && (
          <Text size="sm" data-testid="matching-from-file">
            {ta('criteria.fromFile', { file: setup.fromFile })}
          </Text>
        )}
        {setup?.lastError && (
          <Text size="sm" c="red.9">
            {t('matching.lastError', { reason: failureText(setup.lastError) })}
          </Text>
        )}
        {status !== 'COMPLETED' && <Text>{t(waitingKey(status, followed))}</Text>}
        {status === 'IN_PROGRESS' && (
          <ManualWorkNotice
            manual={setup?.status?.setupstatus === 'IN_PROGRESS' ? setup.status.manualwork : undefined}
            followed={followed}
            demo={demo}
            onAddCriteria={onAddCriteria}
          />
        )}
        {status === 'COMPLETED' && result.isPending && (
          <Text c="dimmed" role="status">
            {t('matching.resultLoading')}
          </Text>
        )}
        {status === 'COMPLETED' && result.error && (
          <ErrorNotice title={t('matching.resultFailed')} error={result.error} onRetry={() => void result.refetch()} />
        )}
        {status === 'COMPLETED' && result.data && <MatchingResultView result={result.data} onAddCriteria={onAddCriteria} />}
        {followed && <WithdrawSection connectionId={connectionId} billingunit={billingunit} items={items} result={result.data} />}
        {refresh.error && <ErrorNotice title={t('matching.refreshFailed')} error={refresh.error} />}
        {exporter.error && <ErrorNotice title={t('matching.exportFailed')} error={exporter.error} />}
        <Group gap="xs">
          <Button variant="default" onClick={matching.refreshNow} disabled={busy} loading={refresh.isPending}>
            {t('matching.refresh')}
          </Button>
          {status === 'COMPLETED' && result.data && (
            <Button variant="default" onClick={matching.exportExcel} disabled={busy} loading={exporter.isPending}>
              {t('matching.export')}
            </Button>
          )}
        </Group>
        <ArgeCriteriaImport connectionId={connectionId} />
      </Stack>
    </Paper>
  );
}

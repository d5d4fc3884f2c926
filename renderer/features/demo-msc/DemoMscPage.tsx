import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@renderer/components/PageHeader';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { useActiveConnection } from '@renderer/lib/useActiveConnection';
import { isDemo, useDemoState } from '@renderer/features/demo-msc/queries';
import { ManualWorkSection } from '@renderer/features/demo-msc/components/ManualWorkSection';
import { TimersSection } from '@renderer/features/demo-msc/components/TimersSection';
import { PeriodsSection } from '@renderer/features/demo-msc/components/PeriodsSection';
import { KnownUnitsSection } from '@renderer/features/demo-msc/components/KnownUnitsSection';

/**
 * Demo-Messdienst: a trying user plays the demo MSC's staff — manual matching, timers, period states — and sees
 * which order criteria the demo knows. Only for the embedded demo connection.
 */
export function DemoMscPage() {
  const { t } = useTranslation('demo');
  const active = useActiveConnection();
  const connection = active.state === 'ready' ? active.connection : undefined;
  const demoId = connection && isDemo(connection) ? connection.id : null;
  const state = useDemoState(demoId);
  const other = active.state === 'ready' ? active.connections.find((c) => isDemo(c)) : undefined;

  return (
    <div data-testid="demo-msc">
      <PageHeader title={t('page.title')} description={t('page.description')} />
      {active.state === 'ready' && demoId === null && (
        <Stack gap="xs" align="flex-start" data-testid="demo-not-available">
          <Text>{t('page.notDemo', { name: active.connection.name })}</Text>
          {other && (
            <Button
              variant="default"
              onClick={() => {
                active.select(other.id);
              }}
            >
              {t('page.switchToDemo', { name: other.name })}
            </Button>
          )}
        </Stack>
      )}
      {state.isPending && demoId !== null && (
        <Text c="dimmed" role="status">
          {t('page.loading')}
        </Text>
      )}
      {state.error && <ErrorNotice title={t('page.loadFailed')} error={state.error} onRetry={() => void state.refetch()} />}
      {demoId !== null && state.data && (
        <Stack gap="md">
          <ManualWorkSection connectionId={demoId} state={state.data} />
          <TimersSection connectionId={demoId} />
          <PeriodsSection connectionId={demoId} state={state.data} />
          <KnownUnitsSection connectionId={demoId} state={state.data} />
        </Stack>
      )}
    </div>
  );
}

import { Badge, Group, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Connection } from '@shared/domain/connection';
import { useChannel } from '@renderer/lib/queries';
import { useActivities } from '@renderer/lib/activity';
import type { Activity } from '@renderer/lib/activity';
import { useFormat } from '@renderer/lib/format';

const HEALTH_INTERVAL_MS = 60_000;

/** Bottom line of every screen: is the measuring service reachable, what waits in the outbox, what is running. */
export function StatusBar({ connection }: { connection: Connection | undefined }) {
  const { t } = useTranslation();
  return (
    <Group h="100%" px="md" gap="lg" wrap="nowrap" role="status" aria-label={t('status.label')}>
      {connection ? <Health connection={connection} /> : <Text size="xs">{t('status.noConnection')}</Text>}
      {connection && <OutboxCount connectionId={connection.id} />}
      <RunningWork />
    </Group>
  );
}

function Health({ connection }: { connection: Connection }) {
  const { t } = useTranslation();
  const health = useChannel('connections:check', { id: connection.id }, { refetchInterval: HEALTH_INTERVAL_MS });
  const state = health.isPending ? 'checking' : health.data?.state === 'ok' ? 'ok' : 'error';
  const color = { checking: 'gray', ok: 'green', error: 'red' }[state];
  return (
    <Group gap={6} wrap="nowrap">
      <Badge color={color} variant="dot" size="sm" tt="none" data-testid="status-health" data-state={state}>
        {t(`status.health.${state}`, { name: connection.name })}
      </Badge>
    </Group>
  );
}

function OutboxCount({ connectionId }: { connectionId: string }) {
  const { t } = useTranslation();
  const outbox = useChannel('units:outbox', { connectionId });
  const items = outbox.data ?? [];
  const waiting = items.filter((i) => i.state === 'queued' || i.state === 'sending').length;
  const failed = items.filter((i) => i.state === 'failed').length;
  return (
    <Text size="xs" data-testid="status-outbox">
      {t('status.outbox', { count: waiting })}
      {failed > 0 && ` · ${t('status.outboxFailed', { count: failed })}`}
    </Text>
  );
}

function RunningWork() {
  const activities = useActivities();
  return (
    <Group gap="md" wrap="nowrap" style={{ marginInlineStart: 'auto' }}>
      {activities.map((a) => (
        <ActivityLine key={a.id} activity={a} />
      ))}
    </Group>
  );
}

function ActivityLine({ activity }: { activity: Activity }) {
  const { t } = useTranslation();
  const format = useFormat();
  const label = t(activity.labelKey, activity.params ?? {});
  const percent = activity.total > 0 ? Math.round((activity.done / activity.total) * 100) : 0;
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="xs">
        {label}
        {activity.total > 0 && ` ${format.integer(activity.done)}/${format.integer(activity.total)}`}
      </Text>
      <Progress value={percent} w={100} size="sm" aria-label={label} />
    </Group>
  );
}

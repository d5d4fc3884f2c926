import { useRef } from 'react';
import { Badge, Button, Group, Paper, Text, Title } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import type { OutboxItem } from '@shared/domain/workspace';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { useFormat } from '@renderer/lib/format';
import { useRemoveSetup, useRetrySetup } from '@renderer/features/units/mutations';
import { OUTBOX_COLOR, outboxDetail } from '@renderer/features/units/unit-texts';
import { useFailureText } from '@renderer/features/units/useFailureText';

type Props = { connectionId: string; items: readonly OutboxItem[] };

/**
 * What this computer has sent or still has to send for the unit, newest first; failed items can be sent again
 * or discarded. Virtualized with measured heights, since a failure's reason may take two lines.
 */
export function OutboxList({ connectionId, items }: Props) {
  const { t } = useTranslation('units');
  const retry = useRetrySetup();
  const remove = useRemoveSetup();
  const scroller = useRef<HTMLDivElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const newestFirst = [...items].sort((a, b) => b.seq - a.seq);
  // The virtualizer re-renders on scroll by itself; nothing here is memoized across renders.
  // eslint-disable-next-line react-hooks/incompatible-library -- see above
  const virtualizer = useVirtualizer({
    count: newestFirst.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 76,
    overscan: 6,
  });
  const error = retry.error ?? remove.error;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="outbox-title">
      <Title order={2} size="h4" id="outbox-title" mb="xs" ref={titleRef} tabIndex={-1} className="page-title">
        {t('outbox.title')}
      </Title>
      {error && <ErrorNotice title={t('outbox.actionFailed')} error={error} />}
      {newestFirst.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('outbox.empty')}
        </Text>
      ) : (
        <div ref={scroller} style={{ maxHeight: 360, overflowY: 'auto' }}>
          <div role="list" aria-label={t('outbox.title')} style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((v) => {
              const item = newestFirst[v.index];
              if (!item) return null;
              return (
                <div
                  key={item.id}
                  ref={virtualizer.measureElement}
                  data-index={v.index}
                  role="listitem"
                  style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${String(v.start)}px)` }}
                >
                  <OutboxEntry
                    item={item}
                    busy={retry.isPending || remove.isPending}
                    onRetry={() => {
                      retry.mutate({ connectionId, id: item.id });
                    }}
                    onRemove={() => {
                      // The discarded entry takes its button along; the focus stays in the outbox.
                      remove.mutate({ connectionId, id: item.id }, { onSuccess: () => titleRef.current?.focus() });
                    }}
                  />
                </div>
              );
            })}
          </div>
        </div>
      )}
    </Paper>
  );
}

type EntryProps = { item: OutboxItem; busy: boolean; onRetry: () => void; onRemove: () => void };

function OutboxEntry({ item, busy, onRetry, onRemove }: EntryProps) {
  const { t } = useTranslation('units');
  const format = useFormat();
  const failure = useFailureText();
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      py="xs"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      data-testid="outbox-item"
      data-state={item.state}
    >
      <div>
        <Group gap="xs">
          <Text fw={600} size="sm">
            {item.billingunit}
          </Text>
          <Badge color={OUTBOX_COLOR[item.state]} variant="light" tt="none">
            {t(`outbox.state.${item.state}`)}
          </Badge>
          <Text size="sm">{t('unitCount', { count: item.request.residentialunits.length })}</Text>
        </Group>
        <Text size="sm" c={item.state === 'failed' ? 'red.9' : 'dimmed'}>
          {outboxDetail(item, { t, dateTime: (iso) => format.dateTime(iso), failure })}
        </Text>
      </div>
      {item.state === 'failed' && (
        <Group gap="xs" wrap="nowrap">
          {item.failure.retryable && (
            <Button size="xs" variant="default" disabled={busy} onClick={onRetry}>
              {t('outbox.retry')}
            </Button>
          )}
          <Button size="xs" variant="subtle" color="red" disabled={busy} onClick={onRemove}>
            {t('outbox.remove')}
          </Button>
        </Group>
      )}
    </Group>
  );
}

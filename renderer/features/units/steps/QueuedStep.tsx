import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OutboxItem } from '@shared/domain/workspace';
import { useFormat } from '@renderer/lib/format';
import { OUTBOX_COLOR, outboxDetail } from '@renderer/features/units/unit-texts';
import { useFailureText } from '@renderer/features/units/useFailureText';

type Props = { item: OutboxItem; matchingCompleted: boolean; onDone: () => void };

function headlineKey(item: OutboxItem, matchingCompleted: boolean): string {
  switch (item.state) {
    case 'queued':
    case 'sending':
      return 'wizard.queued.saved';
    case 'sent':
      return matchingCompleted ? 'wizard.queued.matched' : 'wizard.queued.sent';
    case 'failed':
      return 'wizard.queued.failed';
  }
}

/** Follows the queued request live: it is on disk from the first moment, so closing the app loses nothing. */
export function QueuedStep({ item, matchingCompleted, onDone }: Props) {
  const { t } = useTranslation('units');
  const format = useFormat();
  const failure = useFailureText();
  return (
    <Stack gap="xs" data-testid="queued" data-state={item.state}>
      <Group gap="xs">
        <Text fw={600}>{t(headlineKey(item, matchingCompleted))}</Text>
        <Badge color={OUTBOX_COLOR[item.state]} variant="light" tt="none">
          {t(`outbox.state.${item.state}`)}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {t('unitCount', { count: item.request.residentialunits.length })} ·{' '}
        {outboxDetail(item, { t, dateTime: (iso) => format.dateTime(iso), failure })}
      </Text>
      {item.state !== 'sent' && (
        <Text size="sm" c="dimmed">
          {t('wizard.queued.persisted')}
        </Text>
      )}
      <Group>
        <Button variant="default" onClick={onDone}>
          {t('wizard.queued.more')}
        </Button>
      </Group>
    </Stack>
  );
}

import { Anchor, Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OutboxItem } from '@shared/domain/workspace';
import { useFormat } from '@renderer/lib/format';
import { OUTBOX_COLOR, headlineKey, outboxDetail } from '@renderer/features/units/unit-texts';
import { useFailureText } from '@renderer/features/units/useFailureText';
import { unitPath } from '@renderer/features/units/paths';

type Props = {
  items: readonly OutboxItem[];
  connectionId: string;
  billingunit: string;
  matchingCompleted: boolean;
  onDone: () => void;
};

/** Follows the queued requests live: they are on disk from the first moment, so closing the app loses nothing. */
export function QueuedStep({ items, connectionId, billingunit, matchingCompleted, onDone }: Props) {
  const { t } = useTranslation('units');
  const format = useFormat();
  const failure = useFailureText();
  const state = items.some((i) => i.state === 'failed') ? 'failed' : items.every((i) => i.state === 'sent') ? 'sent' : 'queued';
  return (
    <Stack gap="xs" data-testid="queued" data-state={state}>
      <Text fw={600}>{t(headlineKey(items, matchingCompleted))}</Text>
      <List size="sm" spacing={4} aria-label={t('wizard.queued.label')}>
        {items.map((item) => (
          <List.Item key={item.id} data-testid="queued-item" data-billingunit={item.billingunit} data-state={item.state}>
            <Group gap="xs" wrap="wrap">
              {item.billingunit === billingunit ? (
                <Text span size="sm" fw={500}>
                  {t('wizard.queued.thisProperty', { billingunit: item.billingunit })}
                </Text>
              ) : (
                <Anchor component={Link} to={unitPath(connectionId, item.billingunit)} size="sm" fw={500}>
                  {t('wizard.queued.property', { billingunit: item.billingunit })}
                </Anchor>
              )}
              <Badge color={OUTBOX_COLOR[item.state]} variant="light" tt="none">
                {t(`outbox.state.${item.state}`)}
              </Badge>
              <Text span size="sm" c="dimmed">
                {t('unitCount', { count: item.request.residentialunits.length })} ·{' '}
                {outboxDetail(item, { t, dateTime: (iso) => format.dateTime(iso), failure })}
              </Text>
            </Group>
          </List.Item>
        ))}
      </List>
      {state !== 'sent' && (
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

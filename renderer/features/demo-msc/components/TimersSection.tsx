import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { useAdvanceTimers } from '@renderer/features/demo-msc/queries';

type Props = { connectionId: string };

/** The demo matches on timers of a few seconds; this runs what is pending at once. */
export function TimersSection({ connectionId }: Props) {
  const { t } = useTranslation('demo');
  const advance = useAdvanceTimers();
  const moved = advance.data?.advanced.length;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="demo-timers-title">
      <Title order={2} size="h4" id="demo-timers-title" mb={4}>
        {t('timers.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('timers.help')}
      </Text>
      {advance.error && <ErrorNotice title={t('timers.failed')} error={advance.error} />}
      <Group gap="sm">
        <Button
          variant="default"
          loading={advance.isPending}
          onClick={() => {
            advance.mutate({ connectionId });
          }}
        >
          {t('timers.advance')}
        </Button>
        {moved !== undefined && (
          <Text size="sm" role="status">
            {t('timers.done', { count: moved })}
          </Text>
        )}
      </Group>
    </Paper>
  );
}

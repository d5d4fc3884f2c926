import { Group, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@renderer/lib/format';

/** "1.200 von 10.003 geladen" while the MSC's pages arrive; the list above is usable meanwhile. */
export function LoadProgress({ loaded, total }: { loaded: number; total: number | undefined }) {
  const { t } = useTranslation('units');
  const format = useFormat();
  if (total === undefined) {
    return (
      <Text size="sm" c="dimmed" role="status" data-testid="units-progress">
        {t('list.loading')}
      </Text>
    );
  }
  const text = t('list.progress', { loaded: format.integer(loaded), total: format.integer(total) });
  return (
    <Group gap="sm" wrap="nowrap" role="status" data-testid="units-progress">
      <Progress value={total > 0 ? (loaded / total) * 100 : 0} w={200} size="sm" aria-label={text} />
      <Text size="sm">{text}</Text>
    </Group>
  );
}

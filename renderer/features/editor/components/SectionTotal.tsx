import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@renderer/lib/format';
import type { Total } from '@renderer/features/editor/totals';

/** The running total below a grid; unreadable amounts are named, never silently left out. */
export function SectionTotal({ label, total, testId }: { label: string; total: Total; testId?: string }) {
  const { t } = useTranslation('editor');
  const fmt = useFormat();
  return (
    <Group gap="md" justify="flex-end" data-testid={testId} className="editor-total">
      <Text size="sm">
        {label}: <strong className="editor-num">{fmt.money(total.sum)}</strong> · {t('total.count', { count: total.count })}
      </Text>
      {total.unreadable > 0 && (
        <Text size="sm" c="red.9">
          {t('total.unreadable', { count: total.unreadable })}
        </Text>
      )}
    </Group>
  );
}

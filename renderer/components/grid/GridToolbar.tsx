import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Props = { canEditRow: boolean; onAdd: () => void; onDuplicate: () => void; onDelete: () => void };

/** Row actions for the mouse; the keyboard has Shift+Enter (insert), Ctrl+D (duplicate) and Ctrl+Z (undo). */
export function GridToolbar({ canEditRow, onAdd, onDuplicate, onDelete }: Props) {
  const { t } = useTranslation('grid');
  return (
    <Group gap="xs" mb={6} justify="space-between">
      <Group gap="xs">
        <Button size="compact-sm" variant="light" onClick={onAdd}>
          {t('addRow')}
        </Button>
        <Button size="compact-sm" variant="default" disabled={!canEditRow} onClick={onDuplicate}>
          {t('duplicateRow')}
        </Button>
        <Button size="compact-sm" variant="default" disabled={!canEditRow} onClick={onDelete}>
          {t('deleteRow')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {t('keys')}
      </Text>
    </Group>
  );
}

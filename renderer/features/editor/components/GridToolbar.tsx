import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Props = { canEditRow: boolean; onAdd: () => void; onDuplicate: () => void; onDelete: () => void };

/** Row actions for the mouse; the keyboard has Shift+Enter (insert), Ctrl+D (duplicate) and Ctrl+Z (undo). */
export function GridToolbar({ canEditRow, onAdd, onDuplicate, onDelete }: Props) {
  const { t } = useTranslation('editor');
  return (
    <Group gap="xs" mb={6} justify="space-between">
      <Group gap="xs">
        <Button size="compact-sm" variant="light" onClick={onAdd}>
          {t('grid.addRow')}
        </Button>
        <Button size="compact-sm" variant="default" disabled={!canEditRow} onClick={onDuplicate}>
          {t('grid.duplicateRow')}
        </Button>
        <Button size="compact-sm" variant="default" disabled={!canEditRow} onClick={onDelete}>
          {t('grid.deleteRow')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {t('grid.keys')}
      </Text>
    </Group>
  );
}

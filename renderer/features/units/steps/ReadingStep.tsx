import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UnitRowsProgress } from '@shared/ipc/channels/excel';
import { useFormat } from '@renderer/lib/format';
import { VirtualTable } from '@renderer/components/VirtualTable';
import { valuesOf } from '@renderer/features/units/import-rows';

type Props = { fileName: string | undefined; progress: UnitRowsProgress | undefined; onCancel: () => void };

/**
 * While the main process reads the file: how many rows so far (a bar when the file says how many it has), the
 * first rows as soon as they are read, and a way to stop. The page stays usable meanwhile.
 */
export function ReadingStep({ fileName, progress, onCancel }: Props) {
  const { t } = useTranslation(['units', 'excel-mapping']);
  const format = useFormat();
  const read = progress?.rowsRead ?? 0;
  const total = progress?.rowsTotal;
  const text =
    progress === undefined
      ? fileName === undefined
        ? t('wizard.reading')
        : t('wizard.readingFile', { fileName })
      : total === undefined
        ? t('reading.rows', { read: format.integer(read) })
        : t('reading.rowsOf', { read: format.integer(read), total: format.integer(total) });
  const first = progress?.first;
  const rows = first?.rows.map((r) => ({ row: r.row, values: valuesOf(first.fields, r) })) ?? [];
  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="nowrap" role="status" data-testid="reading-progress">
        <Progress
          value={total !== undefined && total > 0 ? Math.min(100, (read / total) * 100) : 100}
          animated={total === undefined}
          striped={total === undefined}
          w={260}
          size="md"
          aria-label={text}
        />
        <Text size="sm">{text}</Text>
      </Group>
      {first && rows.length > 0 && (
        <>
          <Text size="sm" c="dimmed">
            {t('reading.firstRows', { count: rows.length })}
          </Text>
          <VirtualTable
            rows={rows}
            label={t('reading.tableLabel')}
            maxHeight={260}
            rowKey={(r) => String(r.row)}
            rowProps={() => ({ 'data-testid': 'first-row' })}
            columns={[
              { key: 'row', header: t('reading.excelRow'), width: 90, numeric: true, cell: (r) => format.integer(r.row) },
              ...first.fields.map((f) => ({
                key: f,
                header: t(`excel-mapping:field.${f}`),
                cell: (r: (typeof rows)[number]) => r.values[f],
              })),
            ]}
          />
        </>
      )}
      <Group>
        <Button variant="default" onClick={onCancel}>
          {t('reading.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}

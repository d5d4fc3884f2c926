import { ActionIcon, Alert, Button, Group, List, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EditPurpose } from '@renderer/features/units/setup-wizard';
import type { EditField, EditRow } from '@renderer/features/units/edit-rows';
import { EDIT_COLUMNS, emptyRow } from '@renderer/features/units/edit-rows';

type Props = {
  rows: readonly EditRow[];
  purpose: EditPurpose;
  errors: readonly string[];
  onChange: (rows: EditRow[]) => void;
  onNext: (rows: readonly EditRow[]) => void;
  onCancel: () => void;
};

/** A small table of usage units typed by hand; for ambiguous units the order criterion stays fixed. */
export function EditStep({ rows, purpose, errors, onChange, onNext, onCancel }: Props) {
  const { t } = useTranslation('units');
  const fixedPm = purpose === 'auxiliary';
  const set = (index: number, field: EditField, value: string) => {
    onChange(rows.map((r, i) => (i === index ? { ...r, [field]: value } : r)));
  };
  return (
    <Stack gap="sm">
      <Text size="sm">{fixedPm ? t('edit.introAuxiliary') : t('edit.introNew')}</Text>
      <Table.ScrollContainer minWidth={860}>
        <Table aria-label={t('edit.tableLabel')} verticalSpacing={2}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" w={40}>
                {t('edit.rowNumber')}
              </Table.Th>
              {EDIT_COLUMNS.map((field) => (
                <Table.Th scope="col" key={field}>
                  {t(`edit.column.${field}`)}
                  {field === 'meternumbers' && (
                    <Text span size="xs" c="dimmed" display="block" fw={400}>
                      {t('edit.hint.meternumbers')}
                    </Text>
                  )}
                </Table.Th>
              ))}
              {!fixedPm && (
                <Table.Th scope="col" w={48}>
                  <VisuallyHidden>{t('edit.removeColumn')}</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => (
              <Table.Tr key={row.key}>
                <Table.Td c="dimmed" className="num">
                  {index + 1}
                </Table.Td>
                {EDIT_COLUMNS.map((field) => (
                  <Table.Td key={field}>
                    <TextInput
                      size="xs"
                      aria-label={t('edit.cellLabel', { column: t(`edit.column.${field}`), row: index + 1 })}
                      value={row[field]}
                      readOnly={fixedPm && field === 'pm'}
                      variant={fixedPm && field === 'pm' ? 'filled' : 'default'}
                      spellCheck={false}
                      onChange={(e) => {
                        set(index, field, e.currentTarget.value);
                      }}
                    />
                  </Table.Td>
                ))}
                {!fixedPm && (
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={t('edit.removeRow', { row: index + 1 })}
                      onClick={() => {
                        onChange(rows.filter((_, i) => i !== index));
                      }}
                    >
                      <span aria-hidden="true">✕</span>
                    </ActionIcon>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {errors.length > 0 && (
        <Alert color="red" title={t('edit.fix')} role="alert">
          <List size="sm">
            {errors.map((e) => (
              <List.Item key={e}>{e}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Group gap="xs">
        {!fixedPm && (
          <Button
            variant="default"
            onClick={() => {
              onChange([...rows, emptyRow()]);
            }}
          >
            {t('edit.addRow')}
          </Button>
        )}
        <Button
          onClick={() => {
            onNext(rows);
          }}
        >
          {t('edit.next')}
        </Button>
        <Button variant="default" onClick={onCancel}>
          {t('common:action.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}

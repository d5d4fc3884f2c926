import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, NativeSelect, NumberInput, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ColumnMapping } from '@shared/domain/excel';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import {
  columnTitle,
  doubleLetters,
  fieldLabel,
  groupText,
  oneOf,
  fieldsOf,
  initialChoice,
  requirementOf,
  toMapping,
  unmetGroups,
  type Choice,
  type MappingContext,
} from '@renderer/features/excel-mapping/column-mapping';

type Props = {
  context: MappingContext;
  busy: boolean;
  error: string | undefined;
  /** The choice so far, when the wizard keeps it (across a reload); otherwise the suggestion's. */
  choice?: Choice | undefined;
  onChoice?: (choice: Choice) => void;
  onSheet: (sheet: string) => void;
  onHeaderRow: (row: number) => void;
  onApply: (mapping: ColumnMapping) => void;
  onCancel: () => void;
};

/**
 * The clerk says which column of the file fills which field: sheet, header row, one dropdown per field. A new
 * sheet or header row brings a new suggestion, so the table starts over from it (keyed below). Native selects
 * keep the dropdowns usable with the keyboard's type-ahead and in every test tool.
 */
export function ColumnMappingStep(props: Props) {
  const { mapping } = props.context.suggestion;
  return <MappingTable key={`${mapping.sheet ?? ''}:${String(mapping.headerRow)}`} {...props} />;
}

function MappingTable({ context, busy, error, choice: kept, onChoice, onSheet, onHeaderRow, onApply, onCancel }: Props) {
  const { t } = useTranslation('excel-mapping');
  const { suggestion, fileName, remembered } = context;
  const kind = suggestion.mapping.kind;
  const headerRow = suggestion.mapping.headerRow ?? 1;
  const [choice, setLocalChoice] = useState<Choice>(() => kept ?? initialChoice(suggestion));
  const setChoice = (change: (c: Choice) => Choice) => {
    const next = change(choice);
    setLocalChoice(next);
    onChoice?.(next);
  };
  const [wantedRow, setWantedRow] = useState<number | string>(headerRow);
  const [allFields, setAllFields] = useState(false);
  const unmet = unmetGroups(kind, choice);
  const missing = new Set(unmet.flat());
  const twice = doubleLetters(choice);
  const sheets = suggestion.sheets.filter((s) => !s.hidden);
  const fields = fieldsOf(kind);
  const shown = fields.filter((f) => allFields || requirementOf(kind, f) !== undefined || choice[f] !== undefined);
  const hidden = fields.filter((f) => !shown.includes(f));
  const row = typeof wantedRow === 'number' ? wantedRow : Number.NaN;
  const rowOk = Number.isInteger(row) && row >= 1 && row !== headerRow;
  const sheet = suggestion.mapping.sheet;

  return (
    <Stack gap="sm" data-testid="column-mapping">
      <Text size="sm">
        {t('intro', { fileName })} {remembered && t('remembered')}
      </Text>
      <Group gap="md" align="flex-end">
        {sheets.length > 1 && (
          <NativeSelect
            label={t('sheet')}
            size="xs"
            value={sheet ?? ''}
            disabled={busy}
            data={sheets.map((s) => s.name)}
            onChange={(e) => {
              onSheet(e.currentTarget.value);
            }}
          />
        )}
        <Text size="sm" data-testid="header-row" pb={4}>
          {sheets.length > 1 || sheet === undefined
            ? t('headerRowAt', { row: headerRow })
            : t('headerRowAtSheet', { row: headerRow, sheet })}
        </Text>
        <NumberInput
          label={t('otherRow')}
          size="xs"
          w={180}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          value={wantedRow}
          onChange={setWantedRow}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && rowOk) onHeaderRow(row);
          }}
        />
        <Button
          size="xs"
          variant="default"
          disabled={busy || !rowOk}
          onClick={() => {
            onHeaderRow(row);
          }}
        >
          {t('useRow')}
        </Button>
      </Group>
      {error !== undefined && <ErrorNotice title={t('rowFailed')} message={error} />}
      <Table maw={720} aria-label={t('tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('colColumn')}</Table.Th>
            <Table.Th scope="col">{t('colField')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((field) => {
            const id = `map-${field}`;
            const need = requirementOf(kind, field);
            const letter = choice[field];
            const problem = missing.has(field) || (letter !== undefined && twice.has(letter));
            return (
              <Table.Tr key={field} data-field={field} bg={problem ? 'red.0' : undefined}>
                <Table.Td w="50%">
                  <NativeSelect
                    id={id}
                    size="xs"
                    value={letter ?? ''}
                    disabled={busy}
                    error={problem}
                    data={[
                      { value: '', label: t('notInFile') },
                      ...suggestion.headers.map((h) => ({ value: h.letter, label: columnTitle(h) })),
                    ]}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      setChoice((c) => {
                        const { [field]: _old, ...rest } = c;
                        return value === '' ? rest : { ...rest, [field]: value };
                      });
                    }}
                  />
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Text component="label" htmlFor={id} size="sm" fw={500}>
                      {fieldLabel(field, t)}
                    </Text>
                    {need === 'required' && (
                      <Badge size="sm" variant="light" color={missing.has(field) ? 'red' : 'gray'}>
                        {t('required')}
                      </Badge>
                    )}
                    {need === 'one-of' && (
                      <Text size="xs" c={missing.has(field) ? 'red.9' : 'dimmed'}>
                        {oneOf(kind, field, t)}
                      </Text>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {hidden.length > 0 && (
        <Anchor
          component="button"
          type="button"
          size="sm"
          ta="left"
          onClick={() => {
            setAllFields(true);
          }}
        >
          {t('moreFields', { fields: hidden.map((f) => fieldLabel(f, t)).join(', ') })}
        </Anchor>
      )}
      {unmet.length > 0 && (
        <Alert color="red" variant="light" p="xs" role="status" data-testid="mapping-missing">
          {t('missing', { groups: unmet.map((g) => groupText(g, t)).join('; ') })}
        </Alert>
      )}
      {twice.size > 0 && (
        <Alert color="red" variant="light" p="xs" role="status">
          {t('twice', { letters: [...twice].join(', ') })}
        </Alert>
      )}
      <Group gap="xs">
        <Button
          disabled={busy || unmet.length > 0 || twice.size > 0}
          loading={busy}
          onClick={() => {
            onApply(toMapping(suggestion, choice));
          }}
        >
          {t('apply')}
        </Button>
        <Button variant="default" onClick={onCancel} disabled={busy}>
          {t('cancel')}
        </Button>
      </Group>
    </Stack>
  );
}

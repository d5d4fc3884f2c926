import { ActionIcon, Button, Group, Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** One titled part of the agreement form, named for screen readers by its title. */
export function Section({ id, title, hint, children }: { id: string; title: string; hint?: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb={hint ? 2 : 'sm'}>
        {title}
      </Title>
      {hint && (
        <Text size="sm" c="dimmed" mb="sm">
          {hint}
        </Text>
      )}
      {children}
    </Paper>
  );
}

type TableSectionProps<R> = {
  id: string;
  title: string;
  hint: string;
  /** Below this width the table scrolls sideways instead of squeezing its inputs. */
  minWidth: number;
  headers: readonly string[];
  rows: readonly R[];
  /** `data-testid` of each row. */
  rowTestId: string;
  /** The row's cells (`Table.Td`); `row` names the row for the inputs' labels ("Zeile 2"). */
  cells: (value: R, i: number, row: string) => ReactNode;
  rowName: (i: number) => string;
  removeLabel: (i: number) => string;
  onRemove: (i: number) => void;
  addLabel: string;
  onAdd: () => void;
};

/** A section that is a table of rows the clerk edits in place: each row removable, one button adds a row. */
export function TableSection<R>(p: TableSectionProps<R>) {
  const { t } = useTranslation('agreement');
  return (
    <Section id={p.id} title={p.title} hint={p.hint}>
      <Table.ScrollContainer minWidth={p.minWidth}>
        <Table verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              {p.headers.map((h) => (
                <Table.Th key={h}>{h}</Table.Th>
              ))}
              <Table.Th>
                <VisuallyHidden>{t('actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {p.rows.map((value, i) => (
              <Table.Tr key={i} data-testid={p.rowTestId}>
                {p.cells(value, i, p.rowName(i))}
                <Table.Td>
                  <RemoveRow
                    label={p.removeLabel(i)}
                    onRemove={() => {
                      p.onRemove(i);
                    }}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group mt="xs">
        <Button variant="default" size="xs" onClick={p.onAdd}>
          {p.addLabel}
        </Button>
      </Group>
    </Section>
  );
}

function RemoveRow({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <ActionIcon variant="subtle" color="red" c="red.9" aria-label={label} title={label} onClick={onRemove}>
      ×
    </ActionIcon>
  );
}

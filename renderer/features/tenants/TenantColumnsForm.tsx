import { useState } from 'react';
import { Button, Group, NativeSelect, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TENANT_LIST_FIELDS } from '@shared/ipc/channels/excel';
import type { TenantListField } from '@shared/ipc/channels/excel';
import type { TenantColumns } from '@renderer/features/tenants/useTenantListImport';

type Props = {
  headers: readonly { letter: string; text: string }[];
  columns: TenantColumns;
  sheet: string;
  headerRow: number;
  busy: boolean;
  onApply: (columns: TenantColumns) => void;
};

// The tenant number is welcome but optional: without it the rows are matched by unit, name and period.
const REQUIRED: ReadonlySet<TenantListField> = new Set(['residentialunit', 'name', 'movein']);

/** Which column of the list fills which field; suggested from the header texts, changeable here. */
export function TenantColumnsForm({ headers, columns, sheet, headerRow, busy, onApply }: Props) {
  const { t } = useTranslation('tenants');
  const [choice, setChoice] = useState<TenantColumns>(columns);
  const options = [
    { value: '', label: t('import.noColumn') },
    ...headers.map((h) => ({ value: h.letter, label: t('import.column', { letter: h.letter, text: h.text }) })),
  ];
  return (
    <div data-testid="tenant-columns">
      <Text size="sm" mb="xs">
        {t('import.mappingIntro', { sheet, row: headerRow })}
      </Text>
      <Group gap="sm" align="flex-end">
        {TENANT_LIST_FIELDS.map((f) => (
          <NativeSelect
            key={f}
            label={t(`import.field.${f}`)}
            withAsterisk={REQUIRED.has(f)}
            data={options}
            value={choice[f] ?? ''}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setChoice((c) => ({ ...c, [f]: value === '' ? undefined : value }));
            }}
            w={170}
          />
        ))}
        <Button
          variant="default"
          loading={busy}
          onClick={() => {
            onApply(choice);
          }}
        >
          {t('import.reread')}
        </Button>
      </Group>
    </div>
  );
}

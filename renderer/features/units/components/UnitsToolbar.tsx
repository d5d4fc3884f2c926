import { memo } from 'react';
import { Group, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isUnitFilter, UNIT_FILTERS } from '@shared/domain/unit-category';
import type { UnitFilter } from '@shared/domain/unit-category';
import { useFormat } from '@renderer/lib/format';
import type { ListParams } from '@renderer/features/units/unit-list';

type Props = {
  params: ListParams;
  counts: Readonly<Record<UnitFilter, number>>;
  onChange: (next: Partial<ListParams>) => void;
};

/**
 * Search and status filter of the list; sorting is on the column headers. Memoized: its select is costly to draw,
 * and while pages arrive the list around it redraws often with the same counts.
 */
export const UnitsToolbar = memo(function UnitsToolbar({ params, counts, onChange }: Props) {
  const { t } = useTranslation('units');
  const format = useFormat();
  return (
    <Group gap="md" align="flex-end">
      <TextInput
        type="search"
        label={t('list.search')}
        placeholder={t('list.searchHint')}
        w={340}
        value={params.q}
        onChange={(e) => {
          onChange({ q: e.currentTarget.value });
        }}
      />
      <Select
        label={t('list.status')}
        w={300}
        allowDeselect={false}
        value={params.status}
        data={UNIT_FILTERS.map((f) => ({
          value: f,
          label: t('list.filterOption', { label: t(`filter.${f}`), count: format.integer(counts[f]) }),
        }))}
        onChange={(value) => {
          if (isUnitFilter(value)) onChange({ status: value });
        }}
      />
    </Group>
  );
});

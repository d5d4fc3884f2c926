import type { ChangeEvent } from 'react';
import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Connection } from '@shared/domain/connection';
import { useFormat } from '@renderer/lib/format';
import { ACTIONS, RESULTS, type ArchiveFilter, type ArchiveRow, type FilterKey } from '@renderer/features/archive/archive-filter';

type Props = {
  filter: ArchiveFilter;
  onChange: (key: FilterKey, value: string | undefined) => void;
  onReset: () => void;
  rows: readonly ArchiveRow[];
  connections: readonly Connection[];
  addresses: ReadonlyMap<string, string>;
};

/** One row of plain, keyboard-friendly controls; every choice goes into the URL. */
export function ArchiveFilters({ filter, onChange, onReset, rows, connections, addresses }: Props) {
  const { t } = useTranslation('archive');
  const format = useFormat();
  const all = { value: '', label: t('filter.all') };
  const scoped = filter.connection === undefined ? rows : rows.filter((r) => r.connectionId === filter.connection);
  const units = [...new Map(scoped.map((r) => [r.billingunit, `${r.connectionId}/${r.billingunit}`])).entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([unit, key]) => {
      const address = addresses.get(key);
      return { value: unit, label: address === undefined ? unit : `${unit} · ${address}` };
    });
  const periods = [...new Set(scoped.map((r) => r.periodTo))].sort().reverse();
  const select = (key: FilterKey) => ({
    value: filter[key] ?? '',
    onChange: (e: ChangeEvent<HTMLSelectElement>) => {
      onChange(key, e.currentTarget.value || undefined);
    },
    size: 'xs' as const,
  });
  const active = Object.keys(filter).length > 0;
  return (
    <Group
      component="form"
      role="search"
      aria-label={t('filter.label')}
      gap="sm"
      align="flex-end"
      mb="sm"
      onSubmit={(e) => {
        e.preventDefault();
      }}
    >
      {connections.length > 1 && (
        <NativeSelect
          label={t('filter.connection')}
          data={[all, ...connections.map((c) => ({ value: c.id, label: c.name }))]}
          {...select('connection')}
        />
      )}
      <NativeSelect label={t('filter.unit')} data={[all, ...units]} maw={280} {...select('unit')} />
      <NativeSelect
        label={t('filter.period')}
        data={[all, ...periods.map((p) => ({ value: p, label: format.date(p) }))]}
        {...select('period')}
      />
      <NativeSelect
        label={t('filter.action')}
        data={[all, ...ACTIONS.map((a) => ({ value: a, label: t(`action.${a}`) }))]}
        {...select('action')}
      />
      <NativeSelect
        label={t('filter.result')}
        data={[all, ...RESULTS.map((r) => ({ value: r, label: t(`result.${r}`) }))]}
        {...select('result')}
      />
      <TextInput
        type="date"
        size="xs"
        label={t('filter.from')}
        value={filter.from ?? ''}
        max={filter.to}
        onChange={(e) => {
          onChange('from', e.currentTarget.value || undefined);
        }}
      />
      <TextInput
        type="date"
        size="xs"
        label={t('filter.to')}
        value={filter.to ?? ''}
        min={filter.from}
        onChange={(e) => {
          onChange('to', e.currentTarget.value || undefined);
        }}
      />
      {/* Never disabled: a button that disables itself on click would drop the focus to the page body. */}
      <Button type="button" size="xs" variant="default" onClick={onReset} data-active={active || undefined}>
        {t('filter.reset')}
      </Button>
    </Group>
  );
}

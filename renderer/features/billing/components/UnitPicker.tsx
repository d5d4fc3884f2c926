import { useMemo } from 'react';
import { Select } from '@mantine/core';
import type { BillingUnitSummary } from '@shared/msc/billing-unit-data';
import { useBillingText } from '@renderer/features/billing/useBillingText';

type Props = { units: readonly BillingUnitSummary[]; onChoose: (billingunit: string) => void };

/** A property manager may hold thousands of units: the dropdown shows the first matches of what the clerk types. */
const SHOWN = 50;

/** Which Liegenschaft the clerk works on: searchable by MSC number, address and the clerk's own number. */
export function UnitPicker({ units, onChoose }: Props) {
  const text = useBillingText();
  const { t } = text;
  const data = useMemo(() => units.map((u) => ({ value: u.billingunitMscnumber, label: text.unit(u) })), [units, text]);
  return (
    <Select
      label={t('picker.unit')}
      description={
        units.length > SHOWN
          ? `${t('picker.unitHint')} ${t('picker.many', { count: units.length, shown: SHOWN })}`
          : t('picker.unitHint')
      }
      placeholder={t('picker.placeholder')}
      data={data}
      searchable
      limit={SHOWN}
      maxDropdownHeight={320}
      nothingFoundMessage={t('picker.nothingFound')}
      value={null}
      onChange={(value) => {
        if (value !== null) onChoose(value);
      }}
      maw={640}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

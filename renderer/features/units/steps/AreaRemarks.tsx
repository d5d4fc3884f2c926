import { Alert, List } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SetupResidentialUnit } from '@shared/msc/billing-unit-data';
import { useFormat } from '@renderer/lib/format';
import { unusualAreas } from '@renderer/features/units/edit-rows';

/** A remark, not a block: the units are sent as typed once the clerk has looked. */
export function AreaRemarks({ units }: { units: readonly SetupResidentialUnit[] }) {
  const { t } = useTranslation('units');
  const format = useFormat();
  const unusual = unusualAreas(units);
  if (unusual.length === 0) return null;
  return (
    <Alert color="yellow" title={t('review.areaTitle', { count: unusual.length })} data-testid="review-area-remarks">
      <List size="sm">
        {unusual.map((u) => (
          <List.Item key={u.pm}>{t('review.areaUnusual', { pm: u.pm, area: format.decimal(u.area, 2) })}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

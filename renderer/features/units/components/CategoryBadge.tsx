import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UnitCategory } from '@shared/domain/unit-category';
import { CATEGORY_COLOR } from '@renderer/features/units/unit-texts';

/** Where a unit stands, as colour and as text (never colour alone). */
export function CategoryBadge({ category, testId }: { category: UnitCategory; testId?: string }) {
  const { t } = useTranslation('units');
  return (
    <Badge color={CATEGORY_COLOR[category]} variant="light" tt="none" data-category={category} data-testid={testId}>
      {t(`category.${category}`)}
    </Badge>
  );
}

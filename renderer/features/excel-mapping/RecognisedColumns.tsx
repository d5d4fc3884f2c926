import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { HeaderCell } from '@shared/domain/excel';
import { recognisedText } from '@renderer/features/excel-mapping/column-mapping';

/** `recognised` from the header texts, `remembered` for this connection, or `mapped` by the clerk just now. */
type Props = { headers: readonly HeaderCell[]; how: 'recognised' | 'remembered' | 'mapped'; onChange: () => void };

/** The line under a direct import: which columns were taken for which field, with a way to change it. */
export function RecognisedColumns({ headers, how, onChange }: Props) {
  const { t } = useTranslation('excel-mapping');
  return (
    <Text size="sm" c="dimmed" my={4} data-testid="recognised-columns">
      {t(`recognised.${how}`)} {recognisedText(headers, t)}{' '}
      <Anchor component="button" type="button" size="sm" onClick={onChange}>
        {t('recognised.change')}
      </Anchor>
    </Text>
  );
}

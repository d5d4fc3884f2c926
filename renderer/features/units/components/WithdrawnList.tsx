import { Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WithdrawnUnit } from '@shared/msc/billing-unit-data';
import { useFormat } from '@renderer/lib/format';
import { VirtualTable } from '@renderer/components/VirtualTable';

/** Units withdrawn by a corrected complete list: no longer expected by the MSC, kept in view so none vanishes unseen. */
export function WithdrawnList({ units }: { units: readonly WithdrawnUnit[] }) {
  const { t } = useTranslation('matching');
  const format = useFormat();
  return (
    <section aria-labelledby="withdrawn-title" data-testid="withdrawn-units">
      <Title order={3} size="h5" id="withdrawn-title">
        {t('withdrawn.title')}
      </Title>
      <Text size="sm" c="dimmed" mb={4}>
        {t('withdrawn.help')}
      </Text>
      <VirtualTable<WithdrawnUnit>
        rows={units}
        label={t('withdrawn.title')}
        maxHeight={240}
        rowKey={(w) => w.residentialunitPmnumber}
        columns={[
          { key: 'pm', header: t('withdrawn.col.pm'), cell: (w) => w.residentialunitPmnumber },
          { key: 'msc', header: t('withdrawn.col.msc'), cell: (w) => w.residentialunitMscnumber ?? '–' },
          { key: 'at', header: t('withdrawn.col.at'), cell: (w) => format.dateTime(w.withdrawnat) },
        ]}
      />
    </section>
  );
}

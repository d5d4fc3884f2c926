import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SetupResidentialUnit } from '@shared/msc/billing-unit-data';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { useFormat } from '@renderer/lib/format';
import { VirtualTable } from '@renderer/components/VirtualTable';
import type { Column } from '@renderer/components/VirtualTable';
import { AreaRemarks } from '@renderer/features/units/steps/AreaRemarks';

type Props = {
  units: readonly SetupResidentialUnit[];
  sending: boolean;
  error: string | undefined;
  onSend: () => void;
  onBack: () => void;
};

function tenant(u: SetupResidentialUnit): string {
  const r = u.currentbillingrecipient;
  if (!r) return '';
  return [r.firstname, r.name].filter((p) => p !== undefined && p !== '').join(' ');
}

/** Typed units exactly as they will be sent, for a last look before they go into the outbox. */
export function ReviewStep({ units, sending, error, onSend, onBack }: Props) {
  const { t } = useTranslation('units');
  const format = useFormat();
  const count = t('unitCount', { count: units.length });
  const columns: Column<SetupResidentialUnit>[] = [
    { key: 'pm', header: t('edit.column.pm'), cell: (u) => u.residentialunitPmnumber },
    { key: 'description', header: t('edit.column.description'), cell: (u) => u.description },
    { key: 'floor', header: t('edit.column.floor'), width: 100, cell: (u) => u.auxiliarycriteria?.floor },
    { key: 'position', header: t('edit.column.position'), width: 110, cell: (u) => u.auxiliarycriteria?.position },
    {
      key: 'area',
      header: t('edit.column.livingarea'),
      width: 130,
      numeric: true,
      cell: (u) => (u.auxiliarycriteria?.livingarea === undefined ? '' : format.decimal(u.auxiliarycriteria.livingarea, 2)),
    },
    { key: 'meters', header: t('edit.column.meternumbers'), cell: (u) => u.auxiliarycriteria?.meternumbers?.join(', ') },
    { key: 'tenant', header: t('review.tenant'), cell: tenant },
  ];
  return (
    <Stack gap="sm">
      <Text data-testid="review-summary">{t('review.typed', { units: count })}</Text>
      <VirtualTable
        rows={units}
        columns={columns}
        rowKey={(u) => u.residentialunitPmnumber}
        label={t('review.tableLabel')}
        maxHeight={420}
      />
      <AreaRemarks units={units} />
      {error && <ErrorNotice title={t('review.notSaved')} message={error} />}
      <Group gap="xs">
        <Button onClick={onSend} loading={sending}>
          {t('review.send')}
        </Button>
        <Button variant="default" onClick={onBack} disabled={sending}>
          {t('review.back')}
        </Button>
      </Group>
    </Stack>
  );
}

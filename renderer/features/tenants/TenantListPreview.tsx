import { Checkbox, Table, Text } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { useFormat } from '@renderer/lib/format';
import type { ContractLine, NumberRemark, UnitPlan } from '@renderer/features/tenants/tenant-list-plan';

function Lines({ lines }: { lines: readonly ContractLine[] }) {
  const { t } = useTranslation('tenants');
  const format = useFormat();
  if (lines.length === 0) return <Text size="sm">{t('import.nobody')}</Text>;
  return (
    <>
      {lines.map((l, i) => (
        <Text size="sm" key={i}>
          {/* The name is the clerk's data: <bdi> keeps a right-to-left override in it from flipping the dates. */}
          <Trans
            t={t}
            i18nKey={l.vacancy ? 'import.lineVacancy' : 'import.line'}
            values={{
              name: l.name,
              from: format.date(l.from),
              to: l.to === undefined ? t('contracts.open') : format.date(l.to),
            }}
            components={[<bdi key="name" />]}
          />
        </Text>
      ))}
    </>
  );
}

/** What was assumed for a row without tenant number; a new partner is the one to check, so it stands out. */
function Remarks({ remarks }: { remarks: readonly NumberRemark[] }) {
  const { t } = useTranslation('tenants');
  return (
    <>
      {remarks.map((r) => (
        <Text
          size="sm"
          key={r.row}
          {...(r.kind === 'samePeriod' ? { c: 'dimmed' } : { fw: 600 })}
          data-testid="tenant-preview-remark"
        >
          <Trans
            t={t}
            i18nKey={`import.remark.${r.kind}`}
            values={{ row: r.row, name: r.name, number: r.partnerPmnumber }}
            components={[<bdi key="name" />]}
          />
        </Text>
      ))}
    </>
  );
}

type Props = {
  plans: readonly UnitPlan[];
  /** Units the clerk leaves out of the save. */
  left: ReadonlySet<string>;
  onToggle: (unit: string) => void;
};

/** Per changed usage unit: the billing recipients now and after the list, side by side, and whether to take it. */
export function TenantListPreview({ plans, left, onToggle }: Props) {
  const { t } = useTranslation('tenants');
  return (
    <Table withTableBorder striped layout="fixed" data-testid="tenant-preview">
      <Table.Caption>{t('import.previewCaption', { count: plans.length })}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col" w={110}>
            {t('import.take')}
          </Table.Th>
          <Table.Th scope="col" w={150}>
            {t('list.unit')}
          </Table.Th>
          <Table.Th scope="col">{t('import.before')}</Table.Th>
          <Table.Th scope="col">{t('import.after')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {plans.map((p) => (
          <Table.Tr key={p.unit} data-testid="tenant-preview-unit">
            <Table.Td>
              <Checkbox
                checked={!left.has(p.unit)}
                onChange={() => {
                  onToggle(p.unit);
                }}
                aria-label={t('import.takeUnit', { unit: p.unit })}
              />
            </Table.Td>
            <Table.Th scope="row" fw={500}>
              {p.unit}
              {p.residentialunitPmnumber ? ` · ${p.residentialunitPmnumber}` : ''}
            </Table.Th>
            <Table.Td>
              <Lines lines={p.before} />
            </Table.Td>
            <Table.Td>
              <Lines lines={p.after} />
              {p.gapWithoutOwner && (
                <Text size="sm" c="red.8">
                  {t('import.gapWithoutOwner')}
                </Text>
              )}
              <Remarks remarks={p.remarks} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

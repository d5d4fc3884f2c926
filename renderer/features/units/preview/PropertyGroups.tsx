import { Badge, Text } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import type { BillingUnitSummary } from '@shared/msc/billing-unit-data';
import type { ImportPreview, PropertyGroup, UnknownProperty } from '@shared/domain/unit-rows';
import { MAX_UNITS_PER_REQUEST, requestCount } from '@shared/msc/setup-parts';
import { useFormat } from '@renderer/lib/format';
import { addressLine } from '@renderer/features/units/unit-texts';
import { VirtualTable } from '@renderer/components/VirtualTable';

type Props = {
  preview: ImportPreview;
  selected: string;
  properties: ReadonlyMap<string, BillingUnitSummary>;
};

/** The file's own text for a property: <bdi> keeps a right-to-left override in it from flipping the line. */
export function QuotedProperty({ text }: { text: string }) {
  const { t } = useTranslation('units');
  return <Trans t={t} i18nKey="preview.groups.quoted" values={{ text }} components={[<bdi key="text" />]} />;
}

type Line = { kind: 'group'; group: PropertyGroup } | { kind: 'unknown'; unknown: UnknownProperty };

/**
 * One line per property the file names: its rows, what will be sent, its problems, how many requests; then the
 * properties the MSC does not know. A portfolio's file may name hundreds, so the table draws only what is in view.
 */
export function PropertyGroups({ preview, selected, properties }: Props) {
  const { t } = useTranslation('units');
  const format = useFormat();
  const n = (value: number) => format.integer(value);
  const lines: Line[] = [
    ...preview.groups.map((group): Line => ({ kind: 'group', group })),
    ...preview.unknown.map((unknown): Line => ({ kind: 'unknown', unknown })),
  ];
  const state = (line: Line) => {
    if (line.kind === 'unknown')
      return (
        <Badge color="yellow" variant="light" tt="none">
          {t('preview.groups.unknown')}
        </Badge>
      );
    const g = line.group;
    if (g.problemRows > 0)
      return (
        <Badge color="red" variant="light" tt="none">
          {t('preview.groups.problems', { count: g.problemRows })}
        </Badge>
      );
    const requests = requestCount(g.units.length);
    return (
      <Badge color="green" variant="light" tt="none">
        {requests > 1 ? t('preview.groups.split', { count: requests, max: n(MAX_UNITS_PER_REQUEST) }) : t('preview.groups.ready')}
      </Badge>
    );
  };
  return (
    <VirtualTable
      rows={lines}
      label={t('preview.groups.label')}
      maxHeight={240}
      rowKey={(l) => (l.kind === 'group' ? l.group.billingunit : `unknown:${l.unknown.text}`)}
      rowProps={(l): Record<`data-${string}`, string> =>
        l.kind === 'group'
          ? { 'data-testid': 'property-group', 'data-billingunit': l.group.billingunit }
          : { 'data-testid': 'property-unknown' }
      }
      columns={[
        {
          key: 'property',
          header: t('preview.groups.property'),
          width: 200,
          cell: (l) =>
            l.kind === 'unknown' ? (
              <QuotedProperty text={l.unknown.text} />
            ) : (
              <>
                {l.group.billingunit}
                {l.group.billingunit === selected && (
                  <Text span size="xs" c="dimmed">
                    {' '}
                    {t('preview.groups.thisOne')}
                  </Text>
                )}
              </>
            ),
        },
        {
          key: 'address',
          header: t('preview.groups.address'),
          cell: (l) => {
            if (l.kind === 'unknown') return t('preview.groups.unknownHelp');
            const unit = properties.get(l.group.billingunit);
            return unit ? <bdi>{addressLine(unit.address)}</bdi> : '';
          },
        },
        {
          key: 'rows',
          header: t('preview.groups.rows'),
          width: 110,
          numeric: true,
          cell: (l) => n(l.kind === 'group' ? l.group.rows.length : l.unknown.rows.length),
        },
        {
          key: 'units',
          header: t('preview.groups.units'),
          width: 110,
          numeric: true,
          cell: (l) => n(l.kind === 'group' ? l.group.units.length : 0),
        },
        { key: 'state', header: t('preview.groups.state'), width: 300, cell: state },
      ]}
    />
  );
}

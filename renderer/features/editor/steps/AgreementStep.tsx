import { useMemo } from 'react';
import { Anchor, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@renderer/lib/format';
import { useCodeLabel } from '@renderer/lib/codes';
import type { CodeTableName } from '@renderer/lib/codes';
import { buildColumns } from '@renderer/components/grid/columns';
import { EditorGrid } from '@renderer/components/grid/EditorGrid';
import { displayValue } from '@renderer/components/grid/cells/useDisplayValue';
import { editorPath } from '@renderer/features/editor/locations';
import type { StepProps } from '@renderer/features/editor/steps/StepBody';

const noMessages = new Map();
const ignore = () => undefined;

function Facts({ title, head, rows }: { title: string; head: string[]; rows: string[][] }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      <Table striped withTableBorder={false} className="editor-facts">
        <Table.Thead>
          <Table.Tr>
            {head.map((h) => (
              <Table.Th key={h}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r, i) => (
            <Table.Tr key={String(i)}>
              {r.map((c, j) => (
                <Table.Td key={String(j)}>{c}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/**
 * Vereinbarung: everything the MSC preset for this period, read-only and complete. The calorific values and the
 * CO2 property facts are carried into the draft; the clerk corrects them on the fuels step.
 */
export function AgreementStep({ template, where }: StepProps) {
  const { t } = useTranslation('editor');
  const fmt = useFormat();
  const label = useCodeLabel();
  const code = (table: CodeTableName, c: string) => `${c} – ${label(table, c)}`;
  const yesNo = (b: boolean) => t(b ? 'yes' : 'no');
  const recipientColumns = useMemo(
    () =>
      buildColumns([
        { field: 'unit', title: t('field.unit'), fixed: (r) => String(r.residentialunitMscnumber), width: 110 },
        { field: 'pm', title: t('field.pmUnit'), fixed: (r) => String(r.residentialunitPmnumber), width: 120 },
        { field: 'partner', title: t('field.partner'), fixed: (r) => String(r.partnerPmnumber), width: 120 },
        { field: 'name', title: t('field.name'), fixed: (r) => String(r.name), width: 220 },
        { field: 'from', title: t('field.validfrom'), fixed: (r) => fmt.date(String(r.validfrom)), width: 110 },
        {
          field: 'to',
          title: t('field.validto'),
          fixed: (r) => (typeof r.validto === 'string' ? fmt.date(r.validto) : t('open')),
          width: 110,
        },
        { field: 'vacancy', title: t('field.vacancy'), fixed: (r) => yesNo(r.vacancy === true), width: 90 },
      ]),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, fmt],
  );
  const ratio = template.distributionratio;
  const co2 = template.co2configuration;
  const preset = (v: string | undefined, show: (x: string) => string) => (v === undefined ? '–' : show(v));
  return (
    <Stack gap="md">
      <Group gap="md" align="stretch" grow>
        <Facts
          title={t('agreement.general')}
          head={[t('agreement.what'), t('agreement.value')]}
          rows={[
            [t('agreement.period'), `${fmt.date(template.billingperiod.from)} – ${fmt.date(template.billingperiod.to)}`],
            [t('agreement.currency'), template.currency],
            [t('agreement.vat'), t(`vat.${template.expectedvat}`)],
            [t('agreement.co2'), yesNo(template.co2configuration.applicable)],
            [t('agreement.nonresidential'), yesNo(template.co2configuration.nonresidential)],
            [t('co2facts.heatedarea'), preset(co2.heatedarea, (v) => `${displayValue(fmt, 'area', v)} m²`)],
            [t('co2facts.nonresidentialshare'), preset(co2.nonresidentialshare, (v) => fmt.percent(v, 1))],
            [t('agreement.restrictionbuilding'), co2.restrictionbuilding === undefined ? '–' : yesNo(co2.restrictionbuilding)],
            [t('agreement.restrictionsupply'), co2.restrictionsupply === undefined ? '–' : yesNo(co2.restrictionsupply)],
            [
              t('agreement.ratioHeating'),
              t('agreement.ratio', {
                base: fmt.percent(ratio.heating.base),
                consumption: fmt.percent(ratio.heating.consumption),
              }),
            ],
            [
              t('agreement.ratioHotwater'),
              t('agreement.ratio', {
                base: fmt.percent(ratio.hotwater.base),
                consumption: fmt.percent(ratio.hotwater.consumption),
              }),
            ],
          ]}
        />
        <Facts
          title={t('agreement.fuels')}
          head={[t('field.fuel'), t('field.unitOfMeasure'), t('field.stored'), t('field.calorific'), t('stock.opening')]}
          rows={template.fuels.map((f) => [
            code('fuel', f.fuel),
            code('quantityUnit', f.unit),
            yesNo(f.stored),
            preset(f.calorificvalue, (v) => displayValue(fmt, 'calorific', v)),
            f.openingstockpreset
              ? `${fmt.date(f.openingstockpreset.date)}: ${displayValue(fmt, 'quantity', f.openingstockpreset.quantity)} ${f.unit}`
              : '–',
          ])}
        />
      </Group>
      <Text size="sm" c="dimmed">
        {t('agreement.correctHint')}{' '}
        <Anchor component={Link} to={editorPath(where, 'brennstoffe')} size="sm" underline="always">
          {t('agreement.toFuels')}
        </Anchor>
      </Text>
      <Facts
        title={t('agreement.costtypes')}
        head={[t('field.costKey'), t('field.agreedText'), t('field.allocation'), t('field.allocationkey')]}
        rows={template.costtypes.map((c) => [
          code('costType', c.key),
          c.text,
          code('allocation', c.allocation),
          code('distribution', c.allocationkey),
        ])}
      />
      <Facts
        title={t('agreement.keys')}
        head={[t('field.allocationkey'), t('field.agreedText')]}
        rows={template.distributionkeys.map((k) => [code('distribution', k.key), k.text])}
      />
      <Paper withBorder p="md" component="section" aria-label={t('agreement.recipients')}>
        <Title order={2} size="h4" mb="xs">
          {t('agreement.recipients')} ({fmt.integer(template.billingrecipients.length)})
        </Title>
        <EditorGrid
          section="agreement.recipients"
          title={t('agreement.recipients')}
          rows={template.billingrecipients}
          columns={recipientColumns}
          messages={noMessages}
          onRows={ignore}
          lockRows
        />
      </Paper>
    </Stack>
  );
}

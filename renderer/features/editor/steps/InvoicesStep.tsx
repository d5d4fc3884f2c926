import { useMemo } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { buildColumns } from '@renderer/components/grid/columns';
import { costTypeOptions, distributionKeyOptions, taxServiceOptions } from '@renderer/features/editor/code-options';
import { useCodeLabel } from '@renderer/lib/codes';
import { EditorGrid } from '@renderer/components/grid/EditorGrid';
import { SectionTotal } from '@renderer/features/editor/components/SectionTotal';
import { sectionRows } from '@renderer/features/editor/sections';
import { amountField, moneyTotal } from '@renderer/features/editor/totals';
import { amountDefs } from '@renderer/features/editor/steps/useAmountDefs';
import { StepMessages } from '@renderer/features/editor/components/StepMessages';
import type { StepProps } from '@renderer/features/editor/steps/StepBody';

type Props = StepProps & { section: 'heatingsysteminvoices' | 'ancillaryinvoices' };

/** Heizungsbetriebskosten or sonstige Betriebskosten: one row per invoice. */
export function InvoicesStep({ where, model, template, content, section }: Props) {
  const { t } = useTranslation('editor');
  const kind = section === 'heatingsysteminvoices' ? 'heating' : 'ancillary';
  const codeLabel = useCodeLabel();
  const columns = useMemo(
    () =>
      buildColumns([
        { field: 'cost.key', title: t('field.costKey'), options: costTypeOptions(template, kind, codeLabel), width: 240 },
        { field: 'cost.text', title: t('field.costText'), width: 160 },
        {
          field: 'allocationkey',
          title: t('field.allocationkey'),
          options: distributionKeyOptions(template, codeLabel),
          width: 200,
        },
        { field: 'invoicedate', title: t('field.invoicedate'), width: 140 },
        { field: 'quantity', title: t('field.quantity'), width: 100 },
        ...amountDefs(t, template.expectedvat),
        { field: 'taxservicetype', title: t('field.taxservicetype'), options: taxServiceOptions(codeLabel), width: 200 },
        { field: 'laborgross', title: t('field.laborgross'), width: 110 },
        { field: 'servicefrom', title: t('field.servicefrom'), width: 140 },
        { field: 'serviceto', title: t('field.serviceto'), width: 140 },
        ...((template.usagegroups ?? []).length === 0
          ? []
          : [
              {
                field: 'usagegroup',
                title: t('field.usagegroup'),
                options: (template.usagegroups ?? []).map((g) => ({ code: g.key, label: g.text })),
                width: 200,
              },
            ]),
      ]),
    [t, template, kind, codeLabel],
  );
  const rows = sectionRows(content, section);
  const step = section === 'heatingsysteminvoices' ? 'heizung' : 'betriebskosten';
  const title = t(`step.${step}.title`);
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {rows.length === 0 ? t('invoices.empty') : t('invoices.hint')}
      </Text>
      <StepMessages where={where} step={step} model={model} />
      <EditorGrid
        section={section}
        title={title}
        rows={rows}
        columns={columns}
        messages={model.cellMessages}
        onRows={model.onRows}
        readOnly={model.readOnly}
        startEmpty
      />
      <SectionTotal
        label={t('total.label', { side: t(`total.side.${amountField(template.expectedvat)}`) })}
        total={moneyTotal(rows, amountField(template.expectedvat))}
        testId={`total-${section}`}
      />
    </Stack>
  );
}

import { useMemo } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CalorificValueString } from '@shared/msc/billing-input';
import { useCodeLabel } from '@renderer/lib/codes';
import { useFormat } from '@renderer/lib/format';
import { buildColumns } from '@renderer/components/grid/columns';
import type { ColumnDef } from '@renderer/components/grid/columns';
import { EditorGrid } from '@renderer/components/grid/EditorGrid';
import { SectionTotal } from '@renderer/features/editor/components/SectionTotal';
import { CO2_SECTION, deliveriesSection, fuelSection, sectionRows, stockSection } from '@renderer/features/editor/sections';
import { DraftField } from '@renderer/features/editor/components/DraftField';
import { Co2Facts } from '@renderer/features/editor/components/Co2Facts';
import { HotWaterFacts, SupplyPeriods } from '@renderer/features/editor/components/HotWaterFacts';
import { displayValue } from '@renderer/components/grid/cells/useDisplayValue';
import { amountField, moneyTotal } from '@renderer/features/editor/totals';
import { amountDefs } from '@renderer/features/editor/steps/useAmountDefs';
import { StepMessages } from '@renderer/features/editor/components/StepMessages';
import type { StepProps } from '@renderer/features/editor/steps/StepBody';

const isCalorific = (v: string) => CalorificValueString.safeParse(v).success && /[1-9]/.test(v);

/**
 * Brennstoffe: per fuel of the template its calorific value, its stock (opening preset, closing) and its
 * deliveries; below them the CO2 property facts where the CO2 cost split applies.
 */
export function FuelsStep({ where, model, template, content }: StepProps) {
  const { t } = useTranslation('editor');
  const fmt = useFormat();
  const codeLabel = useCodeLabel();
  const co2 = template.co2configuration.applicable;
  const stockColumns = useMemo(
    () =>
      buildColumns([
        {
          field: 'row',
          title: t('field.stockRow'),
          fixed: (_r, i) => t(i === 0 ? 'stock.opening' : 'stock.closing'),
          width: 130,
        },
        { field: 'date', title: t('field.date'), width: 110 },
        { field: 'quantity', title: t('field.quantity'), width: 110 },
        ...amountDefs(t, template.expectedvat),
      ]),
    [t, template.expectedvat],
  );
  const deliveryColumns = useMemo(() => {
    const defs: ColumnDef[] = [
      { field: 'invoicedate', title: t('field.invoicedate'), width: 140 },
      { field: 'quantity', title: t('field.quantity'), width: 110 },
      ...amountDefs(t, template.expectedvat),
    ];
    if (co2) {
      defs.push(
        { field: 'co2.emissionfactor', title: t('field.emissionfactor'), width: 110 },
        { field: 'co2.emissionkg', title: t('field.emissionkg'), width: 110 },
        { field: 'co2.costgross', title: t('field.co2costgross'), width: 110 },
        { field: 'co2.costnet', title: t('field.co2costnet'), width: 110 },
      );
    }
    defs.push({ field: 'energymix', title: t('field.energymix'), width: 200 });
    // Last, so typing a delivery by keyboard keeps its order (date, quantity, amounts); most bills need no period.
    defs.push(
      { field: 'servicefrom', title: t('field.servicefrom'), width: 140 },
      { field: 'serviceto', title: t('field.serviceto'), width: 140 },
    );
    return buildColumns(defs);
  }, [t, template.expectedvat, co2]);

  const sources = content.energysources ?? [];
  if (sources.length === 0) return <Text>{t('fuels.none')}</Text>;
  return (
    <Stack gap="lg">
      <StepMessages where={where} step="brennstoffe" model={model} />
      {sources.map((source, i) => {
        const agreed = template.fuels.find((f) => f.slot === source.slot);
        const name = `${source.fuel ?? ''} – ${codeLabel('fuel', source.fuel ?? '')}`;
        const unit = agreed ? codeLabel('quantityUnit', agreed.unit) : '';
        const deliveries = sectionRows(content, deliveriesSection(i));
        const field = amountField(template.expectedvat);
        return (
          <Paper key={String(source.slot ?? i)} withBorder p="md" component="section" aria-label={name}>
            <Title order={2} size="h4">
              {name}
            </Title>
            <Text size="sm" c="dimmed" mb="xs">
              {t('fuels.unit', { unit })} · {agreed?.stored === true ? t('fuels.stored') : t('fuels.notStored')}
            </Text>
            <DraftField
              model={model}
              content={content}
              section={fuelSection(i)}
              field="calorificvalue"
              label={t('fuels.calorific', { unit })}
              description={
                agreed?.calorificvalue === undefined
                  ? t('fuels.calorificNoPreset')
                  : t('fuels.calorificPreset', { value: displayValue(fmt, 'calorific', agreed.calorificvalue) })
              }
              valid={isCalorific}
              invalid={t('fuels.calorificInvalid')}
              testId={`calorific-${String(i)}`}
            />
            <SupplyPeriods model={model} content={content} section={fuelSection(i)} />
            {agreed?.stored === true && (
              <>
                <Title order={3} size="h5" mt="md" mb={6}>
                  {t('fuels.stockTitle')}
                </Title>
                <EditorGrid
                  section={stockSection(i)}
                  title={t('fuels.stockGrid', { fuel: name })}
                  rows={sectionRows(content, stockSection(i))}
                  columns={stockColumns}
                  messages={model.cellMessages}
                  onRows={model.onRows}
                  readOnly={model.readOnly}
                  lockRows
                />
              </>
            )}
            <Title order={3} size="h5" mt="md" mb={6}>
              {t('fuels.deliveriesTitle')}
            </Title>
            <Text size="xs" c="dimmed" mb={6}>
              {t('fuels.mixHint')}
            </Text>
            <EditorGrid
              section={deliveriesSection(i)}
              title={t('fuels.deliveriesGrid', { fuel: name })}
              rows={deliveries}
              columns={deliveryColumns}
              messages={model.cellMessages}
              onRows={model.onRows}
              readOnly={model.readOnly}
              startEmpty
            />
            <SectionTotal
              label={t('total.label', { side: t(`total.side.${field}`) })}
              total={moneyTotal(deliveries, field)}
              testId={`total-deliveries-${String(i)}`}
            />
          </Paper>
        );
      })}
      {(co2 || content[CO2_SECTION] !== undefined) && <Co2Facts model={model} content={content} template={template} />}
      <HotWaterFacts model={model} content={content} template={template} />
    </Stack>
  );
}

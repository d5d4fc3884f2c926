import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { hotWaterNeeds } from '@shared/domain/billing-model-checks';
import { DraftField, DraftFlag } from '@renderer/features/editor/components/DraftField';
import { HOTWATER_SECTION, PROPERTY_SECTION } from '@renderer/features/editor/sections';
import type { StepProps } from '@renderer/features/editor/steps/StepBody';

type Place = Pick<StepProps, 'model' | 'content'>;

/**
 * Hot water under HeizkostenV §9 (the figures of ARGE B 18–22) and whether the property is a condominium. The
 * agreed separation method decides which figures the MSC needs; the hint says which, the pre-check asks for them.
 */
export function HotWaterFacts({ model, content, template }: Place & Pick<StepProps, 'template'>) {
  const { t } = useTranslation('editor');
  const method = template.hotwater?.method;
  const needs = hotWaterNeeds(method);
  const need = needs.volume ? 'volume' : needs.flatrate ? 'flatrate' : 'nothing';
  const place = { model, content, section: HOTWATER_SECTION };
  const title = t('hotwater.title');
  const preset = (value: string | undefined) => (value === undefined ? undefined : t('hotwater.preset', { value }));
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Title order={2} size="h4">
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {method === undefined ? t('hotwater.noMethod') : t(`hotwater.need.${need}`, { method })}
      </Text>
      <Stack gap="sm">
        <Group gap="md" align="flex-start">
          <DraftField
            {...place}
            field="temperature"
            label={t('hotwater.temperature')}
            description={preset(template.hotwater?.temperature)}
            testId="hotwater-temperature"
          />
          <DraftField {...place} field="volume" label={t('hotwater.volume')} testId="hotwater-volume" />
          <DraftField
            {...place}
            field="flatrate"
            label={t('hotwater.flatrate')}
            description={preset(template.hotwater?.flatrate)}
          />
        </Group>
        <Group gap="md" align="flex-start">
          <DraftField {...place} field="meterstart" label={t('hotwater.meterstart')} />
          <DraftField {...place} field="meterend" label={t('hotwater.meterend')} />
        </Group>
        <DraftFlag
          model={model}
          content={content}
          section={PROPERTY_SECTION}
          field="condominium"
          label={t('hotwater.condominium')}
          description={t(template.condominium === true ? 'hotwater.condominiumYes' : 'hotwater.condominiumNo')}
          testId="condominium"
        />
      </Stack>
    </Paper>
  );
}

const PARTS = ['heating1', 'heating2', 'hotwater1', 'hotwater2'] as const;

/** When this fuel supplied heating and hot water (ARGE B 24–27); left empty when it did all period long. */
export function SupplyPeriods({ model, content, section }: Place & { section: string }) {
  const { t } = useTranslation('editor');
  return (
    <Stack gap={4} mt="sm">
      <Text size="sm">{t('supply.hint')}</Text>
      <Group gap="md" align="flex-start">
        {PARTS.map((part) => (
          <Group key={part} gap={4} align="flex-start">
            <DraftField
              model={model}
              content={content}
              section={section}
              field={`supply.${part}.from`}
              label={t('supply.from', { what: t(`supply.${part}`) })}
            />
            <DraftField
              model={model}
              content={content}
              section={section}
              field={`supply.${part}.to`}
              label={t('supply.to', { what: t(`supply.${part}`) })}
            />
          </Group>
        ))}
      </Group>
    </Stack>
  );
}

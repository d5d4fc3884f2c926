import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AreaString, ShareString } from '@shared/msc/primitives';
import { useFormat } from '@renderer/lib/format';
import { CO2_SECTION } from '@renderer/features/editor/sections';
import { displayValue } from '@renderer/components/grid/cells/useDisplayValue';
import { DraftField, DraftFlag } from '@renderer/features/editor/components/DraftField';
import type { StepProps } from '@renderer/features/editor/steps/StepBody';

const isArea = (v: string) => AreaString.safeParse(v).success;
const isShare = (v: string) => ShareString.safeParse(v).success;

/**
 * The property facts of the CO2 cost split (CO2KostAufG), preset by the MSC and sent back with the submission. The
 * clerk corrects them here when the MSC's values are wrong; each field names the preset it started from.
 */
export function Co2Facts({ model, content, template }: Pick<StepProps, 'model' | 'content' | 'template'>) {
  const { t } = useTranslation('editor');
  const fmt = useFormat();
  const preset = template.co2configuration;
  const yesNo = (b: boolean | undefined) => t(b === true ? 'yes' : 'no');
  const presetText = (text: string | undefined) =>
    text === undefined ? t('co2facts.noPreset') : t('co2facts.preset', { value: text });
  const place = { model, content, section: CO2_SECTION };
  const title = t('co2facts.title');
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Title order={2} size="h4">
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('co2facts.hint')}
      </Text>
      <Stack gap="sm">
        <Group gap="md" align="flex-start">
          <DraftField
            {...place}
            field="heatedarea"
            label={t('co2facts.heatedarea')}
            description={presetText(preset.heatedarea && `${displayValue(fmt, 'area', preset.heatedarea)} m²`)}
            valid={isArea}
            invalid={t('co2facts.invalidArea')}
            testId="co2-heatedarea"
          />
          <DraftField
            {...place}
            field="nonresidentialshare"
            label={t('co2facts.nonresidentialshare')}
            description={presetText(preset.nonresidentialshare && fmt.percent(preset.nonresidentialshare, 1))}
            valid={isShare}
            invalid={t('co2facts.invalidShare')}
          />
        </Group>
        <DraftFlag
          {...place}
          field="restrictionbuilding"
          label={t('co2facts.restrictionbuilding')}
          description={presetText(preset.restrictionbuilding === undefined ? undefined : yesNo(preset.restrictionbuilding))}
        />
        <DraftFlag
          {...place}
          field="restrictionsupply"
          label={t('co2facts.restrictionsupply')}
          description={presetText(preset.restrictionsupply === undefined ? undefined : yesNo(preset.restrictionsupply))}
        />
      </Stack>
    </Paper>
  );
}

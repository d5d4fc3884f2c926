import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import type { StartNotice } from '@renderer/features/units/setup-wizard';
import { SampleWorkbookButton } from '@renderer/features/demo-msc/SampleWorkbookButton';

type Props = {
  error: string | undefined;
  notice: StartNotice | undefined;
  fileName: string | undefined;
  connectionId: string;
  onImport: () => void;
  onType: () => void;
};

export function StartStep({ error, notice, fileName, connectionId, onImport, onType }: Props) {
  const { t } = useTranslation('units');
  return (
    <Stack gap="xs">
      <Text>{t('wizard.start.intro')}</Text>
      <Text size="sm" c="dimmed">
        {t('wizard.start.excelHint')}
      </Text>
      <Text size="sm" c="dimmed">
        {t('wizard.start.severalHint')}
      </Text>
      {notice === 'fileGone' && (
        <Alert color="yellow" variant="light" role="status" data-testid="wizard-notice">
          {t('wizard.start.fileGone', { fileName: fileName ?? '' })}
        </Alert>
      )}
      {notice === 'cancelled' && (
        <Text size="sm" role="status" data-testid="wizard-notice">
          {t('wizard.start.cancelled')}
        </Text>
      )}
      {error && <ErrorNotice title={t('wizard.start.readFailed')} message={error} />}
      <Group gap="xs" align="flex-start">
        <Button onClick={onImport}>{t('wizard.start.import')}</Button>
        <Button variant="default" onClick={onType}>
          {t('wizard.start.type')}
        </Button>
        {/* Only for the embedded demo: a file for all its properties, so a first import shows every outcome. */}
        <SampleWorkbookButton connectionId={connectionId} />
      </Group>
    </Stack>
  );
}

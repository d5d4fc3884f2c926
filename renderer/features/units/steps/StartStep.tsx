import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '@renderer/components/ErrorNotice';

type Props = { error: string | undefined; onImport: () => void; onType: () => void };

export function StartStep({ error, onImport, onType }: Props) {
  const { t } = useTranslation('units');
  return (
    <Stack gap="xs">
      <Text>{t('wizard.start.intro')}</Text>
      <Text size="sm" c="dimmed">
        {t('wizard.start.excelHint')}
      </Text>
      {error && <ErrorNotice title={t('wizard.start.readFailed')} message={error} />}
      <Group gap="xs">
        <Button onClick={onImport}>{t('wizard.start.import')}</Button>
        <Button variant="default" onClick={onType}>
          {t('wizard.start.type')}
        </Button>
      </Group>
    </Stack>
  );
}

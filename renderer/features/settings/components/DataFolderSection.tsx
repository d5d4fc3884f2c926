import { Button, Code, CopyButton, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SettingsSection } from '@renderer/features/settings/components/SettingsSection';

/** Where the data lives, to back it up or hand it to support; copying the path saves typing it. */
export function DataFolderSection({ dataDir }: { dataDir: string }) {
  const { t } = useTranslation('settings');
  return (
    <SettingsSection id="settings-data-folder" title={t('dataFolder.title')} description={t('dataFolder.description')}>
      <Text size="sm" fw={600} id="settings-data-folder-path">
        {t('dataFolder.label')}
      </Text>
      <Group gap="sm" wrap="nowrap" align="center" mt={4}>
        <Code data-testid="data-folder" className="settings-path">
          {dataDir}
        </Code>
        <CopyButton value={dataDir} timeout={2500}>
          {({ copied, copy }) => (
            <Button size="xs" variant="default" onClick={copy} aria-describedby="settings-data-folder-path">
              {copied ? t('dataFolder.copied') : t('dataFolder.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
    </SettingsSection>
  );
}

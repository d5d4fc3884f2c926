import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@renderer/components/PageHeader';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { ConnectionsSection } from '@renderer/features/connections/ConnectionsSection';
import { useAppInfo } from '@renderer/features/settings/queries';
import { LanguageSection } from '@renderer/features/settings/components/LanguageSection';
import { DataFolderSection } from '@renderer/features/settings/components/DataFolderSection';
import { AboutSection } from '@renderer/features/settings/components/AboutSection';
import { TeamDbSection } from '@renderer/features/team/TeamDbSection';
import '@renderer/features/settings/settings.css';

/** Einstellungen: language, connections to measuring services, the data folder, and what this installation is. */
export function SettingsPage() {
  const { t } = useTranslation('settings');
  const info = useAppInfo();
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <Stack gap="lg" maw={920}>
        <LanguageSection />
        <ConnectionsSection />
        <TeamDbSection />
        {info.error && <ErrorNotice title={t('loadFailed')} error={info.error} onRetry={() => void info.refetch()} />}
        {info.data && (
          <>
            <DataFolderSection dataDir={info.data.dataDir} />
            <AboutSection info={info.data} />
          </>
        )}
      </Stack>
    </>
  );
}

import { Group, Radio } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Language, LANGUAGES } from '@shared/ipc/channels/preferences';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { usePreferences, useUpdatePreferences } from '@renderer/lib/useActiveConnection';
import { SettingsSection } from '@renderer/features/settings/components/SettingsSection';

/** German or English; the frame follows the stored preference, so every screen switches at once. */
export function LanguageSection() {
  const { t } = useTranslation('settings');
  const preferences = usePreferences();
  const update = useUpdatePreferences();
  const current = preferences.data?.language ?? 'de';

  return (
    <SettingsSection id="settings-language" title={t('language.title')}>
      <Radio.Group
        label={t('language.label')}
        description={t('language.hint')}
        value={(update.isPending ? update.variables.language : undefined) ?? current}
        onChange={(value) => {
          const language = Language.safeParse(value);
          if (language.success) update.mutate({ language: language.data });
        }}
      >
        <Group gap="lg" mt="xs">
          {LANGUAGES.map((language) => (
            // Each language is named in itself, so a clerk who cannot read the current one still finds theirs.
            <Radio key={language} value={language} label={t(`language.${language}`)} lang={language} />
          ))}
        </Group>
      </Radio.Group>
      {update.error && <ErrorNotice title={t('language.failed')} error={update.error} />}
    </SettingsSection>
  );
}

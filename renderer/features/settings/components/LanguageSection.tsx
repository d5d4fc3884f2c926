import { useState } from 'react';
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
  // The click shows at once (React applies a state change from a click before the next paint), whatever the
  // round trip to the main process takes; afterwards the stored preference speaks again.
  const [chosen, setChosen] = useState<Language | undefined>();
  const current = chosen ?? preferences.data?.language ?? 'de';

  return (
    <SettingsSection id="settings-language" title={t('language.title')}>
      <Radio.Group
        label={t('language.label')}
        description={t('language.hint')}
        value={current}
        onChange={(value) => {
          const language = Language.safeParse(value);
          if (!language.success) return;
          setChosen(language.data);
          update.mutate(
            { language: language.data },
            {
              onSettled: () => {
                setChosen(undefined);
              },
            },
          );
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

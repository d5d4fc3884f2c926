import type { ReactNode } from 'react';
import { Code, Table, Text } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import type { AppInfo } from '@shared/ipc/contract';
import { SettingsSection } from '@renderer/features/settings/components/SettingsSection';

/** Version, how the app runs, and where connection passwords are kept: what support asks first. */
export function AboutSection({ info }: { info: AppInfo }) {
  const { t } = useTranslation('settings');
  const { backend, path = '' } = info.secretStorage;
  const secrets = (
    <>
      <Trans
        t={t}
        i18nKey={`about.secretPlaces.${backend}`}
        values={{ path }}
        components={[<Code key="path" className="settings-path" />]}
      />
      {backend === 'file' && (
        <Text size="xs" c="dimmed" mt={4}>
          {t('about.fileHint')}
        </Text>
      )}
    </>
  );
  const rows: [string, string, ReactNode][] = [
    ['version', t('about.version'), info.version],
    ['mode', t('about.mode'), t(`about.modes.${info.mode}`)],
    ['secrets', t('about.secrets'), secrets],
  ];
  return (
    <SettingsSection id="settings-about" title={t('about.title')}>
      <Table withRowBorders={false} verticalSpacing={6} highlightOnHover={false} layout="fixed">
        <Table.Tbody>
          {rows.map(([key, label, value]) => (
            <Table.Tr key={key}>
              <Table.Th scope="row" w={260} style={{ verticalAlign: 'top' }}>
                {label}
              </Table.Th>
              <Table.Td data-testid={`about-${key}`}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </SettingsSection>
  );
}

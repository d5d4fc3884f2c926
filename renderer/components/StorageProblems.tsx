import { Alert, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useChannel } from '@renderer/lib/queries';
import { useFormat } from '@renderer/lib/format';

/**
 * Damaged files the app set aside (settings, drafts, outbox items). The app keeps working without them, but the
 * clerk must know, e.g. to re-enter a connection or re-import a draft, and where the copy lies for support.
 */
export function StorageProblems() {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const problems = useChannel('app:problems', undefined).data ?? [];
  if (problems.length === 0) return null;
  return (
    <Alert
      color="yellow"
      role="status"
      data-testid="storage-problems"
      title={t('problems.title', { count: problems.length })}
      mb="md"
    >
      <Text size="sm">{t('problems.body')}</Text>
      <List size="sm" mt="xs">
        {problems.map((p) => (
          <List.Item key={`${p.file}-${p.at}`}>
            {p.key !== undefined && i18n.exists(`problems.kind.${p.key}`) ? t(`problems.kind.${p.key}`, p.params) : p.message}{' '}
            <Text span c="dimmed" size="xs">
              {t('problems.copy', { at: format.dateTime(p.at), path: p.movedTo ?? p.file })}
            </Text>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

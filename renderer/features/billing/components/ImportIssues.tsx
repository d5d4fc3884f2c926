import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ImportIssue } from '@shared/domain/excel';

type Props = { issues: readonly ImportIssue[]; label: string };

/**
 * Problems of an Excel import, each with its place (sheet, row, column) in front for scanning. The German
 * sentence of the importer is shown in German; other languages get the text for the issue's code.
 */
export function ImportIssues({ issues, label }: Props) {
  const { t, i18n } = useTranslation('billing');
  const where = (i: ImportIssue): string =>
    [
      i.sheet === undefined ? '' : t('issue.sheet', { sheet: i.sheet }),
      i.row === undefined ? '' : t('issue.row', { row: i.row }),
      i.column === undefined ? '' : t('issue.column', { column: i.column }),
    ]
      .filter((p) => p !== '')
      .join(' · ');
  const message = (i: ImportIssue): string => {
    if (i18n.language === 'de') return i.message;
    const value = i.value !== undefined && i.value !== '' ? ` ${t('errors:importIssue.value', { value: i.value })}` : '';
    return `${t(`errors:importIssue.code.${i.code}`)}${value}`;
  };
  return (
    <List size="sm" spacing={4} aria-label={label} mt="xs">
      {issues.map((i, n) => (
        <List.Item key={n} data-testid="import-issue" data-severity={i.severity}>
          {where(i) !== '' && (
            <Text span size="xs" fw={600} display="block">
              {where(i)}
            </Text>
          )}
          <Text span size="sm">
            {message(i)}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

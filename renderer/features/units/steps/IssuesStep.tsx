import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ImportIssue } from '@shared/domain/excel';
import { VirtualTable } from '@renderer/components/VirtualTable';

type Props = {
  fileName: string;
  issues: readonly ImportIssue[];
  onPickAgain: () => void;
  /** Present when the file could be read far enough to map its columns. */
  onMapColumns: (() => void) | undefined;
  onCancel: () => void;
};

/**
 * An import with errors: every issue with its place in the workbook (a broken file may have thousands, so the
 * table is virtualized); nothing was sent.
 */
export function IssuesStep({ fileName, issues, onPickAgain, onMapColumns, onCancel }: Props) {
  const { t } = useTranslation('units');
  const errors = issues.filter((i) => i.severity === 'error').length;
  const keyed = issues.map((issue, index) => ({ issue, index }));
  return (
    <Stack gap="sm">
      <Alert color="red" role="alert" title={t('issues.title', { fileName })}>
        {t(onMapColumns ? 'issues.bodyMapping' : 'issues.body', { count: errors })}
      </Alert>
      <VirtualTable
        rows={keyed}
        label={t('issues.tableLabel')}
        maxHeight={320}
        wrap
        rowKey={(r) => String(r.index)}
        rowProps={() => ({ 'data-testid': 'import-issue' })}
        columns={[
          { key: 'place', header: t('issues.place'), width: 220, cell: ({ issue }) => <Place issue={issue} /> },
          { key: 'message', header: t('issues.message'), cell: ({ issue }) => <Message issue={issue} /> },
        ]}
      />
      <Group gap="xs">
        <Button onClick={onPickAgain}>{t('issues.pickAgain')}</Button>
        {onMapColumns && (
          <Button variant="default" onClick={onMapColumns}>
            {t('issues.mapColumns')}
          </Button>
        )}
        <Button variant="default" onClick={onCancel}>
          {t('common:action.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}

function Place({ issue }: { issue: ImportIssue }) {
  const { t } = useTranslation('units');
  const parts = [
    issue.sheet === undefined ? undefined : t('issues.sheet', { sheet: issue.sheet }),
    issue.row === undefined ? undefined : t('issues.row', { row: issue.row }),
    issue.column === undefined ? undefined : t('issues.column', { column: issue.column }),
  ].filter((p) => p !== undefined);
  return (
    <Text size="sm" c={issue.severity === 'error' ? 'red.9' : undefined}>
      {parts.length > 0 ? parts.join(', ') : t('issues.wholeFile')}
    </Text>
  );
}

/** The importer writes complete German sentences; in English the kind of problem comes first, the sentence after. */
function Message({ issue }: { issue: ImportIssue }) {
  const { t, i18n } = useTranslation('units');
  if (i18n.language === 'de') return <span title={issue.message}>{issue.message}</span>;
  const text = t('issues.inGerman', { kind: t(`issues.code.${issue.code}`), message: issue.message });
  return <span title={text}>{text}</span>;
}

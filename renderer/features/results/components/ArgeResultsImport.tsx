import { Alert, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FilledTemplate } from '@shared/msc/billing-input';
import { ARGE_IMPORT_MAX_FILES } from '@shared/ipc/channels/arge-import';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { api } from '@renderer/lib/api';
import { useArgeFileImport } from '@renderer/features/arge/useArgeFileImport';
import type { PeriodKey } from '@renderer/features/results/queries';

/**
 * "ARGE-Ergebnisdateien einlesen": D (with E835, E898 and the PDFs, picked together) into the period's results,
 * for an MSC that delivers files (docs/arge.md). `filled`: the period's draft, whose recipients the files are matched
 * to when there is no binding submission.
 */
export function ArgeResultsImport({ where, filled }: { where: PeriodKey; filled: FilledTemplate | null }) {
  const { t } = useTranslation('arge-import');
  const { state, run, issueText } = useArgeFileImport({
    kind: 'results',
    maxFiles: ARGE_IMPORT_MAX_FILES,
    read: (files) => api['arge-import:results']({ ...where, files, ...(filled ? { filled } : {}) }),
    // A refused reading changed nothing.
    staleAfter: (outcome) => (outcome.ok ? ['results:get', 'results:list', 'periods:list'] : []),
  });
  const outcome = state.step === 'done' ? state.outcome : undefined;
  const refused = outcome?.ok === false;
  const issues = outcome?.issues ?? [];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="arge-import-title" data-testid="arge-results-import">
      <Stack gap="sm">
        <Title order={2} size="h4" id="arge-import-title">
          {t('results.title')}
        </Title>
        <Text size="sm">{t('results.intro')}</Text>
        <Group>
          <Button variant="default" loading={state.step === 'busy'} onClick={run}>
            {t('results.button')}
          </Button>
        </Group>
        {outcome?.ok && (
          <Alert color="green" variant="light" role="status">
            {t('results.done', { recipients: outcome.recipients, documents: outcome.documents })}
          </Alert>
        )}
        {state.step === 'tooMany' && (
          <Alert color="red" variant="light" role="alert">
            {t('results.tooMany', { max: ARGE_IMPORT_MAX_FILES })}
          </Alert>
        )}
        {issues.length > 0 && (
          <Alert
            color={refused ? 'red' : 'orange'}
            variant="light"
            role={refused ? 'alert' : 'status'}
            title={refused ? t('results.refused') : t('results.warnings')}
          >
            <List size="sm" spacing={4} data-testid="arge-import-issues">
              {issues.map((issue, i) => (
                <List.Item key={i} data-code={issue.code}>
                  {issueText(issue)}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        {state.step === 'error' && <ErrorNotice title={t('results.failed')} error={state.error} />}
      </Stack>
    </Paper>
  );
}

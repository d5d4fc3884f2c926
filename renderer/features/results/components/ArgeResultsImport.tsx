import { useState } from 'react';
import { Alert, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FilledTemplate } from '@shared/msc/billing-input';
import { ARGE_IMPORT_MAX_FILES, type ArgeImportIssue } from '@shared/ipc/channels/arge-import';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { api } from '@renderer/lib/api';
import { pickArgeFiles } from '@renderer/lib/files';
import { invalidate } from '@renderer/lib/queries';
import { importIssueText } from '@renderer/features/arge/import-text';
import type { PeriodKey } from '@renderer/features/results/queries';

type State =
  | { step: 'idle' }
  | { step: 'busy' }
  | { step: 'done'; recipients: number; documents: number; issues: ArgeImportIssue[] }
  | { step: 'refused'; issues: ArgeImportIssue[] }
  | { step: 'tooMany' }
  | { step: 'error'; error: unknown };

/**
 * "ARGE-Ergebnisdateien einlesen": D (with E835, E898 and the PDFs, picked together) into the period's results,
 * for an MSC that delivers files (docs/arge.md). `filled`: the period's draft, whose recipients the files are matched
 * to when there is no binding submission.
 */
export function ArgeResultsImport({ where, filled }: { where: PeriodKey; filled: FilledTemplate | null }) {
  const { t, i18n } = useTranslation('arge-import');
  const lang = i18n.language.startsWith('en') ? 'en' : 'de';
  const [state, setState] = useState<State>({ step: 'idle' });
  const run = async () => {
    setState({ step: 'busy' });
    try {
      const files = await pickArgeFiles('results');
      if (!files) {
        setState({ step: 'idle' });
        return;
      }
      if (files.length > ARGE_IMPORT_MAX_FILES) {
        setState({ step: 'tooMany' });
        return;
      }
      const outcome = await api['arge-import:results']({ ...where, files, ...(filled ? { filled } : {}) });
      if (!outcome.ok) {
        setState({ step: 'refused', issues: outcome.issues });
        return;
      }
      setState({ step: 'done', ...outcome });
      await Promise.all(['results:get', 'results:list', 'periods:list'].map((c) => invalidate([c])));
    } catch (error) {
      setState({ step: 'error', error });
    }
  };
  const issues = state.step === 'done' || state.step === 'refused' ? state.issues : [];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="arge-import-title" data-testid="arge-results-import">
      <Stack gap="sm">
        <Title order={2} size="h4" id="arge-import-title">
          {t('results.title')}
        </Title>
        <Text size="sm">{t('results.intro')}</Text>
        <Group>
          <Button variant="default" loading={state.step === 'busy'} onClick={() => void run()}>
            {t('results.button')}
          </Button>
        </Group>
        {state.step === 'done' && (
          <Alert color="green" variant="light" role="status">
            {t('results.done', { recipients: state.recipients, documents: state.documents })}
          </Alert>
        )}
        {state.step === 'tooMany' && (
          <Alert color="red" variant="light" role="alert">
            {t('results.tooMany', { max: ARGE_IMPORT_MAX_FILES })}
          </Alert>
        )}
        {issues.length > 0 && (
          <Alert
            color={state.step === 'refused' ? 'red' : 'orange'}
            variant="light"
            role={state.step === 'refused' ? 'alert' : 'status'}
            title={state.step === 'refused' ? t('results.refused') : t('results.warnings')}
          >
            <List size="sm" spacing={4} data-testid="arge-import-issues">
              {issues.map((issue, i) => (
                <List.Item key={i} data-code={issue.code}>
                  {importIssueText(lang, issue)}
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

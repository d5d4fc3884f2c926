import { useState } from 'react';
import { Alert, Button, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CriteriaOutcome } from '@shared/ipc/channels/arge-import';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { api } from '@renderer/lib/api';
import { pickArgeFiles } from '@renderer/lib/files';
import { invalidate } from '@renderer/lib/queries';
import { importIssueText } from '@renderer/features/arge/import-text';

type State = { step: 'idle' } | { step: 'busy' } | { step: 'done'; outcome: CriteriaOutcome } | { step: 'error'; error: unknown };

const shortList = (xs: readonly string[]): string => (xs.length > 10 ? `${xs.slice(0, 10).join(', ')} …` : xs.join(', '));

/** "ARGE-Zuordnungsdatei (A) einlesen": the MSC's matching by file, taken over like its answer through the API. */
export function ArgeCriteriaImport({ connectionId }: { connectionId: string }) {
  const { t, i18n } = useTranslation('arge-import');
  const lang = i18n.language.startsWith('en') ? 'en' : 'de';
  const [state, setState] = useState<State>({ step: 'idle' });
  const run = async () => {
    setState({ step: 'busy' });
    try {
      const files = await pickArgeFiles('criteria');
      if (!files) {
        setState({ step: 'idle' });
        return;
      }
      const outcome = await api['arge-import:criteria']({ connectionId, files });
      setState({ step: 'done', outcome });
      await Promise.all(['units:setups', 'units:matching', 'units:page', 'units:list'].map((c) => invalidate([c])));
    } catch (error) {
      setState({ step: 'error', error });
    }
  };
  const outcome = state.step === 'done' ? state.outcome : undefined;
  return (
    <Stack gap="xs" data-testid="arge-criteria-import">
      <Text size="sm" c="dimmed">
        {t('criteria.intro')}
      </Text>
      <div>
        <Button variant="default" loading={state.step === 'busy'} onClick={() => void run()}>
          {t('criteria.button')}
        </Button>
      </div>
      {outcome && (
        <Alert color={outcome.properties.length > 0 ? 'green' : 'orange'} variant="light" role="status">
          {outcome.properties.length === 0 && <Text size="sm">{t('criteria.nothing')}</Text>}
          {outcome.properties.map((p) => (
            <Stack key={p.billingunit} gap={2}>
              <Text size="sm">{t('criteria.done', { billingunit: p.billingunit, matched: p.matched })}</Text>
              {p.unmatched.length > 0 && <Text size="sm">{t('criteria.unmatched', { list: shortList(p.unmatched) })}</Text>}
              {p.unknown.length > 0 && <Text size="sm">{t('criteria.unknown', { list: shortList(p.unknown) })}</Text>}
            </Stack>
          ))}
          {outcome.issues.length > 0 && (
            <List size="sm" spacing={4} mt="xs" data-testid="arge-criteria-issues">
              {outcome.issues.map((issue, i) => (
                <List.Item key={i} data-code={issue.code}>
                  {importIssueText(lang, issue)}
                </List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      {state.step === 'error' && <ErrorNotice title={t('criteria.failed')} error={state.error} />}
    </Stack>
  );
}

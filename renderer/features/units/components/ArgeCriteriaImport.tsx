import { Alert, Button, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { api } from '@renderer/lib/api';
import { useArgeFileImport } from '@renderer/features/arge/useArgeFileImport';

const shortList = (xs: readonly string[]): string => (xs.length > 10 ? `${xs.slice(0, 10).join(', ')} …` : xs.join(', '));

/** "ARGE-Zuordnungsdatei (A) einlesen": the MSC's matching by file, taken over like its answer through the API. */
export function ArgeCriteriaImport({ connectionId }: { connectionId: string }) {
  const { t } = useTranslation('arge-import');
  const { state, run, issueText } = useArgeFileImport({
    kind: 'criteria',
    read: (files) => api['arge-import:criteria']({ connectionId, files }),
    staleAfter: () => ['units:setups', 'units:matching', 'units:page', 'units:list'],
  });
  const outcome = state.step === 'done' ? state.outcome : undefined;
  return (
    <Stack gap="xs" data-testid="arge-criteria-import">
      <Text size="sm" c="dimmed">
        {t('criteria.intro')}
      </Text>
      <div>
        <Button variant="default" loading={state.step === 'busy'} onClick={run}>
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
                  {issueText(issue)}
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

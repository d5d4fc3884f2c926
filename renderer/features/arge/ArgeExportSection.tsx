import { useState } from 'react';
import { Alert, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FilledTemplate } from '@shared/msc/billing-input';
import type { ArgeIssue } from '@shared/ipc/channels/arge';
import type { ExportIssue } from '@shared/arge/export';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { api } from '@renderer/lib/api';
import { saveFile } from '@renderer/lib/files';
import type { PeriodRef } from '@renderer/features/billing/queries';
import { exportIssueText } from '@renderer/features/arge/issue-text';

type State =
  | { step: 'idle' }
  | { step: 'busy' }
  | { step: 'saved'; names: string[]; notes: ArgeIssue[] }
  | { step: 'refused'; issues: ArgeIssue[] }
  | { step: 'error'; error: unknown };

type Props = { where: PeriodRef; filled: FilledTemplate | null; blocked: string | null };

/** "Als ARGE-Dateien exportieren": the period's draft as DTM and DTK files for an MSC that takes files (docs/arge.md). */
export function ArgeExportSection({ where, filled, blocked }: Props) {
  const { t, i18n } = useTranslation('arge');
  const lang = i18n.language.startsWith('en') ? 'en' : 'de';
  const [state, setState] = useState<State>({ step: 'idle' });
  // The channel's schema mirrors the check's issue shape exactly; the text comes from the same locale entries.
  const text = (issue: ArgeIssue): string => exportIssueText(lang, issue as ExportIssue);

  const run = async (draft: FilledTemplate) => {
    setState({ step: 'busy' });
    try {
      const outcome = await api['arge:export']({ ...where, filled: draft });
      if (!outcome.ok) {
        setState({ step: 'refused', issues: outcome.issues });
        return;
      }
      const names: string[] = [];
      for (const file of outcome.files) {
        const saved = await saveFile(file);
        if (saved) names.push(file.name);
      }
      setState(names.length > 0 ? { step: 'saved', names, notes: outcome.notes } : { step: 'idle' });
    } catch (error) {
      setState({ step: 'error', error });
    }
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="arge-title" data-testid="arge-section">
      <Stack gap="sm">
        <Title order={2} size="h4" id="arge-title">
          {t('export.title')}
        </Title>
        <Text size="sm">{t('export.intro')}</Text>
        <Group>
          <Button
            variant="default"
            loading={state.step === 'busy'}
            disabled={filled === null}
            onClick={() => {
              if (filled) void run(filled);
            }}
          >
            {t('export.button')}
          </Button>
          {filled === null && blocked !== null && (
            <Text size="sm" c="dimmed">
              {blocked}
            </Text>
          )}
        </Group>
        {state.step === 'refused' && (
          <Alert
            color="red"
            title={t('export.refused', { count: state.issues.filter((i) => i.severity === 'error').length })}
            role="alert"
          >
            <List size="sm" spacing={4}>
              {state.issues.map((issue, i) => (
                <List.Item key={i}>{text(issue)}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {state.step === 'saved' && (
          <Alert color="green" title={t('export.saved', { names: state.names.join(', ') })} role="status">
            {state.notes.length > 0 && (
              <>
                <Text size="sm">{t('export.notes')}</Text>
                <List size="sm" spacing={4}>
                  {state.notes.map((issue, i) => (
                    <List.Item key={i}>{text(issue)}</List.Item>
                  ))}
                </List>
              </>
            )}
          </Alert>
        )}
        {state.step === 'error' && <ErrorNotice title={t('export.failed')} error={state.error} />}
      </Stack>
    </Paper>
  );
}

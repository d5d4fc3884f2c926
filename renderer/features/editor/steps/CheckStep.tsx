import { useMemo } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFileExchange, withFileWords } from '@renderer/features/agreements/file-words';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { useFormat } from '@renderer/lib/format';
import { MessageGroups } from '@renderer/features/editor/components/MessageGroups';
import { TotalsSummary } from '@renderer/features/editor/components/TotalsSummary';
import { useDraftCheck } from '@renderer/features/editor/useDraftCheck';
import { asFilled } from '@renderer/features/billing/draft-content';
import { Co2SplitPreview } from '@renderer/features/billing/components/Co2SplitPreview';
import type { StepProps } from '@renderer/features/editor/steps/StepBody';

/**
 * Prüfen: totals, the local pre-check and the MSC's test check of the saved revision, each message a link; with
 * the check result the CO2 cost split the checked submission leads to (computed here, before the MSC bills).
 */
export function CheckStep({ where, model, content, template }: StepProps) {
  const { t: plain } = useTranslation('editor');
  const t = withFileWords(plain, useFileExchange());
  const fmt = useFormat();
  const check = useDraftCheck(where, model, content);
  // The result belongs to the saved revision, which is this content: the split of what was checked.
  const filled = useMemo(() => asFilled(content, template), [content, template]);
  const { current, last } = check;
  const stale = !check.unsaved && last.data !== undefined && last.data !== null && current === null;
  return (
    <Stack gap="md">
      <TotalsSummary content={content} />
      <Paper withBorder p="md" component="section" aria-label={t('check.local')}>
        <Title order={2} size="h4" mb="xs">
          {t('check.local')}
        </Title>
        {check.localMessages.length === 0 ? (
          <Text size="sm">{t('check.localNone')}</Text>
        ) : (
          <MessageGroups where={where} messages={check.localMessages} testId="local-messages" />
        )}
      </Paper>
      <Paper withBorder p="md" component="section" aria-label={t('check.msc')} data-testid="msc-check">
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h4">
            {t('check.msc')}
          </Title>
          {!model.readOnly && (
            <Button onClick={() => void check.run()} loading={check.isPending}>
              {t('check.run')}
            </Button>
          )}
        </Group>
        {check.incomplete && (
          <Alert color="yellow" title={t('check.incompleteTitle')} mb="sm">
            {t('check.incomplete')}
          </Alert>
        )}
        {check.error !== null && <ErrorNotice title={t('check.failed')} error={check.error} />}
        {check.unsaved && <Text size="sm">{t('check.unsaved')}</Text>}
        {stale && (
          <Text size="sm" data-testid="check-stale">
            {t('check.stale')}
          </Text>
        )}
        {last.data === null && !check.unsaved && <Text size="sm">{t('check.never')}</Text>}
        {current !== null && (
          <Stack gap="xs" data-testid="check-result">
            <Text size="sm">
              {t('check.at', { at: fmt.dateTime(current.at), revision: current.revision })}{' '}
              {current.outcome.result === 'passed'
                ? t('check.passed')
                : t('check.withMessages', { count: check.mscMessages.length })}
            </Text>
            {check.mscMessages.length > 0 && <MessageGroups where={where} messages={check.mscMessages} testId="msc-messages" />}
            {filled !== null && <Co2SplitPreview filled={filled} template={template} />}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}

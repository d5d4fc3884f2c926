import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ArchiveEntry } from '@shared/domain/workspace';
import type { FilledTemplate } from '@shared/msc/billing-input';
import { RESULT_COLOR } from '@renderer/features/archive/archive-text';
import { MessageGroups, MessageList } from '@renderer/features/archive/components/MessageList';
import { ToneBadge } from '@renderer/components/ToneBadge';
import { WrittenFiles } from '@renderer/features/agreements/WrittenFiles';
import { useFileExchange, withFileWords } from '@renderer/features/agreements/file-words';

type Props = { entry: ArchiveEntry; filled: FilledTemplate | undefined; connectionId: string };

/** How the check or submission ended, with the MSC's messages and, for a submission, the warnings it accepted. */
export function EntryOutcome({ entry, filled, connectionId }: Props) {
  const { t: plain, i18n } = useTranslation('archive');
  const t = withFileWords(plain, useFileExchange());
  const { result } = entry;
  const failedText =
    result.kind !== 'failed'
      ? undefined
      : i18n.language === 'de'
        ? result.message
        : i18n.exists(`errors:code.${result.code}`)
          ? t(`errors:code.${result.code}`)
          : t('errors:unexpected');
  return (
    <>
      <Paper
        withBorder
        p="md"
        component="section"
        aria-labelledby="outcome-title"
        data-testid="entry-outcome"
        data-result={result.kind}
      >
        <Group gap="sm" mb="xs">
          <Title order={2} size="h4" id="outcome-title">
            {t('outcome.title')}
          </Title>
          <ToneBadge color={RESULT_COLOR[result.kind]} size="lg">
            {t(`result.${result.kind}`)}
          </ToneBadge>
        </Group>
        <Stack gap={4}>
          <Text size="sm">
            {t(result.kind === 'messages' && entry.action !== 'VALIDATE' ? 'outcome.rejected' : `outcome.${result.kind}`)}
          </Text>
          {result.kind === 'commissioned' && (
            <Text size="sm" fw={600} data-testid="entry-transaction">
              {t('outcome.transaction', { id: result.transactionid })}
            </Text>
          )}
          {failedText !== undefined && (
            <Text size="sm" c="red.9">
              {failedText}
            </Text>
          )}
          {entry.response && (
            <Text size="xs" c="dimmed">
              {t('outcome.status', { status: entry.response.status })}
            </Text>
          )}
        </Stack>
        {result.kind === 'messages' && (
          <Stack mt="sm" gap="xs">
            <Title order={3} size="h5">
              {t('messages.title')}
            </Title>
            <MessageGroups messages={result.messages} filled={filled} />
          </Stack>
        )}
      </Paper>
      {result.kind === 'commissioned' && result.files !== undefined && (
        <WrittenFiles connectionId={connectionId} transactionid={result.transactionid} files={result.files} />
      )}
      {entry.acceptedWarnings !== undefined && (
        <Paper withBorder p="md" component="section" aria-labelledby="accepted-title" data-testid="accepted-warnings">
          <Title order={2} size="h4" id="accepted-title">
            {t('accepted.title', { count: entry.acceptedWarnings.length })}
          </Title>
          <Text size="sm" c="dimmed" mt={4} mb="xs">
            {entry.acceptedWarnings.length === 0 ? t('accepted.none') : t('accepted.intro')}
          </Text>
          <MessageList messages={entry.acceptedWarnings} filled={filled} testId="accepted-warning" />
        </Paper>
      )}
    </>
  );
}

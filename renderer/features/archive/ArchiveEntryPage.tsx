import type { ReactNode } from 'react';
import { Anchor, Paper, Skeleton, Stack } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useFileExchange, withFileWords } from '@renderer/features/agreements/file-words';
import type { ArchiveEntry } from '@shared/domain/workspace';
import { FilledTemplate } from '@shared/msc/billing-input';
import { PageHeader } from '@renderer/components/PageHeader';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { useFormat } from '@renderer/lib/format';
import { useConnections } from '@renderer/lib/useActiveConnection';
import { useArchiveEntry, useUnitAddresses } from '@renderer/features/archive/useArchive';
import { EntryOutcome } from '@renderer/features/archive/components/EntryOutcome';
import { RequestSummary } from '@renderer/features/archive/components/RequestSummary';
import { ReportActions } from '@renderer/features/archive/components/ReportActions';
import '@renderer/features/archive/archive.css';

/** One archived check or submission: what was sent, what came back, and its report. */
export function ArchiveEntryPage() {
  const { t: plain } = useTranslation('archive');
  const t = withFileWords(plain, useFileExchange());
  const { connectionId = '', entryId = '' } = useParams();
  const entry = useArchiveEntry(connectionId, entryId);
  const back = (
    <Anchor component={Link} to="/archiv" size="sm">
      {t('entry.back')}
    </Anchor>
  );
  if (entry.isPending) {
    return (
      <>
        <PageHeader title={t('title')} actions={back} />
        <Stack gap="md">
          <Skeleton height={120} />
          <Skeleton height={220} />
        </Stack>
      </>
    );
  }
  if (entry.error || !entry.data) {
    return (
      <>
        <PageHeader title={t('title')} actions={back} />
        {entry.error ? (
          <ErrorNotice title={t('entry.error')} error={entry.error} onRetry={() => void entry.refetch()} />
        ) : (
          <ErrorNotice title={t('entry.error')} message={t('entry.notFound')} />
        )}
      </>
    );
  }
  return <EntryView connectionId={connectionId} entry={entry.data} back={back} />;
}

function EntryView({ connectionId, entry, back }: { connectionId: string; entry: ArchiveEntry; back: ReactNode }) {
  const { t: plain } = useTranslation('archive');
  const t = withFileWords(plain, useFileExchange());
  const format = useFormat();
  const connections = useConnections().data ?? [];
  const connection = connections.find((c) => c.id === connectionId);
  const addresses = useUnitAddresses(connection ? [connection] : []);
  const parsed = FilledTemplate.safeParse(entry.request);
  const filled = parsed.success ? parsed.data : undefined;
  const address = addresses.get(`${connectionId}/${entry.billingunit}`);
  const facts: [string, string][] = [
    [t('entry.action'), t(`action.${entry.action}`)],
    [t('entry.at'), format.dateTime(entry.at)],
    [t('entry.unit'), address === undefined ? entry.billingunit : `${entry.billingunit} · ${address}`],
    [t('entry.period'), format.date(entry.periodTo)],
    [t('entry.connection'), connection?.name ?? connectionId],
  ];
  return (
    <>
      <PageHeader
        title={t('entry.title', { action: t(`action.${entry.action}`), at: format.dateTime(entry.at) })}
        actions={back}
      />
      <div className="archive-entry">
        <Paper withBorder p="md" component="section" aria-label={t('entry.facts')} data-testid="entry-facts">
          <dl className="archive-facts">
            {facts.map(([k, v]) => (
              <div key={k} className="archive-fact">
                <dt>{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
          {entry.result.kind !== 'failed' && (
            <Stack mt="sm">
              <ReportActions connectionId={connectionId} archiveId={entry.id} />
            </Stack>
          )}
        </Paper>
        <EntryOutcome entry={entry} filled={filled} connectionId={connectionId} />
        <RequestSummary filled={filled} />
      </div>
    </>
  );
}

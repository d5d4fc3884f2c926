import { Alert, Button, DataList, Group, Paper, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { PageHeader } from '@renderer/components/PageHeader';
import { BillingBreadcrumbs, billingPath } from '@renderer/features/billing/components/BillingBreadcrumbs';
import { useUnitRoute } from '@renderer/features/billing/pages/useUnitRoute';
import { useFormat } from '@renderer/lib/format';
import { resultRows, type ResultRow } from '@renderer/features/results/result-rows';
import { usePeriodResult, useCheckNow, useSaveFile } from '@renderer/features/results/queries';
import { ResultsTable } from '@renderer/features/results/components/ResultsTable';
import { ReconSection } from '@renderer/features/results/components/ReconSection';
import { ArgeResultsImport } from '@renderer/features/results/components/ArgeResultsImport';
import { ResultOriginNote } from '@renderer/features/results/components/ResultOriginNote';
import { TaxSharesSection } from '@renderer/features/results/components/TaxSharesSection';
import { useChannel } from '@renderer/lib/queries';
import { useFileExchange, withFileWords } from '@renderer/features/agreements/file-words';
import { toFilledTemplate } from '@renderer/features/editor/to-filled';
import '@renderer/features/billing/billing.css';

/**
 * `/ergebnisse/:connectionId/:billingunit/:periodTo`: the MSC's billing result of one period, read from the
 * results archive (so it stays when the MSC no longer serves it), with the tenants' PDFs, the Excel export and
 * the reconciliation with what was submitted.
 */
export function ResultsPage() {
  const { t: plain } = useTranslation('results');
  // A file-exchange MSC cannot be asked: its result comes as files the clerk reads in below.
  const files = useFileExchange();
  const t = withFileWords(plain, files);
  const format = useFormat();
  const { unit, period: where, address, crumbs, text } = useUnitRoute();
  const read = usePeriodResult(where);
  const checkNow = useCheckNow();
  const openPdf = useSaveFile('results:document');
  const zip = useSaveFile('results:documents-zip');
  const excel = useSaveFile('results:export');
  const [opening, setOpening] = useState<string>();
  const draft = useChannel('drafts:get', where);
  const filled = useMemo(() => (draft.data ? toFilledTemplate(draft.data.content) : null), [draft.data]);
  const stored = read.data?.stored ?? null;
  const rows = useMemo(() => (stored ? resultRows(stored.result, stored.documents) : []), [stored]);
  const periodLabel = where ? format.date(where.periodTo) : '';
  const pageCrumbs = [
    ...crumbs(t('page.periodCrumb', { to: periodLabel })).map((c, i, all) =>
      i === all.length - 1 && where ? { ...c, to: billingPath(unit.connectionId, unit.billingunit, where.periodTo) } : c,
    ),
    { label: t('page.crumb') },
  ];
  const open = (row: ResultRow) => {
    if (!where || !row.document) return;
    setOpening(row.document.documentid);
    openPdf.mutate(
      { ...where, documentid: row.document.documentid },
      {
        onSettled: () => {
          setOpening(undefined);
        },
      },
    );
  };
  return (
    <div className="billing-page">
      <BillingBreadcrumbs items={pageCrumbs} />
      <PageHeader
        title={t('page.title', { period: periodLabel })}
        description={`${text.t('unit.crumb', { number: unit.billingunit })}${address ? ` · ${address}` : ''}`}
      />
      <Stack gap="md">
        {read.isPending && <Text c="dimmed">{t('page.loading')}</Text>}
        {read.error && <ErrorNotice title={t('page.failed')} error={read.error} onRetry={() => void read.refetch()} />}
        {read.data && !stored && (
          <Alert color={read.data.awaited ? 'blue' : 'gray'} variant="light" data-testid="result-waiting">
            <Text size="sm">{read.data.awaited ? t('page.awaited') : t('page.none')}</Text>
            {!files && (
              <Button
                mt="sm"
                size="compact-sm"
                variant="default"
                loading={checkNow.isPending}
                onClick={() => {
                  if (where) checkNow.mutate(where);
                }}
              >
                {t('page.checkNow')}
              </Button>
            )}
            {checkNow.data && !checkNow.data.stored && (
              <Text size="sm" mt="xs" role="status">
                {t('page.notYet')}
              </Text>
            )}
          </Alert>
        )}
        {checkNow.error && <ErrorNotice title={t('page.checkFailed')} error={checkNow.error} />}
        {stored && where && (
          <>
            <Paper withBorder p="sm" data-testid="result-facts">
              <DataList orientation="vertical" className="billing-facts-row">
                <Fact label={t('facts.billedOn')} value={format.date(stored.result.billingdate)} />
                <Fact label={t('facts.storedAt')} value={format.dateTime(stored.storedAt)} />
                <Fact label={t('facts.recipients')} value={format.integer(stored.result.results.length)} />
                <Fact
                  label={t('facts.distributable')}
                  value={format.money(amount(stored.result.totals.distributablecost, stored.result.expectedvat))}
                />
                <Fact
                  label={t('facts.co2')}
                  value={format.money(amount(stored.result.totals.co2landlordshare, stored.result.expectedvat))}
                />
                <Fact label={t('facts.amounts')} value={t(stored.result.expectedvat === 'NET' ? 'facts.net' : 'facts.gross')} />
              </DataList>
            </Paper>
            <Group gap="xs">
              <Button
                variant="default"
                loading={zip.isPending}
                onClick={() => {
                  zip.mutate(where);
                }}
              >
                {t('actions.zip')}
              </Button>
              <Button
                variant="default"
                loading={excel.isPending}
                onClick={() => {
                  excel.mutate(where);
                }}
              >
                {t('actions.excel')}
              </Button>
            </Group>
            {[openPdf.error, zip.error, excel.error].map(
              (e, i) => e && <ErrorNotice key={i} title={t('actions.failed')} error={e} />,
            )}
            {stored.origin && <ResultOriginNote origin={stored.origin} />}
            <ResultsTable rows={rows} onOpen={open} opening={opening} />
            {stored.origin && stored.origin.taxShares.length > 0 && (
              <TaxSharesSection shares={stored.origin.taxShares} recipients={rows} />
            )}
            <ReconSection where={where} draft={stored.origin ? filled : null} />
          </>
        )}
        {read.data && where && <ArgeResultsImport where={where} filled={filled} />}
      </Stack>
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{value}</DataList.ItemValue>
    </DataList.Item>
  );
}

const amount = (a: { grossamount?: string | undefined; netamount?: string | undefined }, vat: string) =>
  (vat === 'NET' ? a.netamount : a.grossamount) ?? '0.00';

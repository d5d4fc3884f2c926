import { Alert, Badge, Button, Group, List, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseGermanNumber, formatIso } from '@shared/domain/decimal';
import type { ReconciliationOutput } from '@shared/ipc/channels/results';
import type { FilledTemplate } from '@shared/msc/billing-input';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { useFormat } from '@renderer/lib/format';
import { useReconcile, useSaveFile, type PeriodKey } from '@renderer/features/results/queries';

type Message = ReconciliationOutput['messages'][number];
const COLOR = { error: 'red', warning: 'orange', info: 'blue' } as const;

/** The reconciliation with the submission: run it, read the located differences, save them as PDF or Excel. */
export function ReconSection({ where, draft }: { where: PeriodKey; draft?: FilledTemplate | null }) {
  const { t: ti } = useTranslation('arge-import');
  const { t } = useTranslation('results');
  const format = useFormat();
  const reconcile = useReconcile();
  const report = useSaveFile('results:reconcile-report');
  const [threshold, setThreshold] = useState(() => format.decimal('500', 2));
  const parsed = parseGermanNumber(threshold, 2);
  const balanceThreshold = parsed.ok && parsed.value.units >= 0n ? formatIso(parsed.value) : undefined;
  const input = {
    ...where,
    ...(balanceThreshold === undefined ? {} : { balanceThreshold }),
    ...(draft ? { filled: draft } : {}),
  };
  const recon = reconcile.data;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="recon-title" data-testid="recon">
      <Title order={2} size="h4" id="recon-title">
        {t('recon.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('recon.description')}
      </Text>
      <Group align="flex-end" gap="sm">
        <TextInput
          label={t('recon.threshold')}
          value={threshold}
          onChange={(e) => {
            setThreshold(e.currentTarget.value);
          }}
          error={balanceThreshold === undefined ? t('recon.thresholdInvalid') : undefined}
          w={200}
          inputMode="decimal"
        />
        <Button
          onClick={() => {
            reconcile.mutate(input);
          }}
          loading={reconcile.isPending}
          disabled={balanceThreshold === undefined}
        >
          {t('recon.run')}
        </Button>
      </Group>
      {reconcile.error && <ErrorNotice title={t('recon.failed')} error={reconcile.error} />}
      {recon && (
        <Stack gap="sm" mt="md" data-testid="recon-result">
          <Group gap="xs">
            <Badge color={recon.counts.error > 0 ? 'red' : 'green'} variant="light" tt="none">
              {t('recon.errors', { count: recon.counts.error })}
            </Badge>
            <Badge color={recon.counts.warning > 0 ? 'orange' : 'gray'} variant="light" tt="none">
              {t('recon.warnings', { count: recon.counts.warning })}
            </Badge>
            <Badge color="blue" variant="light" tt="none">
              {t('recon.infos', { count: recon.counts.info })}
            </Badge>
          </Group>
          {recon.comparedWith === 'draft' && (
            <Text size="sm" data-testid="recon-draft">
              {ti('results.comparedWithDraft')}
            </Text>
          )}
          <Text size="sm">
            {t('recon.totals', { submitted: format.money(recon.submitted), billed: format.money(recon.billed) })}
          </Text>
          {recon.messages.length === 0 ? (
            <Alert color="green" variant="light">
              {t('recon.clean')}
            </Alert>
          ) : (
            <List spacing={6} size="sm" aria-label={t('recon.listLabel')}>
              {recon.messages.map((m, i) => (
                <List.Item key={i} data-testid="recon-message" data-code={m.code}>
                  <Badge color={COLOR[m.severity]} variant="light" tt="none" size="sm" mr={6}>
                    {t(`recon.severity.${m.severity}`)}
                  </Badge>
                  <Text span fw={600} size="sm">
                    {placeOf(m, t)}
                  </Text>
                  {': '}
                  <MessageText m={m} />
                </List.Item>
              ))}
            </List>
          )}
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {t('recon.save')}
            </Text>
            {(['pdf', 'excel'] as const).map((f) => (
              <Button
                key={f}
                size="compact-sm"
                variant="default"
                loading={report.isPending && report.variables.format === f}
                onClick={() => {
                  report.mutate({ ...input, format: f });
                }}
              >
                {t(`recon.format.${f}`)}
              </Button>
            ))}
          </Group>
          {report.error && <ErrorNotice title={t('recon.reportFailed')} error={report.error} />}
        </Stack>
      )}
    </Paper>
  );
}

function placeOf(m: Message, t: (key: string, o?: Record<string, unknown>) => string): string {
  const p = m.place;
  if (!p) return t('recon.property');
  return t('recon.place', { unit: p.residentialunitPmnumber ?? p.residentialunitMscnumber, name: p.name ?? p.partnerPmnumber });
}

/** A message in the clerk's words, its amounts formatted as money. */
function MessageText({ m }: { m: Message }) {
  const { t } = useTranslation('results');
  const format = useFormat();
  const params: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(m.params)) {
    params[k] =
      typeof v === 'string' && /^-?\d+\.\d{2}$/.test(v) ? format.money(v.replace(/^-/, k === 'difference' ? '-' : '')) : v;
  }
  if (m.code === 'BALANCE_HIGH') {
    const refund = String(m.params.balance).startsWith('-');
    return <>{t(`recon.code.BALANCE_HIGH_${refund ? 'refund' : 'pays'}`, params)}</>;
  }
  return <>{t(`recon.code.${m.code}`, params)}</>;
}

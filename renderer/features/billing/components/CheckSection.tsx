import { useEffect, useRef } from 'react';
import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { ToneBadge } from '@renderer/features/billing/components/Tone';
import type { Template } from '@shared/msc/billing-input';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { CheckMessages } from '@renderer/features/billing/components/CheckMessages';
import { Co2SplitPreview } from '@renderer/features/billing/components/Co2SplitPreview';
import { ReportButtons } from '@renderer/features/billing/components/ReportButtons';
import { countOf } from '@renderer/features/billing/useCheckSubmit';
import { checkResultText } from '@renderer/features/billing/check-counts';
import type { CheckState } from '@renderer/features/billing/useCheckSubmit';
import { useBillingText } from '@renderer/features/billing/useBillingText';

type Props = {
  check: CheckState;
  template: Template;
  revision: number | null;
  /** Why checking is not possible now; null when it is. */
  blocked: string | null;
  onCheck: () => void;
  onReport: (archiveId: string, format: 'pdf' | 'excel') => void;
};

/** The test check (Prüfen): repeatable, stores nothing at the measuring service. */
export function CheckSection({ check, template, revision, blocked, onCheck, onReport }: Props) {
  const { t } = useBillingText();
  const last = check.state === 'done' && check.last.source === 'check' ? check.last : null;
  const checking = check.state === 'checking';
  const resultRef = useRef<HTMLDivElement>(null);
  const ranHere = useRef(false);
  // A fresh result may sit below the fold of a long draft; bring it to the clerk's eye. A kept one, shown on
  // opening the page, leaves the page at its top.
  useEffect(() => {
    if (checking) ranHere.current = true;
    else if (ranHere.current && last) {
      ranHere.current = false;
      resultRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    }
  }, [checking, last]);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="check-title" data-testid="check-section">
      <Group justify="space-between" align="baseline" mb="xs">
        <Title order={2} size="h4" id="check-title">
          {t('check.title')}
        </Title>
        <Button
          onClick={() => {
            if (!checking) onCheck();
          }}
          disabled={blocked !== null}
          data-disabled={checking || undefined}
          aria-disabled={checking || undefined}
          leftSection={checking ? <Loader size={14} color="currentColor" /> : undefined}
        >
          {checking ? t('check.running') : t('check.run')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('check.intro')}
      </Text>
      {blocked !== null && (
        <Text size="sm" c="dimmed" mt={4}>
          {blocked}
        </Text>
      )}
      {check.state === 'error' && <ErrorNotice title={t('check.failed')} error={check.error} />}
      {last && (
        <Stack
          ref={resultRef}
          gap="sm"
          mt="sm"
          data-testid="check-result"
          data-result={last.messages.length === 0 ? 'passed' : 'messages'}
        >
          <Group gap="md">
            <ResultBadge
              errors={countOf(last.messages, 'ERROR')}
              warnings={countOf(last.messages, 'WARNING')}
              notes={countOf(last.messages, 'INFO')}
            />
            {revision !== null && last.revision !== revision && (
              <Text size="sm" c="dimmed">
                {t('check.outdated')}
              </Text>
            )}
            {last.archiveId !== undefined && (
              <ReportButtons archiveId={last.archiveId} onReport={onReport} label={t('report.save')} />
            )}
          </Group>
          {last.messages.length === 0 ? (
            <Text size="sm">{t('check.passedText')}</Text>
          ) : (
            <CheckMessages messages={last.messages} filled={last.filled} template={template} />
          )}
          {last.filled !== undefined && <Co2SplitPreview filled={last.filled} template={template} />}
        </Stack>
      )}
    </Paper>
  );
}

function ResultBadge({ errors, warnings, notes }: { errors: number; warnings: number; notes: number }) {
  const { t } = useBillingText();
  const passed = errors + warnings + notes === 0;
  return (
    <ToneBadge color={passed ? 'green' : errors > 0 ? 'red' : 'yellow'} size="lg" tt="none">
      {checkResultText(t, { errors, warnings, notes })}
    </ToneBadge>
  );
}

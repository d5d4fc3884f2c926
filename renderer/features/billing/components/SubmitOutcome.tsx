import { useEffect, useRef } from 'react';
import { Text } from '@mantine/core';
import { ToneAlert } from '@renderer/features/billing/components/Tone';
import type { FilledTemplate, Template } from '@shared/msc/billing-input';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { CheckMessages } from '@renderer/features/billing/components/CheckMessages';
import { countOf } from '@renderer/features/billing/useCheckSubmit';
import { countsText } from '@renderer/features/billing/check-counts';
import type { SubmitState } from '@renderer/features/billing/submit-steps';
import { useBillingText } from '@renderer/features/billing/useBillingText';

type Props = { submit: SubmitState; template: Template; filled: FilledTemplate | null };

/**
 * How the submission ended. It takes the focus: the button that started it is gone once the period is
 * commissioned, and the clerk should land on the answer rather than on the page body.
 */
export function SubmitOutcomeView({ submit, template, filled }: Props) {
  const { t } = useBillingText();
  const ref = useRef<HTMLDivElement>(null);
  const shown = submit.step === 'outcome' || submit.step === 'error' ? submit : null;
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown]);
  if (shown === null) return null;
  if (shown.step === 'error') {
    return (
      <div ref={ref} tabIndex={-1}>
        <ErrorNotice title={t('submit.failed')} error={shown.error} />
      </div>
    );
  }
  const { outcome } = shown;
  const common = { ref, tabIndex: -1, mt: 'sm', 'data-testid': 'submit-outcome', 'data-status': outcome.status } as const;
  switch (outcome.status) {
    case 'commissioned':
      return (
        <ToneAlert {...common} color="green" role="status" title={t('submit.commissioned')}>
          <Text size="sm">
            {t('submit.transaction', { id: outcome.transactionid })}
            {outcome.confirmedBy === 'status' && ` ${t('submit.confirmedByStatus')}`}
          </Text>
        </ToneAlert>
      );
    case 'already-commissioned':
      return (
        <ToneAlert {...common} color="yellow" role="status" title={t('submit.alreadyCommissioned')}>
          <Text size="sm">
            {t('submit.nothingSent')}
            {outcome.transactionid !== undefined && ` ${t('submit.transaction', { id: outcome.transactionid })}`}
          </Text>
        </ToneAlert>
      );
    case 'rejected': {
      const errors = countOf(outcome.messages, 'ERROR');
      const warnings = countOf(outcome.messages, 'WARNING');
      const counts = countsText(t, { errors, warnings, notes: 0 });
      return (
        <ToneAlert {...common} color="red" role="alert" title={t('submit.rejected', { counts: counts || '–' })}>
          <Text size="sm" mb="sm">
            {t('submit.rejectedText')}
          </Text>
          {filled && <CheckMessages messages={outcome.messages} filled={filled} template={template} />}
        </ToneAlert>
      );
    }
  }
}

import { Button, Group, Paper, Text, Title } from '@mantine/core';
import type { BillingPeriod, FilledTemplate, Template } from '@shared/msc/billing-input';
import { SubmitDialog } from '@renderer/features/billing/components/SubmitDialog';
import { SubmitOutcomeView } from '@renderer/features/billing/components/SubmitOutcome';
import type { SubmitState } from '@renderer/features/billing/submit-steps';
import { useBillingText } from '@renderer/features/billing/useBillingText';

type Props = {
  period: BillingPeriod;
  what: string;
  submit: SubmitState;
  template: Template;
  filled: FilledTemplate | null;
  /** Why submitting is not possible now; null when it is. */
  blocked: string | null;
  warningsOnly: boolean;
  /** This draft revision has not been checked yet. */
  unchecked: boolean;
  onOpen: () => void;
  onCancel: () => void;
  onConfirm: (ignoreWarnings: boolean) => void;
};

/** The binding submission (Verbindlich übermitteln): confirmed in a dialog, then its outcome. */
export function SubmitSection(props: Props) {
  const { period, submit, blocked } = props;
  const { t, format } = useBillingText();
  const open = period.status === 'OPEN';
  const submitting = submit.step === 'submitting';
  const showOutcome = submit.step === 'outcome' || submit.step === 'error';
  const hint = blocked ?? (props.unchecked ? t('submit.unchecked') : null);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="submit-title" data-testid="submit-section">
      <Group justify="space-between" align="baseline" mb="xs">
        <Title order={2} size="h4" id="submit-title">
          {t('submit.title')}
        </Title>
        {open && (
          <Button onClick={props.onOpen} disabled={blocked !== null} data-disabled={submitting || undefined}>
            {t('submit.button')}
          </Button>
        )}
      </Group>
      {open && hint !== null && (
        <Text size="sm" c="dimmed" data-testid="submit-hint">
          {hint}
        </Text>
      )}
      {!open && !showOutcome && (
        <Text size="sm" data-testid="commissioned-info">
          {period.lastsubmission
            ? t('submit.commissionedInfo', {
                at: format.dateTime(period.lastsubmission.at),
                id: period.lastsubmission.transactionid,
              })
            : t('submit.inProgress')}
        </Text>
      )}
      <SubmitOutcomeView submit={submit} template={props.template} filled={props.filled} />
      <SubmitDialog
        opened={submit.step === 'confirm' || submitting}
        what={props.what}
        warningsOnly={submit.step === 'submitting' ? submit.ignoreWarnings : props.warningsOnly}
        submitting={submitting}
        onConfirm={props.onConfirm}
        onCancel={props.onCancel}
      />
    </Paper>
  );
}

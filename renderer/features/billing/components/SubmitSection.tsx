import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { BillingPeriod, FilledTemplate, Template } from '@shared/msc/billing-input';
import { SubmitDialog } from '@renderer/features/billing/components/SubmitDialog';
import { SubmitOutcomeView } from '@renderer/features/billing/components/SubmitOutcome';
import type { SubmitState } from '@renderer/features/billing/submit-steps';
import { useBillingText } from '@renderer/features/billing/useBillingText';

type Props = {
  period: BillingPeriod;
  billingunit: string;
  submit: SubmitState;
  template: Template;
  filled: FilledTemplate | null;
  /** Why submitting is not possible now; null when it is. */
  blocked: string | null;
  warningsOnly: boolean;
  /** The archive entry of the submission that commissioned this period, when the app made it. */
  commissionedEntry: string | undefined;
  connectionId: string;
  onOpen: () => void;
  onCancel: () => void;
  onConfirm: (ignoreWarnings: boolean) => void;
};

/** The binding submission (Verbindlich übermitteln): confirmed in a dialog, then its outcome; afterwards the state. */
export function SubmitSection(props: Props) {
  const { period, submit, blocked } = props;
  const { t } = useBillingText();
  const open = period.status === 'OPEN';
  const submitting = submit.step === 'submitting';

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
      {open && blocked !== null && (
        <Text size="sm" c="dimmed" data-testid="submit-hint">
          {blocked}
        </Text>
      )}
      {!open && <Commissioned {...props} />}
      <SubmitOutcomeView submit={submit} template={props.template} filled={props.filled} />
      <SubmitDialog
        opened={submit.step === 'confirm' || submitting}
        billingunit={props.billingunit}
        template={props.template}
        filled={props.filled}
        warningsOnly={submit.step === 'submitting' ? submit.ignoreWarnings : props.warningsOnly}
        submitting={submitting}
        onConfirm={props.onConfirm}
        onCancel={props.onCancel}
      />
    </Paper>
  );
}

/** A commissioned or billed period: since when, read-only, where its submission is kept and the ways on. */
function Commissioned({ period, commissionedEntry, connectionId }: Props) {
  const { t, format } = useBillingText();
  const state = period.lastsubmission
    ? t(period.status === 'BILLED' ? 'submit.billedInfo' : 'submit.commissionedInfo', {
        at: format.dateTime(period.lastsubmission.at),
        id: period.lastsubmission.transactionid,
      })
    : t('submit.inProgress');
  return (
    <Stack gap={4} data-testid="commissioned-info">
      <Text size="sm">{state}</Text>
      <Text size="sm">{t('submit.readOnly')}</Text>
      <Text size="sm" c="dimmed">
        {t('submit.waysOn')}
      </Text>
      {commissionedEntry !== undefined && (
        <Anchor
          component={Link}
          to={`/archiv/${encodeURIComponent(connectionId)}/${encodeURIComponent(commissionedEntry)}`}
          size="sm"
        >
          {t('submit.toArchiveEntry')}
        </Anchor>
      )}
    </Stack>
  );
}

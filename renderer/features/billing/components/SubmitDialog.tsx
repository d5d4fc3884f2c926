import { Text } from '@mantine/core';
import type { FilledTemplate, Template } from '@shared/msc/billing-input';
import { ConfirmDialog } from '@renderer/components/ConfirmDialog';
import { DraftTotals } from '@renderer/features/billing/components/DraftOverview';
import { useBillingText } from '@renderer/features/billing/useBillingText';

type Props = {
  opened: boolean;
  billingunit: string;
  template: Template;
  /** What is submitted; its sums are shown to compare with the books one last time. */
  filled: FilledTemplate | null;
  warningsOnly: boolean;
  submitting: boolean;
  /** A failure the door shows inside the question (the period page shows it below, as the outcome). */
  error?: unknown;
  onConfirm: (ignoreWarnings: boolean) => void;
  onCancel: () => void;
};

/**
 * The last question before a binding submission, the same at every door (period page and the editor's Übermitteln):
 * property, period and sums, and that it cannot be undone. The safe answer has the focus; while the submission
 * runs nothing closes the dialog and the confirm button ignores further clicks (no double submission).
 */
export function SubmitDialog({
  opened,
  billingunit,
  template,
  filled,
  warningsOnly,
  submitting,
  error,
  onConfirm,
  onCancel,
}: Props) {
  const text = useBillingText();
  const { t } = text;
  const what = t('submit.what', { billingunit, period: text.period(template.billingperiod) });
  return (
    <ConfirmDialog
      opened={opened}
      title={t('submit.dialogTitle')}
      confirmLabel={submitting ? t('submit.running') : warningsOnly ? t('submit.confirmDespite') : t('submit.confirm')}
      color={warningsOnly ? 'orange' : 'blue'}
      busy={submitting}
      spinner
      error={error ?? null}
      errorTitle={t('submit.failed')}
      onConfirm={() => {
        onConfirm(warningsOnly);
      }}
      onCancel={onCancel}
    >
      <Text size="sm">
        {t('submit.dialogText', { what })} <strong>{t('submit.irreversible')}</strong>
      </Text>
      {filled !== null && <DraftTotals filled={filled} template={template} label={t('submit.totalsLabel')} />}
      {warningsOnly && <Text size="sm">{t('submit.dialogWarnings')}</Text>}
    </ConfirmDialog>
  );
}

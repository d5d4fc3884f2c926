import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useBillingText } from '@renderer/features/billing/useBillingText';

type Props = {
  opened: boolean;
  what: string;
  warningsOnly: boolean;
  submitting: boolean;
  onConfirm: (ignoreWarnings: boolean) => void;
  onCancel: () => void;
};

/**
 * The last question before a binding submission; it cannot be undone, so the safe answer has the focus. While it
 * runs nothing closes the dialog, and the confirm button ignores further clicks (no double submission).
 */
export function SubmitDialog({ opened, what, warningsOnly, submitting, onConfirm, onCancel }: Props) {
  const { t } = useBillingText();
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!submitting) onCancel();
      }}
      title={t('submit.dialogTitle')}
      withCloseButton={false}
      closeOnClickOutside={!submitting}
      closeOnEscape={!submitting}
      centered
      // Scroll locking injects a <style> element, which the CSP forbids; the frame scrolls inside <main> anyway.
      lockScroll={false}
      size="lg"
    >
      <Stack gap="sm">
        <Text size="sm">
          {t('submit.dialogText', { what })} <strong>{t('submit.irreversible')}</strong>
        </Text>
        {warningsOnly && <Text size="sm">{t('submit.dialogWarnings')}</Text>}
        <Group gap="xs" justify="flex-end" mt="xs">
          <Button variant="default" onClick={onCancel} data-disabled={submitting || undefined} data-autofocus>
            {t('common:action.cancel')}
          </Button>
          <Button
            color={warningsOnly ? 'orange' : 'blue'}
            data-disabled={submitting || undefined}
            aria-disabled={submitting || undefined}
            onClick={() => {
              if (!submitting) onConfirm(warningsOnly);
            }}
          >
            {submitting ? t('submit.running') : warningsOnly ? t('submit.confirmDespite') : t('submit.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

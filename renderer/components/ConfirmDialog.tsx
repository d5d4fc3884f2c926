import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { useTranslation } from 'react-i18next';

type Props = {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  color?: string;
  busy: boolean;
  error: unknown;
  errorTitle: string;
  /** The confirm button shows a spinner while the step runs (for steps that take a moment, like a send). */
  spinner?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * A question before a step that drops work: it says what is lost, and the safe answer has the focus. While the
 * step runs the dialog stays open and the confirm button ignores further clicks; a failure is shown inside it.
 */
export function ConfirmDialog(props: Props) {
  const {
    opened,
    title,
    children,
    confirmLabel,
    color = 'red',
    busy,
    error,
    errorTitle,
    spinner = false,
    onConfirm,
    onCancel,
  } = props;
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!busy) onCancel();
      }}
      title={title}
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      closeButtonProps={{ 'aria-label': t('common:action.close') }}
      centered
      // Scroll locking injects a <style> element, which the CSP forbids.
      lockScroll={false}
      size="lg"
    >
      <Stack gap="sm">
        {children}
        {error !== null && error !== undefined && <ErrorNotice title={errorTitle} error={error} />}
        <Group gap="xs" justify="flex-end" mt="xs">
          <Button variant="default" onClick={onCancel} data-disabled={busy || undefined} data-autofocus>
            {t('common:action.cancel')}
          </Button>
          <Button
            color={color}
            loading={spinner && busy}
            data-disabled={busy || undefined}
            aria-disabled={busy || undefined}
            onClick={() => {
              if (!busy) onConfirm();
            }}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

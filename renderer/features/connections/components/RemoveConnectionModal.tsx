import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Connection } from '@shared/domain/connection';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { useRemoveConnection } from '@renderer/features/connections/mutations';

type Props = {
  connection: Connection | null;
  onClose: () => void;
  onRemoved: () => void;
  /** After the dialog has gone: the caller puts the focus where it makes sense (the trigger may be gone). */
  onGone: () => void;
};

/** Asks before removing a connection; the safe answer (cancel) has the focus. */
export function RemoveConnectionModal({ connection, onClose, onRemoved, onGone }: Props) {
  const { t } = useTranslation('connections');
  const remove = useRemoveConnection();
  const close = () => {
    if (remove.isPending) return;
    remove.reset();
    onClose();
  };
  return (
    <Modal
      opened={connection !== null}
      onClose={close}
      title={t('remove.title')}
      centered
      // Scroll locking injects a <style> element, which the CSP forbids; the backdrop covers the page anyway.
      lockScroll={false}
      returnFocus={false}
      closeButtonProps={{ 'aria-label': t('common:action.close') }}
      onExitTransitionEnd={onGone}
    >
      <Text size="sm">{t('remove.body', { name: connection?.name ?? '' })}</Text>
      {remove.error && <ErrorNotice title={t('remove.failed')} error={remove.error} />}
      <Group justify="flex-end" gap="sm" mt="md">
        <Button variant="default" onClick={close} data-autofocus disabled={remove.isPending}>
          {t('common:action.cancel')}
        </Button>
        <Button
          color="red"
          loading={remove.isPending}
          onClick={() => {
            if (!connection) return;
            remove.mutate(
              { id: connection.id },
              {
                onSuccess: () => {
                  remove.reset();
                  onRemoved();
                },
              },
            );
          }}
        >
          {t('remove.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}

import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '@renderer/components/ErrorNotice';

type Props = {
  opened: boolean;
  pmnumbers: readonly string[];
  /** Units the corrected complete list still holds. */
  remaining: number;
  busy: boolean;
  error: Error | null;
  onConfirm: () => void;
  onCancel: () => void;
};

const SHOWN = 10;

/** The question before a withdrawal: how many, which, and that the earlier requests stay on record. */
export function WithdrawDialog({ opened, pmnumbers, remaining, busy, error, onConfirm, onCancel }: Props) {
  const { t } = useTranslation('matching');
  const count = pmnumbers.length;
  const more = count - SHOWN;
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!busy) onCancel();
      }}
      title={t('withdraw.confirm.title', { count })}
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      closeButtonProps={{ 'aria-label': t('common:action.close') }}
      centered
      // Scroll locking injects a <style> element, which the CSP forbids.
      lockScroll={false}
      size="lg"
    >
      <Stack gap="sm">
        <Text size="sm" fw={600}>
          {pmnumbers.slice(0, SHOWN).join(', ')}
          {more > 0 && ` ${t('withdraw.confirm.more', { count: more })}`}
        </Text>
        <Text size="sm">{t('withdraw.confirm.body', { count: remaining })}</Text>
        <Text size="sm" c="dimmed">
          {t('withdraw.confirm.kept')}
        </Text>
        {error && <ErrorNotice title={t('withdraw.failed')} error={error} />}
        <Group gap="xs" justify="flex-end" mt="xs">
          <Button variant="default" onClick={onCancel} data-disabled={busy || undefined} data-autofocus>
            {t('common:action.cancel')}
          </Button>
          <Button
            color="red"
            loading={busy}
            onClick={() => {
              if (!busy) onConfirm();
            }}
          >
            {t('withdraw.confirm.action', { count })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

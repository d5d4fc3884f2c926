import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@renderer/components/ConfirmDialog';

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
    <ConfirmDialog
      opened={opened}
      title={t('withdraw.confirm.title', { count })}
      confirmLabel={t('withdraw.confirm.action', { count })}
      busy={busy}
      spinner
      error={error}
      errorTitle={t('withdraw.failed')}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <Text size="sm" fw={600}>
        {pmnumbers.slice(0, SHOWN).join(', ')}
        {more > 0 && ` ${t('withdraw.confirm.more', { count: more })}`}
      </Text>
      <Text size="sm">{t('withdraw.confirm.body', { count: remaining })}</Text>
      <Text size="sm" c="dimmed">
        {t('withdraw.confirm.kept')}
      </Text>
    </ConfirmDialog>
  );
}

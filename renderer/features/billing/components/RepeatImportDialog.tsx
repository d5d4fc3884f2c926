import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { rowCount } from '@renderer/features/billing/import-duplicates';
import type { Repeat } from '@renderer/features/billing/useDraftImport';
import { useBillingText } from '@renderer/features/billing/useBillingText';

type Props = { repeat: Repeat; onAll: () => void; onNewOnly: () => void; onCancel: () => void };

/**
 * An invoice list that is already in the draft (same file, or the same invoices): nothing is added until the
 * clerk chooses. Cancelling is the safe answer and has the focus.
 */
export function RepeatImportDialog({ repeat, onAll, onNewOnly, onCancel }: Props) {
  const { t, format } = useBillingText();
  const total = rowCount(repeat.result);
  const fresh = rowCount(repeat.fresh);
  return (
    <Modal
      opened
      onClose={onCancel}
      title={t('repeat.title')}
      closeButtonProps={{ 'aria-label': t('common:action.close') }}
      centered
      // Scroll locking injects a <style> element, which the CSP forbids.
      lockScroll={false}
      size="lg"
    >
      <Stack gap="sm" data-testid="repeat-import">
        {repeat.earlier && (
          <Text size="sm">{t('repeat.sameFile', { name: repeat.earlier.name, at: format.dateTime(repeat.earlier.at) })}</Text>
        )}
        {repeat.duplicates > 0 && (repeat.earlier === undefined || repeat.duplicates < total) && (
          <Text size="sm">{t('repeat.sameRows', { count: repeat.duplicates, total: format.integer(total) })}</Text>
        )}
        <Text size="sm">{fresh === 0 ? t('repeat.noneNew') : t('repeat.someNew', { count: fresh })}</Text>
        <Text size="sm" fw={600}>
          {t('repeat.question')}
        </Text>
        <Group gap="xs" justify="flex-end" mt="xs">
          <Button variant="default" onClick={onCancel} data-autofocus>
            {t('common:action.cancel')}
          </Button>
          {fresh > 0 && fresh < total && (
            <Button variant="default" onClick={onNewOnly}>
              {t('repeat.newOnly', { count: fresh })}
            </Button>
          )}
          <Button color="orange" onClick={onAll}>
            {t('repeat.allAgain')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

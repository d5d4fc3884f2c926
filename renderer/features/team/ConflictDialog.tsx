import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@renderer/lib/api';
import { useFormat } from '@renderer/lib/format';

type Props = {
  error: unknown;
  onTheirs: () => void;
  onMine: () => void;
};

/** Who saved in between and when, as a refused save of the team database names them (pg-drafts' CONFLICT details). */
export function conflictAuthor(error: unknown): { clerk: string; at: string } | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const details = error.error.details as { updatedBy?: unknown; updatedAt?: unknown } | undefined;
  if (typeof details?.updatedBy !== 'string' || typeof details.updatedAt !== 'string') return undefined;
  return { clerk: details.updatedBy, at: details.updatedAt };
}

/**
 * A save refused because someone else saved the draft in between: it names them and when, and the clerk chooses to
 * load their stand or keep their own (saved on top of theirs as a new revision). Until then nothing typed is dropped.
 */
export function ConflictDialog({ error, onTheirs, onMine }: Props) {
  const { t } = useTranslation('team');
  const format = useFormat();
  const author = conflictAuthor(error);
  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      // react-remove-scroll injects a <style> element, which the strict CSP refuses; the frame scrolls its main only.
      lockScroll={false}
      title={t('conflict.title')}
      data-testid="conflict-dialog"
    >
      <Stack gap="md">
        <Text size="sm">
          {author ? t('conflict.byClerk', { clerk: author.clerk, at: format.dateTime(author.at) }) : t('conflict.elsewhere')}
        </Text>
        <Text size="sm">{t('conflict.choose')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onTheirs}>
            {t('conflict.theirs')}
          </Button>
          <Button onClick={onMine} data-autofocus>
            {t('conflict.mine')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

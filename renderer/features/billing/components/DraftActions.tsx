import { Button, Group, Text } from '@mantine/core';
import type { Draft } from '@shared/domain/workspace';
import { ConfirmDialog } from '@renderer/components/ConfirmDialog';
import type { DraftSafety } from '@renderer/features/billing/useDraftSafety';
import { useBillingText } from '@renderer/features/billing/useBillingText';

type Props = { draft: Draft; safety: DraftSafety; what: string };

/** Going back to the last checked revision, or discarding the draft; each asks first and says what is lost. */
export function DraftActions({ draft, safety, what }: Props) {
  const { t, format } = useBillingText();
  const { snapshot } = safety;
  return (
    <>
      <Group gap="xs" my="sm" data-testid="draft-actions">
        {safety.canRestore && (
          <Button variant="default" onClick={safety.askRestore}>
            {t('safety.restore')}
          </Button>
        )}
        <Button variant="subtle" color="red" onClick={safety.askDiscard}>
          {t('safety.discard')}
        </Button>
      </Group>
      {snapshot !== null && (
        <Text size="sm" c="dimmed" data-testid="draft-checked">
          {t('safety.lastChecked', { revision: snapshot.revision, at: format.dateTime(snapshot.checkedAt) })}
        </Text>
      )}
      <ConfirmDialog
        opened={safety.ask === 'discard'}
        title={t('safety.discardTitle')}
        confirmLabel={t('safety.discardConfirm')}
        busy={safety.busy}
        error={safety.error}
        errorTitle={t('safety.discardFailed')}
        onConfirm={safety.confirmDiscard}
        onCancel={safety.cancel}
      >
        <Text size="sm">{t('safety.discardText', { what, revision: draft.revision, at: format.dateTime(draft.updatedAt) })}</Text>
        <Text size="sm">{t('safety.discardKeeps')}</Text>
      </ConfirmDialog>
      {snapshot !== null && (
        <ConfirmDialog
          opened={safety.ask === 'restore'}
          title={t('safety.restoreTitle')}
          confirmLabel={t('safety.restoreConfirm')}
          color="orange"
          busy={safety.busy}
          error={safety.error}
          errorTitle={t('safety.restoreFailed')}
          onConfirm={safety.confirmRestore}
          onCancel={safety.cancel}
        >
          <Text size="sm">
            {t('safety.restoreText', {
              checked: snapshot.revision,
              at: format.dateTime(snapshot.checkedAt),
              revision: draft.revision,
            })}
          </Text>
          <Text size="sm">{t('safety.restoreNew')}</Text>
        </ConfirmDialog>
      )}
    </>
  );
}

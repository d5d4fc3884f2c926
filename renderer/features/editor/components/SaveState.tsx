import { Alert, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ToneBadge } from '@renderer/components/ToneBadge';
import { useErrorText } from '@renderer/lib/useErrorText';
import type { EditorModel } from '@renderer/features/editor/useEditor';
import { ConflictDialog } from '@renderer/features/team/ConflictDialog';

const COLOR = {
  idle: 'gray',
  pending: 'blue',
  saving: 'blue',
  saved: 'green',
  conflict: 'red',
  error: 'red',
  offline: 'orange',
} as const;

/** Whether the typed values are saved, and undo/redo for the mouse. */
export function SaveState({ model }: { model: EditorModel }) {
  const { t } = useTranslation('editor');
  const { status } = model.autosave;
  return (
    <Group gap="xs">
      <ToneBadge color={COLOR[status]} data-testid="save-state" aria-live="polite">
        {t(`save.${status}`)}
      </ToneBadge>
      <Button size="compact-sm" variant="default" disabled={model.state.past.length === 0} onClick={model.undo}>
        {t('undo')}
      </Button>
      <Button size="compact-sm" variant="default" disabled={model.state.future.length === 0} onClick={model.redo}>
        {t('redo')}
      </Button>
    </Group>
  );
}

/**
 * A save refused because another window or desk saved a newer revision: a dialog names who and when, and the clerk
 * chooses; until then nothing is dropped.
 */
export function SaveProblem({ model }: { model: EditorModel }) {
  const { t } = useTranslation('editor');
  const errorText = useErrorText();
  const { status, error, keepMine, flush } = model.autosave;
  if (status === 'conflict') {
    return (
      <>
        <Alert color="red" title={t('conflict.title')} role="alert">
          {t('conflict.text')}
        </Alert>
        <ConflictDialog
          error={error}
          onTheirs={() => void model.reloadNewer()}
          onMine={() =>
            void model.draft.refetch().then((r) => {
              keepMine(r.data?.revision ?? 0);
            })
          }
        />
      </>
    );
  }
  if (status === 'error') {
    return (
      <Alert color="red" title={t('saveFailed')} role="alert">
        {errorText(error)}
        <Group mt="sm">
          <Button size="compact-sm" variant="default" onClick={() => void flush()}>
            {t('common:action.retry')}
          </Button>
        </Group>
      </Alert>
    );
  }
  return null;
}

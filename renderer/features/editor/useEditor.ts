/**
 * The editor of one period: template and draft from the main process, the editing reducer with undo, autosave,
 * and the local pre-check (deferred, so typing in a 2,000-row grid never waits for it).
 */
import { useCallback, useDeferredValue, useEffect, useMemo, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { precheck } from '@shared/domain/precheck/index';
import type { PrecheckMessage } from '@shared/domain/precheck/index';
import { channelQuery, queryClient } from '@renderer/lib/queries';
import { useFormat } from '@renderer/lib/format';
import { localParams } from '@renderer/features/editor/message-params';
import { useDraft, useTemplate } from '@renderer/features/billing/queries';
import { editorReducer, initialEditorState } from '@renderer/features/editor/editor-state';
import { completeDraft } from '@renderer/features/editor/sections';
import { readUnsaved, useAutosave } from '@renderer/features/editor/useAutosave';
import { byCell, locateAll } from '@renderer/features/editor/locations';
import type { PeriodRef } from '@renderer/features/editor/locations';
import type { CellMessage } from '@renderer/components/grid/cells/cell-context';
import type { Row } from '@renderer/components/grid/draft-path';
import type { Draft } from '@shared/domain/workspace';

/** `readOnly`: the period is commissioned or billed; nothing is changed or saved any more. */
export function useEditor(ref: PeriodRef, readOnly = false) {
  const { t } = useTranslation('precheck');
  const fmt = useFormat();
  const template = useTemplate(ref);
  const draft = useDraft(ref);
  const [state, dispatch] = useReducer(editorReducer, initialEditorState);
  const serverRevision = draft.data === undefined ? undefined : (draft.data?.revision ?? 0);
  // Read-only, no change counts, so neither an edit nor input kept from before the submission is saved.
  const changes = readOnly ? 0 : state.changes;
  const autosave = useAutosave(ref, state.content, changes, state.content === null ? undefined : serverRevision);

  useEffect(() => {
    if (state.content !== null || template.data === undefined || serverRevision === undefined) return;
    const unsaved = readUnsaved(ref);
    const useUnsaved = unsaved !== null && unsaved.base === serverRevision;
    const base = useUnsaved ? unsaved.content : draft.data?.content;
    dispatch({ type: 'load', content: completeDraft(base, template.data), unsaved: useUnsaved });
  }, [state.content, template.data, serverRevision, draft.data, ref]);

  const onRows = useCallback(
    (section: string, rows: readonly Row[], cell?: string) => {
      if (!readOnly) dispatch({ type: 'rows', section, rows, ...(cell ? { cell } : {}) });
    },
    [readOnly],
  );
  const undo = useCallback(() => {
    if (!readOnly) dispatch({ type: 'undo' });
  }, [readOnly]);
  const redo = useCallback(() => {
    if (!readOnly) dispatch({ type: 'redo' });
  }, [readOnly]);

  /** Conflict resolved in favour of the newer saved draft. */
  const reloadNewer = useCallback(async () => {
    const fresh: Draft | null = await queryClient.query({ ...channelQuery('drafts:get', ref), staleTime: 0 });
    autosave.takeTheirs(fresh?.revision ?? 0);
    if (template.data) dispatch({ type: 'load', content: completeDraft(fresh?.content, template.data) });
  }, [autosave, ref, template.data]);

  const deferred = useDeferredValue(state.content);
  const messages = useMemo<PrecheckMessage[]>(
    () => (deferred === null || template.data === undefined ? [] : precheck(deferred, template.data)),
    [deferred, template.data],
  );
  const located = useMemo(() => locateAll(messages, deferred ?? undefined), [messages, deferred]);
  const cellMessages = useMemo(() => {
    const texts = locateAll(
      messages.map(
        (m) =>
          ({ path: m.path, severity: m.severity, text: t(m.code, localParams(m.params, fmt)) }) satisfies CellMessage & {
            path: string;
          },
      ),
      deferred ?? undefined,
    );
    return byCell(texts);
  }, [messages, deferred, t, fmt]);

  return {
    template,
    draft,
    state,
    readOnly,
    onRows,
    undo,
    redo,
    autosave,
    reloadNewer,
    located,
    cellMessages,
    serverRevision,
  };
}

export type EditorModel = ReturnType<typeof useEditor>;

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@renderer/lib/format';
import { localParams } from '@renderer/features/editor/message-params';
import type { EditorModel } from '@renderer/features/editor/useEditor';
import type { ListedMessage } from '@renderer/features/editor/message-groups';

/** The local pre-check's messages in the clerk's words, each with its place in the editor. */
export function useLocalMessages(model: EditorModel): ListedMessage[] {
  const { t } = useTranslation('precheck');
  const fmt = useFormat();
  return useMemo<ListedMessage[]>(
    () =>
      model.located.map(({ message, loc }) => ({
        type: message.severity,
        rule: message.code,
        text: t(message.code, localParams(message.params, fmt)),
        path: message.path,
        loc,
      })),
    [model.located, t, fmt],
  );
}

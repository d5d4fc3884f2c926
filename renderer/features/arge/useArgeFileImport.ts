/**
 * The one way an ARGE file import runs on a screen: the clerk picks the files (in the browser they are uploaded one by
 * one), too many files are refused before anything is read, the main process reads them, and the reads the outcome
 * changed are marked stale. Cancelling the picker leaves the screen as it was.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ArgeImportIssue } from '@shared/ipc/channels/arge-import';
import type { Channel, FileRef } from '@shared/ipc/contract';
import { pickArgeFiles } from '@renderer/lib/files';
import { invalidate } from '@renderer/lib/queries';
import { importIssueText } from '@renderer/features/arge/import-text';

export type ArgeImportState<T> =
  { step: 'idle' } | { step: 'busy' } | { step: 'done'; outcome: T } | { step: 'tooMany' } | { step: 'error'; error: unknown };

export type ArgeFileImport<T> = {
  /** `kind`: which files the picker offers. */
  kind: 'results' | 'criteria';
  /** More files than this are refused without reading any; unset: no limit here. */
  maxFiles?: number;
  read: (files: FileRef[]) => Promise<T>;
  /** The channels whose reads the outcome made stale. */
  staleAfter: (outcome: T) => readonly Channel[];
};

export function useArgeFileImport<T>({ kind, maxFiles, read, staleAfter }: ArgeFileImport<T>) {
  const { i18n } = useTranslation();
  const lang = i18n.language.startsWith('en') ? 'en' : 'de';
  const [state, setState] = useState<ArgeImportState<T>>({ step: 'idle' });
  const run = async () => {
    setState({ step: 'busy' });
    try {
      const files = await pickArgeFiles(kind);
      if (!files) {
        setState({ step: 'idle' });
        return;
      }
      if (maxFiles !== undefined && files.length > maxFiles) {
        setState({ step: 'tooMany' });
        return;
      }
      const outcome = await read(files);
      setState({ step: 'done', outcome });
      await Promise.all(staleAfter(outcome).map((c) => invalidate([c])));
    } catch (error) {
      setState({ step: 'error', error });
    }
  };
  const issueText = (issue: ArgeImportIssue) => importIssueText(lang, issue);
  return { state, run: () => void run(), issueText };
}

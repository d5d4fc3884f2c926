/** Check reports (PDF or Excel) of an archived test check or submission, to save or print. */
import { z } from 'zod';
import { channel, FileRef, OnConnection } from '@shared/ipc/channel';
import { Language } from '@shared/ipc/channels/preferences';

export const reportChannels = {
  'reports:check': channel(
    z
      .object({
        ...OnConnection,
        archiveId: z.string().min(1),
        format: z.enum(['pdf', 'excel']),
        /** The clerk's language at the moment of the export: headings, places, numbers and dates follow it; German if unset. */
        language: Language.optional(),
      })
      .strict(),
    FileRef,
  ),
} as const;

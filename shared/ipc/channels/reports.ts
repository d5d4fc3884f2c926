/** Check reports (PDF or Excel) of an archived test check or submission, to save or print. */
import { z } from 'zod';
import { channel, FileRef, OnConnection } from '@shared/ipc/channel';

export const reportChannels = {
  'reports:check': channel(
    z.object({ ...OnConnection, archiveId: z.string().min(1), format: z.enum(['pdf', 'excel']) }).strict(),
    FileRef,
  ),
} as const;

/** A damaged file the app set aside (settings, secrets or a workspace file); everything else kept working. */
import { z } from 'zod';
import { MessageParams } from '@shared/domain/app-error';

export const StorageProblem = z.object({
  file: z.string(),
  movedTo: z.string().optional(),
  /** German; the renderer's `problems.kind.<key>` says the same in the clerk's language where a key is given. */
  message: z.string(),
  key: z.string().optional(),
  params: MessageParams.optional(),
  at: z.string(),
});
export type StorageProblem = z.infer<typeof StorageProblem>;

/** A damaged file the app set aside (settings, secrets or a workspace file); everything else kept working. */
import { z } from 'zod';

export const StorageProblem = z.object({
  file: z.string(),
  movedTo: z.string().optional(),
  message: z.string(),
  at: z.string(),
});
export type StorageProblem = z.infer<typeof StorageProblem>;

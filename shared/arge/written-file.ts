/** A file written for a period by a file-exchange connection (docs/arge.md). */
import { z } from 'zod';

/** A file written for a period: what the archive entry lists and the download checks against. */
export const WrittenFile = z
  .object({ name: z.string().min(1).max(100), size: z.int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) })
  .strict();
export type WrittenFile = z.infer<typeof WrittenFile>;

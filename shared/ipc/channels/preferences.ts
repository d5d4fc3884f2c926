/** The clerk's own choices that belong to this installation, not to a connection: language and the connection in use. */
import { z } from 'zod';
import { channel } from '@shared/ipc/channel';

export const LANGUAGES = ['de', 'en'] as const;
export const Language = z.enum(LANGUAGES);
export type Language = z.infer<typeof Language>;

export const Preferences = z
  .object({
    language: Language,
    /** The connection the screens work on; unset or unknown means the demo connection or else the first. */
    activeConnectionId: z.string().min(1).max(100).optional(),
    /** Per connection, the Liegenschaft last opened under „Abrechnung“, offered again when the clerk comes back. */
    lastBillingUnit: z.record(z.string().min(1).max(100), z.string().min(1).max(40)).optional(),
  })
  .strict();
export type Preferences = z.infer<typeof Preferences>;

export const DEFAULT_PREFERENCES: Preferences = { language: 'de' };

export const preferenceChannels = {
  'preferences:get': channel(z.void(), Preferences),
  /** Changes only the fields given; answers the whole stored result. */
  'preferences:update': channel(Preferences.partial().strict(), Preferences),
} as const;

/** Colours of results and message types; the text always comes with them (never colour alone). */
import type { ArchiveSummary } from '@shared/ipc/contract';

export const RESULT_COLOR: Readonly<Record<ArchiveSummary['result'], string>> = {
  passed: 'green',
  messages: 'yellow',
  commissioned: 'green',
  failed: 'red',
};

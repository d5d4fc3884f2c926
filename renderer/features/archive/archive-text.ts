/** Colours of results and message types; the text always comes with them (never colour alone). */
import type { ArchiveSummary } from '@shared/ipc/contract';
import type { MessageType } from '@shared/msc/billing-input';

export const RESULT_COLOR: Readonly<Record<ArchiveSummary['result'], string>> = {
  passed: 'green',
  messages: 'yellow',
  commissioned: 'green',
  failed: 'red',
};

export const MESSAGE_COLOR: Readonly<Record<MessageType, string>> = { ERROR: 'red', WARNING: 'yellow', INFO: 'blue' };

export const MESSAGE_ORDER: readonly MessageType[] = ['ERROR', 'WARNING', 'INFO'];

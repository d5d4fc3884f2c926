import type { MessageType } from '@shared/msc/billing-input';

/** Check message types in the order a clerk reads them: what blocks first. */
export const MESSAGE_TYPES: readonly MessageType[] = ['ERROR', 'WARNING', 'INFO'];

/** A check message's type as a badge colour, the same on every screen (always shown with its word). */
export const MESSAGE_COLOR: Readonly<Record<MessageType, string>> = { ERROR: 'red', WARNING: 'yellow', INFO: 'blue' };

/** Reads and writes of On-Site-Roles for the tenants screens; workspace events refresh them after a delivery. */
import { useChannel, useChannelMutation } from '@renderer/lib/queries';

export function useOsrUnits(connectionId: string, billingunit: string) {
  return useChannel('osr:units', connectionId && billingunit ? { connectionId, billingunit } : null);
}

export function useOsrRecords(connectionId: string, billingunit: string) {
  return useChannel('osr:records', connectionId && billingunit ? { connectionId, billingunit } : null);
}

const AFTER_WRITE = ['osr:units', 'osr:records'] as const;

export const useOsrSave = () => useChannelMutation('osr:save', { invalidates: AFTER_WRITE });
export const useOsrDiscard = () => useChannelMutation('osr:discard', { invalidates: AFTER_WRITE });
export const useOsrDeliver = () => useChannelMutation('osr:deliver', { invalidates: AFTER_WRITE });
export const useOsrDeliverAll = () => useChannelMutation('osr:deliver-all', { invalidates: AFTER_WRITE });

import { useCallback, useEffect, useState } from 'react';
import type { BillingUnitSummary } from '@shared/msc/billing-unit-data';
import type { OutboxItem, TrackedSetup } from '@shared/domain/workspace';
import type { WorkspaceEvent } from '@shared/ipc/contract';
import { api, errorMessage, onEvent } from '@renderer/lib/api';

export type Loadable<T> = { state: 'loading' } | { state: 'ready'; value: T } | { state: 'error'; message: string };

export type UnitsOverview = {
  units: Loadable<BillingUnitSummary[]>;
  outbox: Loadable<OutboxItem[]>;
  setups: readonly TrackedSetup[];
  reload: () => void;
  retry: (id: string) => Promise<void>;
  remove: (id: string) => Promise<void>;
};

const bySeq = (a: OutboxItem, b: OutboxItem): number => a.seq - b.seq;

function applyToOutbox(items: OutboxItem[], event: WorkspaceEvent): OutboxItem[] {
  if (event.type === 'outbox-item-changed') return [...items.filter((i) => i.id !== event.item.id), event.item].sort(bySeq);
  if (event.type === 'outbox-item-removed') return items.filter((i) => i.id !== event.id);
  return items;
}

async function loadUnits(connectionId: string): Promise<Loadable<BillingUnitSummary[]>> {
  try {
    return { state: 'ready', value: await api['units:list']({ connectionId }) };
  } catch (err) {
    return { state: 'error', message: errorMessage(err) };
  }
}

async function loadLocal(connectionId: string): Promise<{ outbox: Loadable<OutboxItem[]>; setups?: TrackedSetup[] }> {
  try {
    const [items, setups] = await Promise.all([api['units:outbox']({ connectionId }), api['units:setups']({ connectionId })]);
    return { outbox: { state: 'ready', value: [...items].sort(bySeq) }, setups };
  } catch (err) {
    return { outbox: { state: 'error', message: errorMessage(err) } };
  }
}

/**
 * The billing units of one connection as the MSC lists them, with the local outbox and followed setups.
 * Workspace events keep outbox and setups current; a setup that moves also refreshes the MSC's list.
 */
export function useUnitsOverview(connectionId: string): UnitsOverview {
  const [units, setUnits] = useState<Loadable<BillingUnitSummary[]>>({ state: 'loading' });
  const [outbox, setOutbox] = useState<Loadable<OutboxItem[]>>({ state: 'loading' });
  const [setups, setSetups] = useState<readonly TrackedSetup[]>([]);

  const fetchUnits = useCallback(() => {
    void loadUnits(connectionId).then(setUnits);
  }, [connectionId]);

  const fetchLocal = useCallback(() => {
    void loadLocal(connectionId).then((local) => {
      setOutbox(local.outbox);
      if (local.setups) setSetups(local.setups);
    });
  }, [connectionId]);

  useEffect(() => {
    let live = true;
    void loadUnits(connectionId).then((u) => {
      if (live) setUnits(u);
    });
    void loadLocal(connectionId).then((local) => {
      if (!live) return;
      setOutbox(local.outbox);
      if (local.setups) setSetups(local.setups);
    });
    const unsubscribe = onEvent('workspace:changed', ({ connectionId: id, event }) => {
      if (id !== connectionId) return;
      if (event.type === 'outbox-item-changed' || event.type === 'outbox-item-removed') {
        setOutbox((o) => (o.state === 'ready' ? { state: 'ready', value: applyToOutbox(o.value, event) } : o));
      } else if (event.type === 'setup-status-changed') {
        setSetups((list) => [...list.filter((s) => s.billingunit !== event.setup.billingunit), event.setup]);
        fetchUnits();
      }
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, [connectionId, fetchUnits]);

  const reload = useCallback(() => {
    fetchUnits();
    fetchLocal();
  }, [fetchUnits, fetchLocal]);

  const retry = useCallback(
    async (id: string) => {
      const item = await api['units:retry-setup']({ connectionId, id });
      setOutbox((o) =>
        o.state === 'ready' ? { state: 'ready', value: applyToOutbox(o.value, { type: 'outbox-item-changed', item }) } : o,
      );
    },
    [connectionId],
  );

  const remove = useCallback(
    async (id: string) => {
      await api['units:remove-setup']({ connectionId, id });
      setOutbox((o) =>
        o.state === 'ready' ? { state: 'ready', value: applyToOutbox(o.value, { type: 'outbox-item-removed', id }) } : o,
      );
    },
    [connectionId],
  );

  return { units, outbox, setups, reload, retry, remove };
}

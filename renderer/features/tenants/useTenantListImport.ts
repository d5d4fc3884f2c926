/** Reading a tenant list (pick, read, re-read with chosen columns) and saving its changes as pending ones. */
import { useState } from 'react';
import type { FileRef } from '@shared/ipc/contract';
import type { TenantListField, TenantListResult } from '@shared/ipc/channels/excel';
import { pickFile } from '@renderer/lib/files';
import { useChannelMutation } from '@renderer/lib/queries';
import { useOsrSave } from '@renderer/features/tenants/queries';
import type { UnitPlan } from '@renderer/features/tenants/tenant-list-plan';

export type TenantColumns = Partial<Record<TenantListField, string>>;

export function useTenantListImport(connectionId: string, billingunit: string) {
  const [file, setFile] = useState<FileRef | null>(null);
  const [pickError, setPickError] = useState<unknown>(null);
  const [saved, setSaved] = useState<number | null>(null);
  const read = useChannelMutation('excel:import-tenants');
  const save = useOsrSave();
  const [saving, setSaving] = useState(false);

  const readWith = (f: FileRef, extra: { columns?: TenantColumns; headerRow?: number; sheet?: string } = {}) => {
    setSaved(null);
    read.mutate({ connectionId, fileId: f.fileId, ...extra });
  };

  const pick = async () => {
    setPickError(null);
    try {
      const f = await pickFile('excel');
      if (!f) return;
      setFile(f);
      readWith(f);
    } catch (err) {
      setPickError(err);
    }
  };

  const result: TenantListResult | undefined = read.data;
  const reread = (columns: TenantColumns) => {
    if (file && result?.ok) readWith(file, { columns, headerRow: result.headerRow, sheet: result.sheet });
  };

  /** One unit after the other: each is its own complete data set, and a failure names the unit it stopped at. */
  const saveAll = async (plans: readonly UnitPlan[]) => {
    setSaving(true);
    try {
      for (const p of plans) {
        await save.mutateAsync({
          connectionId,
          billingunit,
          residentialunit: p.unit,
          ...(p.residentialunitPmnumber ? { residentialunitPmnumber: p.residentialunitPmnumber } : {}),
          roles: p.roles,
        });
      }
      setSaved(plans.length);
    } catch {
      // The error stays on `save.error` for the screen.
    } finally {
      setSaving(false);
    }
  };

  const reset = () => {
    setFile(null);
    setSaved(null);
    read.reset();
    save.reset();
  };

  return {
    file,
    result,
    reading: read.isPending,
    readError: read.error ?? pickError,
    pick,
    reread,
    saveAll,
    saving,
    saveError: save.error,
    saved,
    reset,
  };
}

/**
 * The import preview checked after every change: each row's problems at its cells (for the grid), the rows
 * grouped by property, and the list of problems in the clerk's language. Unchanged rows keep their check, so
 * an edit in a list of 20,000 rows re-checks one row and the duplicates.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { UsageUnitField } from '@shared/domain/excel';
import type { BillingUnitSummary } from '@shared/msc/billing-unit-data';
import { buildPreview, isBlocking, type UnitProblem, type UnitValues } from '@shared/domain/unit-rows';
import type { CellMessage } from '@renderer/components/grid/cells/cell-context';
import { cellKey } from '@renderer/components/grid/cells/cell-context';
import type { PreviewRow, PreviewSource } from '@renderer/features/units/import-rows';
import { checkCacheFor } from '@renderer/features/units/check-cache';

export const IMPORT_SECTION = 'import';

/** One problem at one cell; `index` is the row's place in the grid (0-based). */
export type CellProblem = { index: number; field: UsageUnitField; text: string; blocking: boolean };

type Translate = (key: string, params?: Record<string, unknown>) => string;

export function problemText(p: UnitProblem, t: Translate): string {
  const field = t(`excel-mapping:field.${p.field}`);
  const params = { field, value: p.value ?? '', max: p.max ?? 0, length: p.value?.length ?? 0 };
  if (p.code === 'duplicate') return t('units:preview.problem.duplicate', { ...params, first: (p.first ?? 0) + 1 });
  return t(`units:preview.problem.${p.code}`, params);
}

const unreadable = (values: UnitValues): UsageUnitField[] | undefined => {
  const cells = (values as PreviewRow)._unreadable;
  return cells === undefined ? undefined : (Object.keys(cells) as UsageUnitField[]);
};

export function usePreviewChecks(
  rows: readonly PreviewRow[],
  source: PreviewSource,
  selected: string,
  properties: ReadonlyMap<string, BillingUnitSummary>,
) {
  const { t } = useTranslation(['units', 'excel-mapping']);
  const byProperty = source.fields.includes('billingunit');
  const partnerColumn = source.fields.includes('partnerPmnumber');
  const cache = checkCacheFor(partnerColumn);
  const known = useMemo(() => (byProperty ? [...properties.values()] : undefined), [byProperty, properties]);
  const preview = useMemo(
    () =>
      buildPreview(rows, {
        selected,
        partnerColumn,
        cache,
        unreadable,
        ...(known === undefined ? {} : { properties: known }),
      }),
    [rows, selected, partnerColumn, known, cache],
  );
  const problems = useMemo(() => {
    const list: CellProblem[] = [];
    preview.checks.forEach((check, index) => {
      for (const p of check.problems) list.push({ index, field: p.field, text: problemText(p, t), blocking: isBlocking(p) });
    });
    return list;
  }, [preview, t]);
  const messages = useMemo(() => {
    const map = new Map<string, CellMessage[]>();
    for (const p of problems) {
      const key = cellKey(IMPORT_SECTION, p.index, p.field);
      map.set(key, [...(map.get(key) ?? []), { severity: p.blocking ? 'ERROR' : 'WARNING', text: p.text }]);
    }
    return map;
  }, [problems]);
  return { preview, problems, messages };
}

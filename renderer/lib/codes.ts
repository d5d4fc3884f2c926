/**
 * Code-table labels (tables B, E, K, L, M, U, the allocations and the hot-water methods) in the clerk's language, from the `codes`
 * namespace; a code the tables do not know stays the bare code. shared/domain/codes.ts keeps the German labels
 * for the main process (Excel, reports), this is the one place the screens take them from.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

export const CODE_TABLES = [
  'fuel',
  'quantityUnit',
  'costType',
  'distribution',
  'energySource',
  'mscCompany',
  'taxServiceType',
  'allocation',
  'hotWaterMethod',
] as const;
export type CodeTableName = (typeof CODE_TABLES)[number];

export function useCodeLabel(): (table: CodeTableName, code: string) => string {
  const { t, i18n } = useTranslation('codes');
  return useCallback(
    (table, code) => (i18n.exists(`${table}.${code}`, { ns: 'codes' }) ? t(`${table}.${code}`) : code),
    [t, i18n],
  );
}

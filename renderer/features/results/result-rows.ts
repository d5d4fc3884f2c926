/**
 * The results table's rows: the shared recipient rows (shared/domain/result-rows.ts) with a stable key for the
 * table and the recipient's HKA document, when the MSC delivered one.
 */
import { recipientRows, type RecipientRow } from '@shared/domain/result-rows';
import type { BillingResult } from '@shared/msc/billing-result';
import type { StoredDocument } from '@shared/domain/results';

export { magnitude } from '@shared/domain/result-rows';

export type ResultRow = RecipientRow & {
  key: string;
  /** The recipient's heating-cost statement, when the MSC delivered one. */
  document: StoredDocument | undefined;
};

export function resultRows(result: BillingResult, documents: readonly StoredDocument[]): ResultRow[] {
  const hka = new Map(
    documents.filter((d) => d.type === 'HKA').map((d) => [`${d.residentialunitMscnumber ?? ''}|${d.partnerPmnumber ?? ''}`, d]),
  );
  return recipientRows(result).map((r, i) => ({
    ...r,
    key: `${r.residentialunitMscnumber}|${r.partnerPmnumber}|${r.validfrom}|${String(i)}`,
    document: hka.get(`${r.residentialunitMscnumber}|${r.partnerPmnumber}`),
  }));
}

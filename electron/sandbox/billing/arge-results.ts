/**
 * The demo MSC's billing result as ARGE files (docs/arge.md, "D, E835, E898 files"): the D file, E835 where the
 * billed invoices name a §35a service type, the E898 index and the PDFs it names, from the same result the API
 * serves. The operator route `GET /_operator/arge-results` hands them out; `npm run sandbox -- operator
 * arge-results … --out DIR` writes them into a folder.
 */
import { resultToArgeFiles, type TaxInvoice } from '@shared/arge/result-to-records';
import { formatIso, fromUnits, money } from '@shared/domain/decimal';
import type { FilledTemplate } from '@shared/msc/billing-input';
import type { BillingResult } from '@shared/msc/billing-result';
import { renderDocument } from '@main/sandbox/billing/pdf';
import type { WorldBillingUnit } from '@main/sandbox/world-types';

export type ArgeResultFile = { name: string; kind: 'D' | 'E835' | 'E898' | 'PDF'; bytes: Uint8Array };

/** §35a totals per cost type of the billed submission's invoices (gross and labour). */
export function taxInvoicesOf(filled: FilledTemplate): TaxInvoice[] {
  const byKey = new Map<string, { text?: string; type: string; gross: bigint; labor: bigint }>();
  for (const inv of [...filled.heatingsysteminvoices, ...filled.ancillaryinvoices]) {
    if (inv.taxservicetype === undefined || inv.taxservicetype === '00') continue;
    const k = `${inv.cost.key}|${inv.taxservicetype}`;
    const prev = byKey.get(k) ?? {
      type: inv.taxservicetype,
      gross: 0n,
      labor: 0n,
      ...(inv.cost.text ? { text: inv.cost.text } : {}),
    };
    prev.gross += money(inv.amounts.grossamount ?? inv.amounts.netamount ?? '0.00').units;
    prev.labor += money(inv.laborgross ?? '0.00').units;
    byKey.set(k, prev);
  }
  return [...byKey.entries()].map(([k, v]) => ({
    costKey: k.slice(0, 3),
    ...(v.text === undefined ? {} : { costText: v.text }),
    taxServiceType: v.type,
    gross: formatIso(fromUnits(v.gross, 2)),
    laborGross: formatIso(fromUnits(v.labor, 2)),
  }));
}

/** `bu`: whose files they are (the customer number) and the address the statements print. */
export async function argeResultFiles(
  bu: Pick<WorldBillingUnit, 'customerMscnumber' | 'address'>,
  result: BillingResult,
  filled: FilledTemplate | undefined,
  at: Date,
): Promise<ArgeResultFile[]> {
  const { files, pdfs } = resultToArgeFiles(result, {
    customerNumber: bu.customerMscnumber,
    taxInvoices: filled ? taxInvoicesOf(filled) : [],
    at,
  });
  const out: ArgeResultFile[] = files.map((f) => ({ name: f.name, kind: f.kind, bytes: f.bytes }));
  for (const pdf of pdfs) {
    out.push({ name: pdf.name, kind: 'PDF', bytes: await renderDocument(result, pdf.document, { address: bu.address }) });
  }
  return out;
}

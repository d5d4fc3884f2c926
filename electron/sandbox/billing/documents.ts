/** The documents a billing result lists (docs/msc-results.md): HKA and VDA per occupied recipient, BKA where it has other operating costs, LGA per property. */
import type { BillingResult, RecipientResult, ResultDocument } from '@shared/msc/billing-result';

/** The recipient's number within its usage unit (1, 2, … in the result's order): ids stay path-safe whatever a PM number holds. */
function recipientIds(results: readonly RecipientResult[]): string[] {
  const seen = new Map<string, number>();
  return results.map((r) => {
    const n = (seen.get(r.residentialunitMscnumber) ?? 0) + 1;
    seen.set(r.residentialunitMscnumber, n);
    return `${r.residentialunitMscnumber}-${String(n)}`;
  });
}

export function documentsOf(result: BillingResult): ResultDocument[] {
  const ids = recipientIds(result.results);
  const docs: ResultDocument[] = [];
  result.results.forEach((r, i) => {
    if (r.vacancy) return;
    const id = ids[i] ?? String(i);
    const who = { residentialunitMscnumber: r.residentialunitMscnumber, partnerPmnumber: r.partnerPmnumber };
    const name = r.name ?? r.partnerPmnumber;
    docs.push({
      documentid: `HKA-${id}`,
      type: 'HKA',
      ...who,
      title: `Heizkostenabrechnung ${name}`.slice(0, 120),
      mediatype: 'application/pdf',
    });
    docs.push({
      documentid: `VDA-${id}`,
      type: 'VDA',
      ...who,
      title: `Verbrauchsanalyse ${name}`.slice(0, 120),
      mediatype: 'application/pdf',
    });
    if (r.positions.some((p) => p.allocation === 'B')) {
      docs.push({
        documentid: `BKA-${id}`,
        type: 'BKA',
        ...who,
        title: `Betriebskostenabrechnung ${name}`.slice(0, 120),
        mediatype: 'application/pdf',
      });
    }
  });
  docs.push({
    documentid: `LGA-${result.billingunitMscnumber}`,
    type: 'LGA',
    title: `Gesamtabrechnung Liegenschaft ${result.billingunitMscnumber}`,
    mediatype: 'application/pdf',
  });
  return docs;
}

/** The recipient a document belongs to (index into results), or undefined for the property's overall statement. */
export function recipientOfDocument(result: BillingResult, documentid: string): number | undefined {
  const ids = recipientIds(result.results);
  const m = /^(?:HKA|VDA|BKA)-(.+)$/.exec(documentid);
  if (!m) return undefined;
  const i = ids.indexOf(m[1] ?? '');
  return i < 0 ? undefined : i;
}

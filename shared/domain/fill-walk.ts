/**
 * The one walk over a fill's money and dates that the local pre-check (shared/domain/precheck, over a draft whose
 * values are typed strings) and the demo MSC (electron/sandbox/rules, over a schema-checked FilledTemplate) share,
 * so both visit the same objects in the same order under the same JSON paths. Generic over the fill's shape: a
 * FilledTemplate and a DraftContent both fit, each getting its own element types back.
 */

export type WalkPath = readonly (string | number)[];

export const STOCKS = ['openingstock', 'closingstock'] as const;
export const INVOICE_LISTS = ['heatingsysteminvoices', 'ancillaryinvoices'] as const;
export const PREPAYMENT_KINDS = ['heating', 'hotwater', 'coldwater'] as const;

export type StockKind = (typeof STOCKS)[number];
export type InvoiceListName = (typeof INVOICE_LISTS)[number];
export type PrepaymentKind = (typeof PREPAYMENT_KINDS)[number];

type WithAmounts = { amounts?: object };
type FillShape = {
  energysources?: readonly { openingstock?: WithAmounts; closingstock?: WithAmounts; deliveries?: readonly WithAmounts[] }[];
  heatingsysteminvoices?: readonly WithAmounts[];
  ancillaryinvoices?: readonly WithAmounts[];
  billingrecipients?: readonly { prepayments?: Partial<Record<PrepaymentKind, object>> }[];
};

type SourceOf<F extends FillShape> = NonNullable<F['energysources']>[number];
export type DeliveryOf<F extends FillShape> = NonNullable<SourceOf<F>['deliveries']>[number];
export type InvoiceOf<F extends FillShape> = NonNullable<F['heatingsysteminvoices']>[number];
export type AmountsOf<F extends FillShape> = NonNullable<InvoiceOf<F>['amounts']>;

/** Whose amounts these are, for a message that names the item. */
export type AmountsOwner =
  | { kind: 'stock'; source: number; which: StockKind }
  | { kind: 'delivery'; source: number; index: number }
  | { kind: 'invoice'; list: InvoiceListName; index: number }
  | { kind: 'prepayment'; recipient: number; prepayment: PrepaymentKind };

export function eachDelivery<F extends FillShape>(
  fill: F,
  fn: (d: DeliveryOf<F>, path: WalkPath, source: number, index: number) => void,
): void {
  (fill.energysources ?? []).forEach((src, i) => {
    (src.deliveries ?? []).forEach((d, j) => {
      fn(d, ['energysources', i, 'deliveries', j], i, j);
    });
  });
}

export function eachInvoice<F extends FillShape>(
  fill: F,
  fn: (inv: InvoiceOf<F>, path: WalkPath, list: InvoiceListName, index: number) => void,
): void {
  for (const list of INVOICE_LISTS) {
    (fill[list] ?? []).forEach((inv, i) => {
      fn(inv, [list, i], list, i);
    });
  }
}

/** Every amounts object: stocks, deliveries, invoices, then prepayments (`…amounts` or `…prepayments.heating`). */
export function eachAmounts<F extends FillShape>(
  fill: F,
  fn: (a: AmountsOf<F>, path: WalkPath, owner: AmountsOwner) => void,
): void {
  (fill.energysources ?? []).forEach((src, i) => {
    for (const which of STOCKS) {
      const a = src[which]?.amounts;
      if (a) fn(a, ['energysources', i, which, 'amounts'], { kind: 'stock', source: i, which });
    }
  });
  eachDelivery(fill, (d, path, source, index) => {
    const a = (d as WithAmounts).amounts;
    if (a) fn(a, [...path, 'amounts'], { kind: 'delivery', source, index });
  });
  eachInvoice(fill, (inv, path, list, index) => {
    const a = (inv as WithAmounts).amounts;
    if (a) fn(a, [...path, 'amounts'], { kind: 'invoice', list, index });
  });
  (fill.billingrecipients ?? []).forEach((r, i) => {
    for (const prepayment of PREPAYMENT_KINDS) {
      const a = r.prepayments?.[prepayment];
      if (a) fn(a, ['billingrecipients', i, 'prepayments', prepayment], { kind: 'prepayment', recipient: i, prepayment });
    }
  });
}

/** Every dated item that judges by the billing period: deliveries, then invoices. */
export function eachDated<F extends FillShape>(
  fill: F,
  fn: (item: DeliveryOf<F> | InvoiceOf<F>, path: WalkPath, owner: AmountsOwner) => void,
): void {
  eachDelivery(fill, (d, path, source, index) => {
    fn(d, path, { kind: 'delivery', source, index });
  });
  eachInvoice(fill, (inv, path, list, index) => {
    fn(inv, path, { kind: 'invoice', list, index });
  });
}

/** `energysources[0].deliveries[1]`: the path in the MSC's notation, as the pre-check reports it. */
export function pathText(path: WalkPath): string {
  let out = '';
  for (const seg of path) out += typeof seg === 'number' ? `[${String(seg)}]` : out === '' ? seg : `.${seg}`;
  return out;
}

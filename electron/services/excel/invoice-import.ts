/**
 * The clerk's bookkeeping export (date, gross/net, text, account or cost type, quantity) → invoices of
 * a template, split into heating-system invoices, ancillary invoices and fuel deliveries (cost type 201).
 */
import { createHash } from 'node:crypto';
import { costTypeOf, FUELS, TAX_SERVICE_TYPES } from '@shared/domain/codes';
import { ACCOUNT_SKIP } from '@shared/domain/excel';
import type { AccountMapping, FuelDelivery, InvoiceField, InvoiceImportResult, InvoiceMapping } from '@shared/domain/excel';
import type { Amounts } from '@shared/msc/primitives';
import type { Invoice, Template } from '@shared/msc/billing-input';
import { INVOICE_REQUIRED, INVOICE_SPECS } from '@main/services/excel/field-specs';
import { leadingCode } from '@main/services/excel/cell-values';
import { agreedCodes, costTypeFromCell, costTypeTitle, lookupAccount } from '@main/services/excel/cost-type-match';
import { headerCells, readMappedSheet, type MappedRow, type MappedSheet } from '@main/services/excel/mapped-sheet';
import { issueAt } from '@main/services/excel/issues';
import { remarkRow, reportUnmapped, reportVat, type Unmapped } from '@main/services/excel/invoice-issues';

type F = InvoiceField;

const TEXT_MAX = 60;

export type InvoiceImportOptions = {
  template: Template;
  accountMapping?: AccountMapping;
  mapping?: InvoiceMapping;
  sheet?: string;
  /** The file's name, for the messages. */
  file?: string;
};

type Ctx = {
  read: MappedSheet<F>;
  template: Template;
  accountMapping: AccountMapping;
  agreed: Set<string>;
  unmapped: Map<string, Unmapped>;
  vatMissing: number[];
  skipped: number;
};

/** Reads the bookkeeping export; any error (incl. accounts without cost type) returns only the issues. */
export async function importInvoices(buffer: Buffer, opts: InvoiceImportOptions): Promise<InvoiceImportResult> {
  const readOpts: Parameters<typeof readMappedSheet<F>>[2] = { required: INVOICE_REQUIRED };
  const sheet = opts.sheet ?? opts.mapping?.sheet;
  if (sheet !== undefined) readOpts.sheet = sheet;
  if (opts.mapping?.headerRow !== undefined) readOpts.headerRow = opts.mapping.headerRow;
  if (opts.mapping) readOpts.columns = opts.mapping.columns;
  if (opts.file !== undefined) readOpts.file = opts.file;
  const result = await readMappedSheet(buffer, INVOICE_SPECS, readOpts);
  if (!result.ok) return { ...result, accounts: [] };
  const { read } = result;
  const ctx: Ctx = {
    read,
    template: opts.template,
    accountMapping: opts.accountMapping ?? {},
    agreed: agreedCodes(opts.template),
    unmapped: new Map(),
    vatMissing: [],
    skipped: 0,
  };
  const heating: Invoice[] = [];
  const ancillary: Invoice[] = [];
  const deliveries: FuelDelivery[] = [];
  for (const r of read.rows) {
    const built = buildRow(r, ctx);
    if (!built) continue;
    if (built.kind === 'delivery') deliveries.push(built.delivery);
    else (built.kind === 'heating' ? heating : ancillary).push(built.invoice);
  }
  const accounts = reportUnmapped(ctx);
  reportVat(ctx);
  if (read.issues.hasErrors()) return { ok: false, issues: read.issues.all(), accounts };
  return {
    ok: true,
    heatingsysteminvoices: heating,
    ancillaryinvoices: ancillary,
    deliveries,
    warnings: read.issues.all(),
    sha256: createHash('sha256').update(buffer).digest('hex'),
    skipped: ctx.skipped,
    summary: {
      sheet: read.sheet,
      headerRow: read.headerRow,
      rowsImported: heating.length + ancillary.length + deliveries.length,
      emptyRowsSkipped: read.emptyRows,
      lastRow: read.lastRow,
      headers: headerCells(read),
    },
  };
}

type Built = { kind: 'heating' | 'ancillary'; invoice: Invoice } | { kind: 'delivery'; delivery: FuelDelivery };

/** The cost type of a row and the column it came from; undefined when it still needs a mapping. */
function resolveCostType(r: MappedRow<F>, ctx: Ctx): { code: string; field: F } | undefined {
  const v = r.values;
  if (v.costtype !== undefined) {
    const code = costTypeFromCell(v.costtype, ctx.template) ?? lookupAccount(ctx.accountMapping, v.costtype);
    if (code !== undefined) return { code, field: 'costtype' };
  }
  if (v.account !== undefined) {
    const code = lookupAccount(ctx.accountMapping, v.account);
    if (code !== undefined) return { code, field: 'account' };
  }
  if (v.text !== undefined) {
    const code = lookupAccount(ctx.accountMapping, v.text);
    if (code !== undefined) return { code, field: 'text' };
  }
  const field: F | undefined =
    v.costtype !== undefined ? 'costtype' : v.account !== undefined ? 'account' : v.text !== undefined ? 'text' : undefined;
  if (field === undefined) {
    if (!['costtype', 'account', 'text'].some((f) => r.failed.has(f as F))) {
      ctx.read.issues.add(
        issueAt(
          ctx.read.at(r.row),
          'REQUIRED',
          'Es fehlen Kostenart, Konto und Text; die Zeile lässt sich keiner Kostenart zuordnen.',
        ),
      );
    }
    return undefined;
  }
  const key = v[field] ?? '';
  const entry = ctx.unmapped.get(key) ?? { field, rows: [], texts: new Set<string>() };
  entry.rows.push(r.row);
  if (v.text !== undefined) entry.texts.add(v.text);
  ctx.unmapped.set(key, entry);
  return undefined;
}

function checkCode(code: string, field: F, r: MappedRow<F>, ctx: Ctx): boolean {
  const where = ctx.read.at(r.row, field);
  const known = costTypeOf(code);
  if (!known) {
    ctx.read.issues.add(issueAt(where, 'COSTTYPE_UNKNOWN', `Die Kostenart ${code} gibt es in Tabelle K nicht.`, { value: code }));
    return false;
  }
  if (known.forbidden) {
    ctx.read.issues.add(
      issueAt(where, 'INVALID_VALUE', `Die Kostenart ${code} darf nicht übermittelt werden (${known.label}).`, { value: code }),
    );
    return false;
  }
  if (!ctx.agreed.has(code)) {
    const agreed = [...ctx.agreed].sort().join(', ');
    ctx.read.issues.add(
      issueAt(
        where,
        'COSTTYPE_NOT_AGREED',
        `Die Kostenart ${costTypeTitle(code, ctx.template)} ist für diesen Zeitraum nicht vereinbart (vereinbart: ${agreed}).`,
        { value: code },
      ),
    );
    return false;
  }
  return true;
}

function amountsOf(r: MappedRow<F>, ctx: Ctx): Amounts | undefined {
  const v = r.values;
  const amounts: Amounts = {};
  if (v.grossamount !== undefined) amounts.grossamount = v.grossamount;
  if (v.netamount !== undefined) amounts.netamount = v.netamount;
  if (v.amount !== undefined) {
    if (ctx.template.expectedvat === 'NET') amounts.netamount ??= v.amount;
    else amounts.grossamount ??= v.amount;
  }
  if (amounts.grossamount === undefined && amounts.netamount === undefined) {
    if (!(['grossamount', 'netamount', 'amount'] as const).some((f) => r.failed.has(f))) {
      const field = (['amount', 'grossamount', 'netamount'] as const).find((f) => ctx.read.columns.some((c) => c.field === f));
      ctx.read.issues.add(issueAt(ctx.read.at(r.row, field), 'REQUIRED', 'Der Betrag fehlt.'));
    }
    return undefined;
  }
  const vat = ctx.template.expectedvat;
  const gap = (vat !== 'NET' && amounts.grossamount === undefined) || (vat !== 'GROSS' && amounts.netamount === undefined);
  if (gap) ctx.vatMissing.push(r.row);
  return amounts;
}

function buildRow(r: MappedRow<F>, ctx: Ctx): Built | undefined {
  const v = r.values;
  const { read } = ctx;
  const cost = resolveCostType(r, ctx);
  // A row the clerk chose not to take over is not checked any further: its gaps do not matter.
  if (cost?.code === ACCOUNT_SKIP) {
    ctx.skipped++;
    return undefined;
  }
  const amounts = amountsOf(r, ctx);
  if (v.invoicedate === undefined && !r.failed.has('invoicedate')) {
    read.issues.add(issueAt(read.at(r.row, 'invoicedate'), 'REQUIRED', 'Das Datum fehlt.'));
  }
  if (!cost || !checkCode(cost.code, cost.field, r, ctx) || !amounts || v.invoicedate === undefined) return undefined;
  const remark: Parameters<typeof remarkRow>[2] = { key: cost.code, amounts, invoicedate: v.invoicedate };
  if (v.text !== undefined) remark.text = v.text;
  if (v.quantity !== undefined) remark.quantity = v.quantity;
  remarkRow(ctx, r.row, remark);
  if (cost.code === '201') {
    const fuel = fuelOf(r, ctx);
    if (!fuel) return undefined;
    const delivery: FuelDelivery['delivery'] = { invoicedate: v.invoicedate, amounts };
    if (v.quantity !== undefined) delivery.quantity = v.quantity;
    else
      read.issues.add(
        issueAt(
          read.at(r.row, 'quantity'),
          'REQUIRED',
          'Die Brennstofflieferung hat keine Menge; bitte vor der Prüfung ergänzen.',
          { severity: 'warning' },
        ),
      );
    return { kind: 'delivery', delivery: { ...fuel, delivery } };
  }
  const invoice: Invoice = { cost: { key: cost.code }, invoicedate: v.invoicedate, amounts };
  if (v.text !== undefined) {
    if (v.text.length > TEXT_MAX) {
      read.issues.add(
        issueAt(read.at(r.row, 'text'), 'TRUNCATED', `Der Text ist länger als ${String(TEXT_MAX)} Zeichen und wird gekürzt.`, {
          severity: 'warning',
          value: v.text,
        }),
      );
    }
    invoice.cost.text = v.text.slice(0, TEXT_MAX);
  } else if (costTypeOf(cost.code)?.textRequired) {
    read.issues.add(issueAt(read.at(r.row, 'text'), 'REQUIRED', `Die Kostenart ${cost.code} braucht einen Text.`));
  }
  if (v.quantity !== undefined) invoice.quantity = v.quantity;
  if (v.laborgross !== undefined) invoice.laborgross = v.laborgross;
  if (v.taxservicetype !== undefined) {
    const code = leadingCode(v.taxservicetype);
    const hit = TAX_SERVICE_TYPES.find((t) => t.code === code || t.label.toLowerCase() === v.taxservicetype?.toLowerCase());
    if (hit) invoice.taxservicetype = hit.code;
    else
      read.issues.add(
        issueAt(
          read.at(r.row, 'taxservicetype'),
          'INVALID_VALUE',
          `„${v.taxservicetype}“ ist keine Leistungsart nach §35a (10–13).`,
        ),
      );
  }
  return { kind: costTypeOf(cost.code)?.section === 'ancillary' ? 'ancillary' : 'heating', invoice };
}

function fuelOf(r: MappedRow<F>, ctx: Ctx): { slot: number; fuel: FuelDelivery['fuel'] } | undefined {
  const fuels = ctx.template.fuels;
  const text = r.values.fuel;
  if (text === undefined) {
    const only = fuels.length === 1 ? fuels[0] : undefined;
    if (only) return { slot: only.slot, fuel: only.fuel };
    ctx.read.issues.add(
      issueAt(
        ctx.read.at(r.row, 'fuel'),
        'FUEL_UNKNOWN',
        'Die Vorlage hat zwei Brennstoffe; bitte in der Spalte „Brennstoff“ angeben, zu welchem die Lieferung gehört.',
      ),
    );
    return undefined;
  }
  const code = leadingCode(text);
  const lower = text.toLowerCase();
  const hit = fuels.find(
    (f) =>
      String(f.slot) === code || f.fuel === code || (FUELS.find((x) => x.code === f.fuel)?.label.toLowerCase() ?? '') === lower,
  );
  if (hit) return { slot: hit.slot, fuel: hit.fuel };
  const agreed = fuels.map((f) => `${String(f.slot)} = ${f.fuel}`).join(', ');
  ctx.read.issues.add(
    issueAt(ctx.read.at(r.row, 'fuel'), 'FUEL_UNKNOWN', `Der Brennstoff „${text}“ ist nicht vereinbart (${agreed}).`, {
      value: text,
    }),
  );
  return undefined;
}

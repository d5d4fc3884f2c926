import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { InvoiceImportResult } from '@shared/domain/excel';
import { InvoiceImportResult as ResultSchema } from '@shared/domain/excel';
import type { Template } from '@shared/msc/billing-input';
import { importInvoices } from '@main/services/excel/invoice-import';
import { suggestMapping } from '@main/services/excel/mapping-suggest';
import { TEMPLATE } from '@test/fixtures/excel/template-fixture';
import { INVOICE_HEADERS, workbookOf } from '@test/fixtures/excel/workbooks';

const golden = readFileSync(fileURLToPath(new URL('../../fixtures/excel/invoices.xlsx', import.meta.url)));

const ACCOUNTS = { '6100': '201', '6110': '221', '6120': '225', '6200': '236', '6210': '400' } as const;
const ONE_FUEL: Template = { ...TEMPLATE, fuels: TEMPLATE.fuels.slice(0, 1) };

function failed(r: InvoiceImportResult): Extract<InvoiceImportResult, { ok: false }> {
  if (r.ok) throw new Error('expected a failed import');
  return r;
}

describe('invoice import: the clerk’s bookkeeping export', () => {
  it('maps accounts to agreed cost types and splits into heating, ancillary and fuel deliveries', async () => {
    const r = await importInvoices(golden, { template: ONE_FUEL, accountMapping: { ...ACCOUNTS } });
    if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
    expect(ResultSchema.parse(r)).toEqual(r);
    expect(r.deliveries).toEqual([
      {
        slot: 1,
        fuel: '111',
        delivery: { invoicedate: '2025-03-12', quantity: '5000.000', amounts: { grossamount: '5355.00', netamount: '4500.00' } },
      },
    ]);
    expect(r.heatingsysteminvoices).toEqual([
      {
        cost: { key: '221', text: 'Wartung Heizung Fa. Kessel' },
        invoicedate: '2025-05-20',
        amounts: { grossamount: '1234.56', netamount: '1037.45' },
      },
      {
        cost: { key: '225', text: 'Schornsteinfeger 2025' },
        invoicedate: '2025-05-20',
        amounts: { grossamount: '98.17', netamount: '82.50' },
      },
    ]);
    expect(r.ancillaryinvoices).toEqual([
      {
        cost: { key: '236', text: 'Kaltwasser Stadtwerke' },
        invoicedate: '2025-12-31',
        quantity: '412.000',
        amounts: { grossamount: '2114.01', netamount: '1975.71' },
      },
      {
        cost: { key: '400', text: 'Allgemeinstrom Treppenhaus' },
        invoicedate: '2025-12-31',
        quantity: '1250.500',
        amounts: { grossamount: '630.00' },
      },
    ]);
    expect(r.summary).toMatchObject({ sheet: 'Buchungen', headerRow: 2, rowsImported: 5 });
  });

  it('lists unmapped accounts with their rows and a cost type suggested by the booking text', async () => {
    const r = failed(await importInvoices(golden, { template: ONE_FUEL, accountMapping: { '6100': '201', '6210': '400' } }));
    expect(r.accounts).toEqual([
      { account: '6110', rows: [4], texts: ['Wartung Heizung Fa. Kessel'], suggestion: '221' },
      { account: '6120', rows: [5], texts: ['Schornsteinfeger 2025'], suggestion: '225' },
      { account: '6200', rows: [6], texts: ['Kaltwasser Stadtwerke'], suggestion: '236' },
    ]);
    expect(r.issues.map((i) => i.message)).toEqual([
      'Blatt „Buchungen“, Zeile 4, Spalte B („Sachkonto“): Das Konto „6110“ ist keiner vereinbarten Kostenart zugeordnet (Zeile 4). Vorschlag: 221 Wartung.',
      'Blatt „Buchungen“, Zeile 5, Spalte B („Sachkonto“): Das Konto „6120“ ist keiner vereinbarten Kostenart zugeordnet (Zeile 5). Vorschlag: 225 Schornsteinfeger.',
      'Blatt „Buchungen“, Zeile 6, Spalte B („Sachkonto“): Das Konto „6200“ ist keiner vereinbarten Kostenart zugeordnet (Zeile 6). Vorschlag: 236 Kaltwasser.',
    ]);
  });

  it('groups an unmapped booking text over its rows and maps texts as well as accounts', async () => {
    const rows = [
      ['Datum', 'Buchungstext', 'Betrag'],
      ...['01.01.2025', '01.04.2025', '01.07.2025'].map((d) => [d, 'Hauswart Strom', '10,00']),
    ];
    const r = failed(await importInvoices(await workbookOf('K', rows), { template: TEMPLATE }));
    expect(r.accounts).toEqual([{ account: 'Hauswart Strom', rows: [2, 3, 4], texts: ['Hauswart Strom'] }]);
    expect(r.issues[0]?.message).toBe(
      'Blatt „K“, Zeile 2, Spalte B („Buchungstext“): Der Buchungstext „Hauswart Strom“ ist keiner vereinbarten Kostenart zugeordnet (Zeilen 2, 3 und 4).',
    );
    const ok = await importInvoices(await workbookOf('K', rows), {
      template: TEMPLATE,
      accountMapping: { 'hauswart strom': '400' },
    });
    expect(ok.ok && ok.ancillaryinvoices.map((i) => i.cost)).toEqual(
      Array.from({ length: 3 }, () => ({ key: '400', text: 'Hauswart Strom' })),
    );
  });

  it('takes cost types from a cost-type column (code or label) and refuses codes the template did not agree', async () => {
    const buf = await workbookOf('Kosten', [
      ['Datum', 'Kostenart', 'Text', 'Betrag'],
      ['12.03.2025', '221 – Wartung', 'Kessel', '100,00'],
      ['13.03.2025', 'Allgemeinstrom', null, 50],
      ['14.03.2025', '229', 'Brenner', 10],
      ['15.03.2025', '200', null, 10],
      ['16.03.2025', '242', null, 10],
    ]);
    const r = failed(await importInvoices(buf, { template: TEMPLATE }));
    expect(r.issues.map((i) => [i.row, i.column, i.code])).toEqual([
      [4, 'B', 'COSTTYPE_NOT_AGREED'],
      [5, 'B', 'INVALID_VALUE'],
      [6, 'C', 'REQUIRED'],
    ]);
    expect(r.issues[0]?.message).toBe(
      'Blatt „Kosten“, Zeile 4, Spalte B („Kostenart“): Die Kostenart 229 Brennerwartung ist für diesen Zeitraum nicht vereinbart (vereinbart: 201, 220, 221, 225, 227, 236, 242, 400).',
    );
    const ok = await importInvoices(
      await workbookOf('Kosten', [
        ['Datum', 'Kostenart', 'Betrag'],
        ['12.03.2025', 'Allgemeinstrom', 50],
      ]),
      { template: TEMPLATE },
    );
    expect(ok.ok && ok.ancillaryinvoices).toEqual([
      { cost: { key: '400' }, invoicedate: '2025-03-12', amounts: { grossamount: '50.00' } },
    ]);
  });

  it('reads “Betrag” as net for a NET template and warns when the VAT mode is not met', async () => {
    const buf = await workbookOf('K', [
      ['Datum', 'Konto', 'Betrag', 'Brutto'],
      ['01.02.2025', '6110', '1.000', null],
      ['02.02.2025', '6110', null, '119,00'],
    ]);
    const r = await importInvoices(buf, { template: { ...TEMPLATE, expectedvat: 'NET' }, accountMapping: { '6110': '221' } });
    if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
    expect(r.heatingsysteminvoices.map((i) => i.amounts)).toEqual([{ netamount: '1000.00' }, { grossamount: '119.00' }]);
    expect(r.warnings).toEqual([
      expect.objectContaining({
        code: 'VAT_MODE',
        severity: 'warning',
        row: 3,
        message:
          'Blatt „K“, Zeile 3: Die Vorlage verlangt Nettobeträge; in Zeile 3 fehlt ein Betrag dieser Art. Die Prüfung beim Messdienst wird das bemängeln.',
      }),
    ]);
  });

  it('needs the fuel of a delivery when two fuels are agreed, and resolves it by slot, code or label', async () => {
    const rows = [
      ['Datum', 'Kostenart', 'Brennstoff', 'Menge', 'Brutto'],
      ['01.02.2025', '201', 'Leichtes Heizöl in Liter', '1.000', '1.100,00'],
      ['02.02.2025', '201', '2', '500', '200,00'],
      ['03.02.2025', '201', null, null, '5,00'],
    ];
    const r = failed(await importInvoices(await workbookOf('L', rows), { template: TEMPLATE }));
    expect(r.issues).toEqual([expect.objectContaining({ code: 'FUEL_UNKNOWN', row: 4, column: 'C', header: 'Brennstoff' })]);
    const ok = await importInvoices(await workbookOf('L', rows.slice(0, 3)), { template: TEMPLATE });
    expect(ok.ok && ok.deliveries.map((d) => [d.slot, d.fuel, d.delivery.quantity])).toEqual([
      [1, '111', '1000.000'],
      [2, '206', '500.000'],
    ]);
  });

  it('refuses a file without date or amount column and a row without amount', async () => {
    const noAmount = failed(
      await importInvoices(
        await workbookOf('K', [
          ['Datum', 'Konto', 'Text'],
          ['01.01.2025', '1', 'x'],
        ]),
        { template: TEMPLATE },
      ),
    );
    expect(noAmount.issues.map((i) => i.message)).toEqual([
      'Blatt „K“, Zeile 1: Es fehlt eine Spalte für „Brutto“ oder „Netto“ oder „Betrag“. Bitte die Spalte zuordnen.',
    ]);
    const emptyAmount = failed(
      await importInvoices(await workbookOf('K', [[...INVOICE_HEADERS], ['01.01.2025', '6110', 'Wartung', null, null, null]]), {
        template: TEMPLATE,
        accountMapping: { '6110': '221' },
      }),
    );
    expect(emptyAmount.issues).toEqual([
      expect.objectContaining({
        code: 'REQUIRED',
        row: 2,
        column: 'E',
        message: 'Blatt „K“, Zeile 2, Spalte E („Brutto“): Der Betrag fehlt.',
      }),
    ]);
  });

  it('suggests an invoice mapping from English headers', async () => {
    const s = await suggestMapping(
      await workbookOf('GL', [['Posting date', 'GL account', 'Memo', 'Gross amount', 'Net amount', 'Qty']]),
      'invoices',
    );
    expect(s.ok && s.suggestion.mapping.columns).toEqual({
      invoicedate: { header: 'Posting date' },
      account: { header: 'GL account' },
      text: { header: 'Memo' },
      grossamount: { header: 'Gross amount' },
      netamount: { header: 'Net amount' },
      quantity: { header: 'Qty' },
    });
  });
});

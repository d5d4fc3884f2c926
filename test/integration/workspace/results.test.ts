/**
 * Billing results through the real handlers on the embedded demo MSC: a commissioned period is billed by the
 * operator, the app stores result and PDFs, and the reconciliation finds a prepayment the MSC recorded differently.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it, vi } from 'vitest';
import { demoSubmission } from '@test/integration/sandbox/demo-submission';
import { useGateApp } from '@test/support/gate-app';

const on = { connectionId: 'demo' };
const where = { ...on, billingunit: '100200301', periodTo: '2025-12-31' };

describe('billing results in the app', () => {
  const app = useGateApp('kb-results-', { emptyResources: true });

  it('stores a billed result with its PDFs and reconciles it with the submission', async () => {
    const h = app.context.handlers;
    const template = await h['templates:get'](where);
    const base = demoSubmission(template);
    const pay = { grossamount: '600.00', netamount: '600.00' };
    const heating = Object.fromEntries(
      Object.entries(pay).filter(([k]) =>
        template.expectedvat === 'NET' ? k === 'netamount' : template.expectedvat === 'GROSS' ? k === 'grossamount' : true,
      ),
    );
    const filled = {
      ...base,
      billingrecipients: base.billingrecipients.map((r) => (r.vacancy ? r : { ...r, prepayments: { heating } })),
    };
    expect((await h['templates:submit']({ ...where, filled, ignoreWarnings: true })).status).toBe('commissioned');
    // The submission's archive entry starts the wait for its result.
    await vi.waitFor(async () => {
      expect(await h['results:get'](where)).toEqual({ stored: null, awaited: true });
    });

    const tenant = filled.billingrecipients.find((r) => !r.vacancy);
    const demo = app.context.demo();
    if (!tenant || !demo) throw new Error('no tenant or no demo MSC');
    const planted = await fetch(`${demo.url}/_operator/quirks/prepayment`, {
      method: 'POST',
      headers: { authorization: `Bearer ${demo.operatorToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        billingunitMscnumber: where.billingunit,
        to: where.periodTo,
        partnerPmnumber: tenant.partnerPmnumber,
        prepayment: '1.00',
      }),
    });
    expect(planted.status).toBe(200);
    await h['demo:period-status']({ ...where, status: 'BILLED' });

    const read = await h['results:check-now'](where);
    expect(read.awaited).toBe(false);
    const stored = read.stored;
    if (!stored) throw new Error('no result stored');
    expect(stored.result.results).toHaveLength(filled.billingrecipients.length);
    expect(stored.documents.filter((d) => d.type === 'HKA').length).toBeGreaterThan(0);

    const recon = await h['results:reconcile'](where);
    expect(
      recon.messages.filter((m) => m.severity === 'error').map((m) => [m.code, m.place?.partnerPmnumber, m.params.used]),
    ).toEqual([['PREPAYMENT_DIFFERS', tenant.partnerPmnumber, '1.00']]);
    expect(recon.submitted).toBe(recon.billed);

    const hka = stored.documents.find((d) => d.type === 'HKA');
    const pdf = await h['results:document']({ ...where, documentid: hka?.documentid ?? '' });
    expect(pdf.name).toMatch(/^HKA .*\.pdf$/);
    const file = app.context.files.get(pdf.fileId);
    expect(
      Buffer.from(file?.bytes ?? [])
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const xlsx = await h['results:export'](where);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(app.context.files.get(xlsx.fileId)?.bytes ?? []) as unknown as ArrayBuffer);
    expect(wb.getWorksheet('Ergebnis')?.rowCount).toBe(filled.billingrecipients.length + 1);

    const zip = await h['results:documents-zip'](where);
    expect(zip.name).toBe('Abrechnungen 100200301 bis 2025-12-31.zip');
    const report = await h['results:reconcile-report']({ ...where, format: 'pdf' });
    expect(report.name).toBe('Abgleich 100200301 bis 2025-12-31.pdf');
  });
});

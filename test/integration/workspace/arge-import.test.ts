/**
 * ARGE files read into the app through the IPC gate on the embedded demo MSC (issue 22, docs/arge.md "In the app"):
 * the demo's D/E835/E898 with the PDFs become the period's stored result, equal to the API's per tenant, marked as
 * from files, with the PDFs openable and the reconciliation, Excel and report working — after a binding submission
 * and, for a period never submitted from here, against the draft; an A file becomes the units' matching.
 */
import { describe, expect, it } from 'vitest';
import { criteriaToA } from '@shared/arge/order-criteria';
import { writeArgeFile } from '@shared/arge/write';
import { ArgeResultsReply } from '@shared/msc/operator';
import type { FileRef } from '@shared/ipc/contract';
import { demoWorld } from '@main/sandbox/seed';
import { seededSubmission } from '@main/sandbox/billing/seed-fill';
import { demoSubmission } from '@test/integration/sandbox/demo-submission';
import { useGateApp } from '@test/support/gate-app';

const on = { connectionId: 'demo' };

describe('ARGE files into the app', () => {
  const app = useGateApp('kb-arge-import-', { emptyResources: true });

  async function demoFiles(billingunit: string, to: string): Promise<FileRef[]> {
    const demo = app.context.demo();
    if (!demo) throw new Error('no demo MSC');
    const res = await fetch(`${demo.url}/_operator/arge-results?billingunit=${billingunit}&to=${to}`, {
      headers: { authorization: `Bearer ${demo.operatorToken}` },
    });
    expect(res.status).toBe(200);
    const reply = ArgeResultsReply.parse(await res.json());
    return reply.files.map((f) => {
      const stored = app.context.files.put(f.name, new Uint8Array(Buffer.from(f.base64, 'base64')));
      return { fileId: stored.id, name: stored.name, size: stored.bytes.byteLength };
    });
  }

  it('a submitted and billed period: the files give the API result, marked as from files, PDFs and reconciliation work', async () => {
    const where = { ...on, billingunit: '100200301', periodTo: '2025-12-31' };
    const template = await app.call('templates:get', where);
    const filled = demoSubmission(template);
    expect((await app.call('templates:submit', { ...where, filled, ignoreWarnings: true })).status).toBe('commissioned');
    await app.call('demo:period-status', { ...where, status: 'BILLED' });
    const fromApi = (await app.call('results:check-now', where)).stored;
    if (!fromApi) throw new Error('no API result');

    const outcome = await app.call('arge-import:results', {
      ...where,
      files: await demoFiles(where.billingunit, where.periodTo),
    });
    expect(outcome).toMatchObject({ ok: true, recipients: filled.billingrecipients.length, issues: [] });
    const stored = (await app.call('results:get', where)).stored;
    if (!stored) throw new Error('nothing stored');
    expect(stored.id).not.toBe(fromApi.id);
    expect(stored.origin?.kind).toBe('arge-files');
    expect(stored.origin?.files[0]).toMatch(/^DTD305_\d{14}\.DAT$/);
    const pick = [
      'totalcost',
      'co2landlordshare',
      'prepayment',
      'balance',
      'newmonthlyprepayment',
      'partnerPmnumber',
      'vacancy',
    ] as const;
    const view = (rs: typeof stored.result.results) => rs.map((r) => Object.fromEntries(pick.map((k) => [k, r[k]])));
    expect(view(stored.result.results)).toEqual(view(fromApi.result.results));

    const hka = stored.documents.find((d) => d.type === 'HKA');
    const pdf = await app.call('results:document', { ...where, documentid: hka?.documentid ?? '' });
    expect(
      Buffer.from(app.context.files.get(pdf.fileId)?.bytes ?? [])
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const recon = await app.call('results:reconcile', where);
    expect(recon.comparedWith).toBe('submission');
    expect(recon.messages.filter((m) => m.severity === 'error')).toEqual([]);
    expect((await app.call('results:export', where)).name).toBe('Abrechnungsergebnis 100200301 bis 2025-12-31.xlsx');
    expect((await app.call('results:reconcile-report', { ...where, format: 'excel' })).name).toBe(
      'Abgleich 100200301 bis 2025-12-31.xlsx',
    );
  });

  it('a period never submitted from here: matched to the draft and reconciled with it', async () => {
    const where = { ...on, billingunit: '100200302', periodTo: '2024-12-31' };
    const bu = demoWorld().billingunits.find((b) => b.billingunitMscnumber === where.billingunit);
    const template = bu?.periods[0]?.template;
    if (!bu || !template) throw new Error('no demo period');
    const draft = seededSubmission(bu, template);
    await app.call('demo:period-status', { ...where, status: 'BILLED' });
    const files = await demoFiles(where.billingunit, where.periodTo);
    const withoutOnePdf = files.filter((f) => f !== files.find((x) => x.name.endsWith('.pdf')));
    const outcome = await app.call('arge-import:results', { ...where, files: withoutOnePdf, filled: draft });
    expect(outcome.ok).toBe(true);
    expect(outcome.issues.map((i) => i.code)).toEqual(['ARGE_PDF_MISSING']);
    const stored = (await app.call('results:get', where)).stored;
    expect(stored?.origin?.missing).toHaveLength(1);
    expect(stored?.result.results).toHaveLength(draft.billingrecipients.length);
    const recon = await app.call('results:reconcile', { ...where, filled: draft });
    expect(recon.comparedWith).toBe('draft');
    expect(recon.submitted).toBe(recon.billed);
    expect(recon.messages.filter((m) => m.severity === 'error').map((m) => m.code)).toEqual(['DOCUMENT_MISSING']);
  });

  it('refuses a cut D file and stores nothing', async () => {
    const where = { ...on, billingunit: '100200303', periodTo: '2024-12-31' };
    await app.call('demo:period-status', { ...where, status: 'BILLED' });
    const files = await demoFiles(where.billingunit, where.periodTo);
    const d = files.find((f) => f.name.startsWith('DTD305_'));
    const bytes = app.context.files.get(d?.fileId ?? '')?.bytes ?? new Uint8Array();
    const cut = app.context.files.put(d?.name ?? '', bytes.subarray(0, bytes.length - 100));
    const outcome = await app.call('arge-import:results', {
      ...where,
      files: [{ fileId: cut.id, name: cut.name, size: cut.bytes.byteLength }, ...files.filter((f) => f !== d)],
      filled: seededSubmission(
        demoWorld().billingunits.find((b) => b.billingunitMscnumber === where.billingunit) as never,
        demoWorld().billingunits.find((b) => b.billingunitMscnumber === where.billingunit)?.periods[0]?.template as never,
      ),
    });
    expect(outcome.ok).toBe(false);
    expect(outcome.issues).toContainEqual(expect.objectContaining({ code: 'ARGE_CUT_OFF', file: d?.name }));
    expect((await app.call('results:get', where)).stored).toBeNull();
  });

  it('an A file becomes the units’ matching; a contradicting record and an unknown property are named', async () => {
    const bu = demoWorld().billingunits.find((b) => b.billingunitMscnumber === '100200301');
    if (!bu) throw new Error('no demo property');
    const matched = bu.units
      .slice(0, 3)
      .map((u, i) => ({ residentialunitMscnumber: u.residentialunitMscnumber, residentialunitPmnumber: `WE-${String(i + 1)}` }));
    const records = [
      ...criteriaToA({ billingunitMscnumber: bu.billingunitMscnumber, customerNumber: bu.customerMscnumber, matched }),
      ...criteriaToA({
        billingunitMscnumber: bu.billingunitMscnumber,
        customerNumber: bu.customerMscnumber,
        matched: [{ residentialunitMscnumber: matched[0]?.residentialunitMscnumber ?? '', residentialunitPmnumber: 'WE-99' }],
      }),
      ...criteriaToA({
        billingunitMscnumber: '999999999',
        customerNumber: bu.customerMscnumber,
        matched: [matched[0] ?? { residentialunitMscnumber: '0001', residentialunitPmnumber: 'X' }],
      }),
    ];
    const file = app.context.files.put('DTA305_20260110120000.DAT', writeArgeFile(records));
    const outcome = await app.call('arge-import:criteria', {
      ...on,
      files: [{ fileId: file.id, name: file.name, size: file.bytes.byteLength }],
    });
    expect(outcome.properties).toEqual([
      { billingunit: '100200301', matched: 3, unmatched: [], unknown: ['WE-1', 'WE-2', 'WE-3'] },
    ]);
    expect(outcome.issues.map((i) => [i.code, i.line])).toEqual([
      ['ARGE_A_UNIT_TWICE', 4],
      ['ARGE_A_UNKNOWN_PROPERTY', undefined],
    ]);
    const matching = await app.call('units:matching', { ...on, billingunit: '100200301' });
    expect(matching.setupstatus).toBe('COMPLETED');
    expect(matching.matched).toEqual(matched);
    const setups = await app.call('units:setups', on);
    expect(setups.find((s) => s.billingunit === '100200301')?.fromFile).toBe('DTA305_20260110120000.DAT');
  });
});

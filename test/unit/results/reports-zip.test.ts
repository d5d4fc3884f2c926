import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildZip, fileNameOf } from '@main/services/results/zip-writer';
import { buildReconPdf, buildReconWorkbook, type ReconReportInput } from '@main/services/results/recon-report';
import { readCentralDirectory, unpack } from '@main/services/excel/zip-parts';
import { pdfTextLines } from '@test/unit/reports/pdf-text';

const input: ReconReportInput = {
  billingunit: '100200301',
  periodFrom: '2025-01-01',
  periodTo: '2025-12-31',
  billingdate: '2026-02-15',
  transactionid: 'tx-1',
  recon: {
    amountKind: 'grossamount',
    submitted: '3800.00',
    billed: '3800.00',
    recipients: 3,
    counts: { error: 1, warning: 0, info: 1 },
    submissionId: 'a-1',
    submittedAt: '2026-01-20T09:00:00Z',
    messages: [
      {
        code: 'ESTIMATED',
        severity: 'info',
        params: { positions: 'Heizung', count: 1 },
        place: { residentialunitMscnumber: '0001', partnerPmnumber: 'P-1', name: 'Anna Müller', validfrom: '2025-01-01' },
      },
      {
        code: 'PREPAYMENT_DIFFERS',
        severity: 'error',
        params: { sent: '900.00', used: '1.00', difference: '-899.00' },
        place: { residentialunitMscnumber: '0002', partnerPmnumber: 'P-2', name: 'Łukasz Nowak', validfrom: '2025-01-01' },
      },
    ],
  },
};

describe('the reconciliation report and the ZIP of statements', () => {
  it('writes the findings as Excel, differences first, each with the recipient it concerns', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await buildReconWorkbook(input, new Date('2026-03-01T10:00:00Z'))) as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Abgleich');
    const rows = (ws?.getSheetValues() ?? []).map((r) => (Array.isArray(r) ? r.slice(1).map(String) : []));
    const findings = rows.filter((r) => r[0] === 'Abweichung' || r[0] === 'Hinweis');
    expect(findings.map((r) => [r[0], r[1], r[3]])).toEqual([
      ['Abweichung', '0002', 'Łukasz Nowak'],
      ['Hinweis', '0001', 'Anna Müller'],
    ]);
    expect(findings[0]?.[5]).toBe(
      'Vorauszahlungen: übermittelt 900,00 €, vom Messdienst angesetzt 1,00 € (Differenz -899,00 €).',
    );
  });

  it('writes the findings as a PDF a clerk can read', async () => {
    const pdf = await buildReconPdf(input, new Date('2026-03-01T10:00:00Z'));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfTextLines(pdf).join('\n');
    expect(text).toContain('Abgleich Abrechnungsergebnis');
    expect(text).toContain('Nutzeinheit 0002, Lukasz Nowak');
    expect(text).toContain('vom Messdienst angesetzt 1,00');
  });

  it('zips files under their names, readable by an unzip that checks sizes and CRCs', () => {
    const zip = buildZip([
      { name: 'Abrechnungen/0001 Ayşe Öztürk HKA.pdf', data: Buffer.from('%PDF-1.7 a') },
      { name: 'Abrechnungen/0002 Nowak HKA.pdf', data: Buffer.from('%PDF-1.7 bb') },
    ]);
    const entries = readCentralDirectory(zip) ?? [];
    expect(entries.map((e) => e.name)).toEqual(['Abrechnungen/0001 Ayşe Öztürk HKA.pdf', 'Abrechnungen/0002 Nowak HKA.pdf']);
    const second = entries[1];
    if (!second) throw new Error('no second entry');
    const unpacked = unpack(zip, second, 1000);
    expect(unpacked.ok && unpacked.bytes.toString()).toBe('%PDF-1.7 bb');
  });

  it('names files after tenants without characters a file system refuses', () => {
    expect(fileNameOf(['0001', 'Müller/Schmidt: "Anna"', 'HKA'], 'pdf')).toBe('0001 Müller-Schmidt- -Anna- HKA.pdf');
    expect(fileNameOf([undefined, ''], 'pdf')).toBe('Dokument.pdf');
  });
});

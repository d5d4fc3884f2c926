import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  buildResultWorkbook,
  RESULT_COLUMNS,
  TAX_SHARE_COLUMNS,
  type ResultExportRow,
} from '@main/services/results/results-xlsx';

const row = (over: Partial<ResultExportRow>): ResultExportRow => ({
  residentialunitMscnumber: '0001',
  residentialunitPmnumber: 'WE 1/01',
  partnerPmnumber: 'P-100',
  name: 'Ayşe Öztürk',
  validfrom: '2025-01-01',
  validto: '2025-12-31',
  vacancy: false,
  totalcost: '1234.56',
  co2landlordshare: '45.10',
  prepayment: '1200.00',
  balance: '34.56',
  newmonthlyprepayment: '103.00',
  ...over,
});

async function read(buffer: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  const ws = wb.getWorksheet('Ergebnis');
  if (!ws) throw new Error('no sheet Ergebnis');
  return ws;
}

describe('results as Excel for the bookkeeping', () => {
  it('writes one header row and one row per recipient with numbers, dates and the balance in words', async () => {
    const buffer = await buildResultWorkbook(
      {
        billingunit: '123456789',
        periodFrom: '2025-01-01',
        periodTo: '2025-12-31',
        currency: 'EUR',
        amountKind: 'gross',
        rows: [
          row({}),
          row({
            residentialunitMscnumber: '0002',
            partnerPmnumber: 'P-200',
            name: 'Łukasz Nowak',
            balance: '-80.25',
            prepayment: '900.00',
            totalcost: '819.75',
          }),
          row({
            residentialunitMscnumber: '0003',
            partnerPmnumber: 'OWNER',
            name: undefined,
            vacancy: true,
            validto: undefined,
            newmonthlyprepayment: undefined,
          }),
        ],
      },
      new Date('2026-03-01T10:00:00Z'),
    );
    const ws = await read(buffer);
    expect(ws.rowCount).toBe(4);
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([...RESULT_COLUMNS]);
    const second = ws.getRow(3);
    expect(second.getCell(1).value).toBe('123456789');
    expect(second.getCell(7).value).toBe('Łukasz Nowak');
    expect(second.getCell(13).value).toBe(900);
    expect(second.getCell(14).value).toBe(-80.25);
    expect(second.getCell(15).value).toBe('Guthaben');
    expect(ws.getRow(2).getCell(15).value).toBe('Nachzahlung');
    expect(ws.getRow(2).getCell(11).value).toBe(1234.56);
    expect(ws.getRow(2).getCell(11).numFmt).toBe('#,##0.00;-#,##0.00');
    expect((ws.getRow(2).getCell(3).value as Date).toISOString()).toBe('2025-12-31T00:00:00.000Z');
    const vacancy = ws.getRow(4);
    expect(vacancy.getCell(10).value).toBe('ja');
    expect(vacancy.getCell(9).value).toBeNull();
    expect(vacancy.getCell(16).value).toBeNull();
    expect(vacancy.getCell(18).value).toBe('brutto');
  });

  it("adds the tenants' §35a shares from an E835 file as a second sheet, and no such sheet without them", async () => {
    const base = {
      billingunit: '700100',
      periodFrom: '2025-01-01',
      periodTo: '2025-12-31',
      currency: 'EUR',
      amountKind: 'gross' as const,
      rows: [row({ residentialunitMscnumber: '0002', partnerPmnumber: 'P-200', name: 'Omar Haddad' })],
    };
    const share = {
      residentialunitMscnumber: '0002',
      partnerPmnumber: 'P-200',
      costKey: '236',
      taxServiceType: '12',
      invoiceTotalGross: '1190.00',
      userShareAmount: '297.50',
      userSharePercent: '25.00',
      laborTotal: '800.00',
      userLaborShare: '200.00',
    };
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await buildResultWorkbook({ ...base, taxShares: [share] }, new Date())) as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('§35a-Anteile');
    if (!ws) throw new Error('no sheet §35a-Anteile');
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([...TAX_SHARE_COLUMNS]);
    expect(ws.rowCount).toBe(2);
    const r = ws.getRow(2);
    expect([r.getCell(3).value, r.getCell(4).value, r.getCell(6).value, r.getCell(7).value, r.getCell(9).value]).toEqual([
      '0002',
      'WE 1/01',
      'Omar Haddad',
      '236',
      '12',
    ]);
    expect([r.getCell(10).value, r.getCell(11).value, r.getCell(12).value, r.getCell(14).value]).toEqual([1190, 297.5, 25, 200]);
    expect(r.getCell(11).numFmt).toBe('#,##0.00;-#,##0.00');

    const without = new ExcelJS.Workbook();
    await without.xlsx.load((await buildResultWorkbook({ ...base, taxShares: [] }, new Date())) as unknown as ArrayBuffer);
    expect(without.worksheets.map((w) => w.name)).toEqual(['Ergebnis']);
  });
});

import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { resultHandlers } from '@main/app/handlers/results';
import { createFileStore } from '@main/app/file-store';
import type { Workspaces } from '@main/app/workspaces';
import { RESULT_COLUMNS } from '@main/services/results/results-xlsx';
import type { ResultEntry } from '@shared/domain/results';
import type { BillingResult, RecipientResult } from '@shared/msc/billing-result';
import { resultRows } from '@renderer/features/results/result-rows';

const both = (gross: string, net: string) => ({ grossamount: gross, netamount: net });
const zero = both('0.00', '0.00');

function recipient(unit: string, balance: ReturnType<typeof both>, suggestion?: ReturnType<typeof both>): RecipientResult {
  return {
    residentialunitMscnumber: unit,
    partnerPmnumber: `P-${unit}`,
    name: `Mieter ${unit}`,
    validfrom: '2025-01-01',
    validto: '2025-12-31',
    vacancy: false,
    totalcost: both('1190.00', '1000.00'),
    co2landlordshare: both('59.50', '50.00'),
    prepayment: both('1309.00', '1100.00'),
    balance,
    newmonthlyprepayment: suggestion ?? { grossamount: '100.00' },
    positions: [],
  };
}

const billed: BillingResult = {
  billingunitMscnumber: '123456789',
  billingperiod: { from: '2025-01-01', to: '2025-12-31' },
  currency: 'EUR',
  expectedvat: 'NET',
  billingdate: '2026-02-01',
  transactionid: 'tx-1',
  createdat: '2026-02-01T08:00:00Z',
  totals: {
    distributablecost: zero,
    heating: zero,
    hotwater: zero,
    coldwater: zero,
    operating: zero,
    totalcost: zero,
    co2landlordshare: zero,
    prepayment: zero,
    balance: zero,
  },
  results: [recipient('0001', both('-119.00', '-100.00'), both('100.00', '84.03')), recipient('0002', both('23.80', '20.00'))],
  documents: [],
};

describe('the results table and the bookkeeping export read one flattening of the result', () => {
  it('shows the same net amounts, balance words and prepayment suggestions in both', async () => {
    const entry: ResultEntry = {
      id: 'r1',
      seq: 1,
      at: '2026-02-01T08:00:00Z',
      billingunit: '123456789',
      periodTo: '2025-12-31',
      transactionid: 'tx-1',
      result: billed,
      documents: [],
    };
    const ws = {
      workspace: () => Promise.resolve({ results: { latest: () => Promise.resolve(entry) } }),
    } as unknown as Workspaces;
    const files = createFileStore();
    const h = resultHandlers(ws, files, () => Promise.resolve(undefined));
    const file = await h['results:export']({ connectionId: 'c', billingunit: '123456789', periodTo: '2025-12-31' });

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(files.get(file.fileId)?.bytes ?? []) as unknown as ArrayBuffer);
    const ws1 = wb.getWorksheet('Ergebnis');
    const col = (name: (typeof RESULT_COLUMNS)[number]) => RESULT_COLUMNS.indexOf(name) + 1;
    const named = [
      'Kosten',
      'CO2-Kosten Vermieteranteil',
      'Saldo',
      'Nachzahlung/Guthaben',
      'Neue monatliche Vorauszahlung',
      'Beträge',
    ] as const;
    const sheet = [2, 3].map((n) => named.map((c) => ws1?.getRow(n).getCell(col(c)).value ?? null));

    const words = { pays: 'Nachzahlung', refund: 'Guthaben', even: 'ausgeglichen' };
    const table = resultRows(billed, []).map((r) => [
      Number(r.totalcost),
      Number(r.co2landlordshare),
      Number(r.balance),
      words[r.side],
      r.newmonthlyprepayment === undefined ? null : Number(r.newmonthlyprepayment),
      'netto',
    ]);
    expect(sheet).toEqual(table);
    expect(sheet).toEqual([
      [1000, 50, -100, 'Guthaben', 84.03, 'netto'],
      [1000, 50, 20, 'Nachzahlung', null, 'netto'],
    ]);
  });
});

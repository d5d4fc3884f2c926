import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { SetupStatus } from '@shared/msc/billing-unit-data';
import { buildMatchingWorkbook, derivedUnmatched } from '@main/services/excel/matching-export';

const STATUS: SetupStatus = {
  billingunitMscnumber: '100200300',
  billingunitPmnumber: 'OBJ-0815',
  customerMscnumber: '0000012345',
  address: { street: 'Musterstraße 1', postalcode: '04109', city: 'Leipzig' },
  setupstatus: 'COMPLETED',
  lastupdate: '2026-01-15T09:00:00Z',
  transactionid: 'tx-1',
  matched: [
    { residentialunitPmnumber: 'WE-0815/01', residentialunitMscnumber: '0001', positiontext: 'EG links (Gartenseite)' },
    { residentialunitPmnumber: 'WE-0815/02', residentialunitMscnumber: '0002' },
  ],
  unmatched: [
    {
      residentialunitPmnumber: 'WE-0815/03',
      reason: 'AMBIGUOUS',
      candidates: [
        { residentialunitMscnumber: '0003', positiontext: '1. OG links' },
        { residentialunitMscnumber: '0004', positiontext: '1. OG rechts' },
      ],
    },
  ],
  additional: [{ residentialunitMscnumber: '0009', positiontext: 'Hausmeisterwohnung' }],
  withdrawn: [{ residentialunitPmnumber: 'WE-0999/01', withdrawnat: '2026-01-14T15:30:00Z' }],
};

async function rowsOf(buf: Buffer, name: string): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const out: unknown[][] = [];
  wb.getWorksheet(name)?.eachRow((r) => out.push((r.values as unknown[]).slice(1)));
  return out;
}

describe('matching export for the ERP', () => {
  it('lists matched (position text of the MSC, never ours), unmatched, withdrawn and MSC-only units; numbers stay text', async () => {
    const buf = await buildMatchingWorkbook(STATUS, [{ residentialunitPmnumber: 'WE-0815/01', description: 'EG li' }]);
    expect(await rowsOf(buf, 'Zuordnung')).toEqual([
      ['Ordnungsbegriff', 'Nutzer-Nr. Messdienst', 'Ergebnis', 'Lage laut Messdienst', 'Kandidaten'],
      ['WE-0815/01', '0001', 'zugeordnet', 'EG links (Gartenseite)'],
      ['WE-0815/02', '0002', 'zugeordnet'],
      [
        'WE-0815/03',
        undefined,
        'nicht zugeordnet: mehrdeutig (Hilfskriterien senden)',
        undefined,
        '0003 1. OG links; 0004 1. OG rechts',
      ],
      ['WE-0999/01', undefined, 'zurückgezogen am 14.01.2026, 16:30'],
      [undefined, '0009', 'nur beim Messdienst (nicht gesendet)', 'Hausmeisterwohnung'],
    ]);
    const info = await rowsOf(buf, 'Info');
    expect(info).toContainEqual(['Status', 'abgeschlossen']);
    expect(info).toContainEqual(['Stand', '15.01.2026, 10:00']);
  });

  it('derives unmatched units from what was sent when the MSC leaves them out', () => {
    const { unmatched: _omitted, ...withoutUnmatched } = STATUS;
    const sent = ['WE-0815/01', 'WE-0815/02', 'WE-0815/07'].map((pm) => ({ residentialunitPmnumber: pm }));
    expect(derivedUnmatched(withoutUnmatched, sent)).toEqual([{ residentialunitPmnumber: 'WE-0815/07', reason: 'NOT_FOUND' }]);
    expect(derivedUnmatched(STATUS, sent)).toBe(STATUS.unmatched);
  });
});

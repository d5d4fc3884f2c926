/**
 * Tenant lists are exported by the same ERP every year: the columns a clerk assigned once are remembered for the
 * connection and taken for the next list that has all their header texts, in whatever order.
 */
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Output } from '@shared/ipc/contract';
import { useGateApp } from '@test/support/gate-app';

const on = { connectionId: 'demo' };
const app = useGateApp('kb-tcols-');
const { call } = app;

/**
 * A list whose unit and tenant-number columns carry headers of the ERP's own ("Whg-Schlüssel", "Kto"). Each test
 * uses header texts of its own (another ERP: "Wohnung", "Konto-Nr"), so what one test remembers is never taken for
 * another's list, whatever their order.
 */
async function upload(headers: readonly string[], name: string): Promise<string> {
  const values: Record<string, string | Date> = {
    'Whg-Schlüssel': '0002',
    Wohnung: '0002',
    Kto: 'P-900',
    'Konto-Nr': 'P-900',
    Name: 'Neumann',
    Einzug: new Date(Date.UTC(2025, 9, 1)),
  };
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Mieter');
  ws.addRow([...headers]);
  ws.addRow(headers.map((h) => values[h] ?? ''));
  return app.context.files.put(name, new Uint8Array(await wb.xlsx.writeBuffer())).id;
}

const ok = (r: Output<'excel:import-tenants'>) => {
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
  return r;
};

describe('tenant-list columns remembered per connection', () => {
  it('asks for unknown columns once and reads the next list with them, in another order', async () => {
    const first = ok(
      await call('excel:import-tenants', { ...on, fileId: await upload(['Whg-Schlüssel', 'Kto', 'Name', 'Einzug'], 'a.xlsx') }),
    );
    expect(first.remembered).toBeUndefined();
    expect(first.rows).toEqual([]);
    expect(first.issues.map((i) => i.code)).toContain('COLUMN_MISSING');

    const fileId = await upload(['Whg-Schlüssel', 'Kto', 'Name', 'Einzug'], 'a.xlsx');
    const chosen = { residentialunit: 'A', partnerPmnumber: 'B', name: 'C', movein: 'D' };
    const mapped = ok(await call('excel:import-tenants', { ...on, fileId, sheet: 'Mieter', headerRow: 1, columns: chosen }));
    expect(mapped.rows).toMatchObject([{ residentialunit: '0002', partnerPmnumber: 'P-900', movein: '2025-10-01' }]);

    const next = ok(
      await call('excel:import-tenants', { ...on, fileId: await upload(['Name', 'Einzug', 'Kto', 'Whg-Schlüssel'], 'b.xlsx') }),
    );
    expect(next.remembered).toBe(true);
    expect(next.columns).toEqual({ name: 'A', movein: 'B', partnerPmnumber: 'C', residentialunit: 'D' });
    expect(next.rows).toMatchObject([{ residentialunit: '0002', partnerPmnumber: 'P-900', name: 'Neumann' }]);
  });

  it('does not take the remembered columns for a list that lacks one of their headers', async () => {
    // Arrange: the clerk assigns the columns of this ERP's list once; the same list is then read with them.
    const headers = ['Wohnung', 'Konto-Nr', 'Name', 'Einzug'];
    const chosen = { residentialunit: 'A', partnerPmnumber: 'B', name: 'C', movein: 'D' };
    const fileId = await upload(headers, 'c.xlsx');
    ok(await call('excel:import-tenants', { ...on, fileId, sheet: 'Mieter', headerRow: 1, columns: chosen }));
    const same = ok(await call('excel:import-tenants', { ...on, fileId: await upload(headers, 'd.xlsx') }));
    expect(same.remembered).toBe(true);

    // Act: a list without the tenant-number column.
    const other = ok(
      await call('excel:import-tenants', { ...on, fileId: await upload(['Wohnung', 'Name', 'Einzug'], 'e.xlsx') }),
    );

    expect(other.remembered).toBeUndefined();
    expect(other.columns.partnerPmnumber).toBeUndefined();
  });
});

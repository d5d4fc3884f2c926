/**
 * Issue 19, item 8: a tenant list without tenant numbers is read, not refused. The rows are matched to the unit's
 * partners by name and period; a new name gets a number made from unit and move-in, and every row without number
 * carries a remark the preview shows at its unit.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { OnSiteRoles } from '@shared/msc/on-site-roles';
import type { OsrUnitView } from '@shared/ipc/channels/osr';
import { readTenantList } from '@main/services/excel/tenant-list';
import { madeUpNumber, planTenantList } from '@renderer/features/tenants/tenant-list-plan';

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Mieter');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const view = (unit: string, roles: OnSiteRoles): OsrUnitView => ({
  residentialunitMscnumber: unit,
  residentialunitPmnumber: `KH/${unit}`,
  atMsc: roles,
  current: roles,
  status: 'none',
});

const SCHNEIDER: OnSiteRoles = {
  partners: [{ partnerPmnumber: 'P-2', name: 'Schneider', firstname: 'Thomas', commercial: false }],
  billingcontracts: [{ validfrom: '2025-01-01', vacancy: false, billingrecipient: { partnerPmnumber: 'P-2', owner: false } }],
  consumptioninformationcontracts: [{ validfrom: '2025-01-01', partnerPmnumber: 'P-2' }],
};
/** Erika Früher lived here until 2024; Thomas Schneider since. */
const HISTORY: OnSiteRoles = {
  ...SCHNEIDER,
  partners: [...SCHNEIDER.partners, { partnerPmnumber: 'P-1', name: 'Früher', firstname: 'Erika', commercial: false }],
  billingcontracts: [
    {
      validfrom: '2020-01-01',
      validto: '2024-12-31',
      vacancy: false,
      billingrecipient: { partnerPmnumber: 'P-1', owner: false },
    },
    ...SCHNEIDER.billingcontracts,
  ],
};

describe('a tenant list without a tenant-number column', () => {
  it('is read with every usable row and no issue about the missing column', async () => {
    const buffer = await workbook([
      ['WE-Nr.', 'Vorname', 'Name', 'Einzug', 'Auszug'],
      ['0002', 'Thomas', 'Schneider', '01.09.2012', '30.09.2025'],
      ['0002', 'Jan', 'Lang', '01.10.2025', null],
    ]);
    const result = await readTenantList(buffer);
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    expect(result.columns.partnerPmnumber).toBeUndefined();
    expect(result.issues).toEqual([]);
    expect(result.rows).toEqual([
      { row: 2, residentialunit: '0002', firstname: 'Thomas', name: 'Schneider', movein: '2012-09-01', moveout: '2025-09-30' },
      { row: 3, residentialunit: '0002', firstname: 'Jan', name: 'Lang', movein: '2025-10-01' },
    ]);
  });

  it('keeps a row whose number cell is empty while the column exists', async () => {
    const buffer = await workbook([
      ['WE-Nr.', 'Mieternummer', 'Name', 'Einzug'],
      ['0002', '', 'Lang', '01.10.2025'],
    ]);
    const result = await readTenantList(buffer);
    if (!result.ok) throw new Error('not read');
    expect(result.rows).toEqual([{ row: 2, residentialunit: '0002', name: 'Lang', movein: '2025-10-01' }]);
    expect(result.issues).toEqual([]);
  });

  it('matches the unit’s tenant by name and period, makes up a number for a new one, and remarks on both', () => {
    const plan = planTenantList(
      [
        { row: 2, residentialunit: '0002', firstname: 'Thomas', name: 'Schneider', movein: '2012-09-01', moveout: '2025-09-30' },
        { row: 3, residentialunit: '0002', firstname: 'Jan', name: 'Lang', movein: '2025-10-01' },
      ],
      [view('0002', SCHNEIDER)],
    );
    const unit = plan.changed[0];
    expect(unit?.after).toEqual([
      { name: 'Thomas Schneider', from: '2025-01-01', to: '2025-09-30', vacancy: false },
      { name: 'Jan Lang', from: '2025-10-01', vacancy: false },
    ]);
    expect(unit?.roles.billingcontracts.map((c) => c.billingrecipient.partnerPmnumber)).toEqual(['P-2', '0002-20251001']);
    expect(unit?.remarks).toEqual([
      { row: 2, name: 'Thomas Schneider', movein: '2012-09-01', kind: 'samePeriod', partnerPmnumber: 'P-2' },
      { row: 3, name: 'Jan Lang', movein: '2025-10-01', kind: 'new', partnerPmnumber: '0002-20251001' },
    ]);
  });

  it('finds the partner of the same name outside the period and says so; spelling of spaces and case do not matter', () => {
    const plan = planTenantList(
      [{ row: 4, residentialunit: '0002', name: 'ERIKA  früher', movein: '2025-10-01' }],
      [view('0002', HISTORY)],
    );
    expect(plan.changed[0]?.remarks).toEqual([
      { row: 4, name: 'ERIKA  früher', movein: '2025-10-01', kind: 'sameName', partnerPmnumber: 'P-1' },
    ]);
  });

  it('leaves a unit whose tenants the list names the same as unchanged', () => {
    const plan = planTenantList(
      [{ row: 2, residentialunit: '0002', firstname: 'Thomas', name: 'Schneider', movein: '2012-09-01' }],
      [view('0002', SCHNEIDER)],
    );
    expect(plan).toMatchObject({ changed: [], unchanged: 1 });
  });

  it('makes numbers of at most 20 characters, as the MSC takes them', () => {
    expect(madeUpNumber('0006', '2025-10-01')).toBe('0006-20251001');
    expect(madeUpNumber('ABCDEFGHIJKLMNOPQRST', '2025-10-01')).toHaveLength(20);
  });
});

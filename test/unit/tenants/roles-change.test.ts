import { describe, expect, it } from 'vitest';
import type { OnSiteRoles } from '@shared/msc/on-site-roles';
import type { OsrUnitView } from '@shared/ipc/channels/osr';
import { applyOwnerChange, applyTenantChange, applyVacancy, baseRoles } from '@renderer/features/tenants/roles-change';
import { planTenantList } from '@renderer/features/tenants/tenant-list-plan';
import { recipientDiffs } from '@renderer/features/tenants/recipient-diff';

const SCHNEIDER: OnSiteRoles = {
  partners: [{ partnerPmnumber: 'P-2', name: 'Thomas Schneider', commercial: false }],
  billingcontracts: [{ validfrom: '2025-01-01', vacancy: false, billingrecipient: { partnerPmnumber: 'P-2', owner: false } }],
  consumptioninformationcontracts: [{ validfrom: '2025-01-01', partnerPmnumber: 'P-2' }],
};
const OWNER = { partnerPmnumber: 'E-1', name: 'Karl-Heine GmbH', commercial: true };
const YILMAZ = { partnerPmnumber: 'P-40', name: 'Yilmaz', firstname: 'Elif', commercial: false };

describe('applyTenantChange', () => {
  it('ends the old tenant, bills the gap to the owner as vacancy and starts the new tenant', () => {
    const roles = applyTenantChange(SCHNEIDER, {
      moveOut: '2025-04-30',
      moveIn: '2025-07-01',
      tenant: YILMAZ,
      vacancyBetween: true,
      owner: OWNER,
    });
    expect(roles.billingcontracts).toEqual([
      {
        validfrom: '2025-01-01',
        validto: '2025-04-30',
        vacancy: false,
        billingrecipient: { partnerPmnumber: 'P-2', owner: false },
      },
      {
        validfrom: '2025-05-01',
        validto: '2025-06-30',
        vacancy: true,
        billingrecipient: { partnerPmnumber: 'E-1', owner: true },
      },
      { validfrom: '2025-07-01', vacancy: false, billingrecipient: { partnerPmnumber: 'P-40', owner: false } },
    ]);
    expect(roles.consumptioninformationcontracts).toEqual([
      { validfrom: '2025-01-01', validto: '2025-04-30', partnerPmnumber: 'P-2' },
      { validfrom: '2025-07-01', partnerPmnumber: 'P-40' },
    ]);
    expect(roles.partners.map((p) => p.partnerPmnumber).sort()).toEqual(['E-1', 'P-2', 'P-40']);
  });

  it('leaves the gap open without vacancy (the MSC refuses it at the field) and adds no owner', () => {
    const roles = applyTenantChange(SCHNEIDER, {
      moveOut: '2025-04-30',
      moveIn: '2025-07-01',
      tenant: YILMAZ,
      vacancyBetween: false,
      owner: OWNER,
    });
    expect(roles.billingcontracts.map((c) => c.validfrom)).toEqual(['2025-01-01', '2025-07-01']);
    expect(roles.partners.some((p) => p.partnerPmnumber === 'E-1')).toBe(false);
  });
});

describe('applyVacancy and applyOwnerChange', () => {
  it('a vacancy ends the tenant the day before; a later owner change splits the running vacancy', () => {
    const vacant = applyVacancy(SCHNEIDER, { from: '2025-05-01', owner: OWNER });
    expect(vacant.billingcontracts.map((c) => [c.validfrom, c.validto, c.vacancy])).toEqual([
      ['2025-01-01', '2025-04-30', false],
      ['2025-05-01', undefined, true],
    ]);
    const sold = applyOwnerChange(vacant, {
      from: '2025-09-01',
      owner: { partnerPmnumber: 'E-2', name: 'Neu', firstname: 'Nina', commercial: false },
    });
    expect(sold.billingcontracts.map((c) => [c.validfrom, c.validto, c.billingrecipient.partnerPmnumber])).toEqual([
      ['2025-01-01', '2025-04-30', 'P-2'],
      ['2025-05-01', '2025-08-31', 'E-1'],
      ['2025-09-01', undefined, 'E-2'],
    ]);
  });
});

const view = (unit: string, roles: OnSiteRoles, extra: Partial<OsrUnitView> = {}): OsrUnitView => ({
  residentialunitMscnumber: unit,
  residentialunitPmnumber: `KH/${unit}`,
  atMsc: roles,
  current: roles,
  status: 'none',
  ...extra,
});

describe('baseRoles', () => {
  it('builds a correction on the last accepted data set, not on the refused one', () => {
    const refused = applyTenantChange(SCHNEIDER, {
      moveOut: '2025-04-30',
      moveIn: '2025-07-01',
      tenant: YILMAZ,
      vacancyBetween: false,
    });
    const v = view('0002', SCHNEIDER, {
      current: refused,
      status: 'rejected',
      record: {
        billingunit: '100200301',
        residentialunit: '0002',
        updatedAt: '2025-01-01T00:00:00Z',
        delivery: {
          id: 'd',
          seq: 1,
          roles: refused,
          state: 'rejected',
          attempts: 1,
          createdAt: '2025-01-01T00:00:00Z',
          updatedAt: '2025-01-01T00:00:00Z',
        },
      },
    });
    expect(baseRoles(v)).toBe(SCHNEIDER);
  });
});

describe('planTenantList', () => {
  const units = [
    view('0002', SCHNEIDER),
    view('0003', {
      ...SCHNEIDER,
      partners: [{ partnerPmnumber: 'P-3', name: 'Anna Müller', commercial: false }],
      billingcontracts: [{ ...SCHNEIDER.billingcontracts[0]!, billingrecipient: { partnerPmnumber: 'P-3', owner: false } }],
    }),
  ];
  it('compares from what the MSC shows on: older history is not a change, a new tenant is', () => {
    const plan = planTenantList(
      [
        {
          row: 2,
          residentialunit: '2',
          partnerPmnumber: 'P-2',
          name: 'Schneider',
          firstname: 'Thomas',
          movein: '2012-09-01',
          moveout: '2025-09-30',
        },
        { row: 3, residentialunit: '0002', partnerPmnumber: 'P-41', name: 'Lang', firstname: 'Jan', movein: '2025-10-01' },
        { row: 4, residentialunit: 'KH/0003', partnerPmnumber: 'P-1', name: 'Alt', movein: '2001-01-01', moveout: '2010-12-31' },
        { row: 5, residentialunit: '0003', partnerPmnumber: 'P-3', name: 'Müller', firstname: 'Anna', movein: '2011-01-01' },
        { row: 6, residentialunit: '0099', partnerPmnumber: 'P-9', name: 'Niemand', movein: '2020-01-01' },
      ],
      units,
    );
    expect(plan.unchanged).toBe(1);
    expect(plan.unknown.map((r) => r.row)).toEqual([6]);
    expect(plan.changed.map((p) => p.unit)).toEqual(['0002']);
    expect(plan.changed[0]?.after).toEqual([
      { name: 'Thomas Schneider', from: '2025-01-01', to: '2025-09-30', vacancy: false },
      { name: 'Jan Lang', from: '2025-10-01', vacancy: false },
    ]);
  });
});

describe('planTenantList at the end of the period (issue 19, item 8)', () => {
  it('gives no gap hint when the last tenant moves out at the period’s end without successor and no owner is known', () => {
    const plan = planTenantList(
      [
        {
          row: 2,
          residentialunit: '0002',
          partnerPmnumber: 'P-2',
          name: 'Schneider',
          movein: '2025-01-01',
          moveout: '2025-12-31',
        },
      ],
      [view('0002', SCHNEIDER)],
    );
    expect(plan.changed.map((p) => [p.unit, p.gapWithoutOwner])).toEqual([['0002', false]]);
  });

  it('still gives it for a gap between two tenants', () => {
    const plan = planTenantList(
      [
        {
          row: 2,
          residentialunit: '0002',
          partnerPmnumber: 'P-2',
          name: 'Schneider',
          movein: '2025-01-01',
          moveout: '2025-06-30',
        },
        { row: 3, residentialunit: '0002', partnerPmnumber: 'P-41', name: 'Lang', movein: '2025-08-01' },
      ],
      [view('0002', SCHNEIDER)],
    );
    expect(plan.changed[0]?.gapWithoutOwner).toBe(true);
  });
});

describe('recipientDiffs', () => {
  it('names units whose template recipients differ from what was delivered', () => {
    const delivered = applyTenantChange(SCHNEIDER, {
      moveOut: '2025-04-30',
      moveIn: '2025-05-01',
      tenant: YILMAZ,
      vacancyBetween: false,
    });
    const template = {
      billingperiod: { from: '2025-01-01', to: '2025-12-31' },
      billingrecipients: [
        {
          residentialunitMscnumber: '0002',
          residentialunitPmnumber: 'KH/0002',
          partnerPmnumber: 'P-2',
          name: 'Thomas Schneider',
          validfrom: '2025-01-01',
          vacancy: false,
        },
      ],
    } as unknown as Parameters<typeof recipientDiffs>[0];
    const record = {
      billingunit: '100200301',
      residentialunit: '0002',
      updatedAt: '2025-01-01T00:00:00Z',
      delivered: {
        deliveryId: 'd',
        roles: delivered,
        transactionid: 't',
        acceptedat: 'x',
        deliveredAt: '2025-01-01T00:00:00Z',
        messages: [],
      },
    };
    expect(recipientDiffs(template, [record])).toEqual([
      { residentialunit: '0002', kind: 'differs', expected: ['Elif Yilmaz', 'Thomas Schneider'], shown: ['Thomas Schneider'] },
    ]);
  });
});

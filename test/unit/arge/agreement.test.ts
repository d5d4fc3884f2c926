/** A property's agreement on a file-exchange connection: its periods, the template built from it, and one taken over from files. */
import { describe, expect, it } from 'vitest';
import { Agreement } from '@shared/arge/agreement';
import { agreementFromRecords } from '@shared/arge/agreement-from-files';
import { agreementPeriod, agreementPeriods, templateFromAgreement } from '@shared/arge/agreement-template';
import { exportDraftToArge } from '@shared/arge/export';
import { readArgeFile } from '@shared/arge/read';
import { Template } from '@shared/msc/billing-input';
import type { OnSiteRoles } from '@shared/msc/on-site-roles';
import { agreementExample } from '@test/fixtures/arge-agreement';
import { fillFor } from '@test/fixtures/arge-fill';

const none = new Map<string, { transactionid: string; at: string }>();

describe('agreement', () => {
  it('refuses a cost type split by a key that is not agreed, and a unit number given twice', () => {
    const bad = {
      ...agreementExample,
      costtypes: [{ key: '400', allocation: 'B', allocationkey: '046' }],
      units: [agreementExample.units[0], agreementExample.units[0]],
    };
    const r = Agreement.safeParse(bad);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['costtypes.0.allocationkey', 'ist kein vereinbarter Schlüssel'],
      ['units.1.residentialunitMscnumber', 'ist doppelt'],
    ]);
  });

  it('has a period a year from the first one up to the one running today; written ones are commissioned', () => {
    const periods = agreementPeriods(
      agreementExample,
      '2027-03-01',
      new Map([['2025-12-31', { transactionid: 'ARGE-1', at: '2026-02-01T10:00:00.000Z' }]]),
    );
    expect(periods.map((p) => [p.from, p.to, p.status])).toEqual([
      ['2025-01-01', '2025-12-31', 'COMMISSIONED'],
      ['2026-01-01', '2026-12-31', 'OPEN'],
      ['2027-01-01', '2027-12-31', 'OPEN'],
    ]);
    expect(periods[0]?.lastsubmission).toEqual({ transactionid: 'ARGE-1', at: '2026-02-01T10:00:00.000Z' });
    expect(agreementPeriods(agreementExample, '2024-06-01', none)).toHaveLength(1);
    const july = { ...agreementExample, firstperiod: { from: '2024-07-01', to: '2025-06-30' } };
    expect(agreementPeriod(july, '2026-06-30')).toEqual({ from: '2025-07-01', to: '2026-06-30' });
    expect(agreementPeriod(july, '2026-12-31')).toBeUndefined();
  });
});

describe('template from an agreement', () => {
  const period = { from: '2025-01-01', to: '2025-12-31' };

  it('is a template of the MSC contract with the agreed fuels, cost types, keys and the units’ users', () => {
    const t = templateFromAgreement(agreementExample, period);
    expect(Template.safeParse(t).success).toBe(true);
    expect(t.fuels).toEqual([{ slot: 1, fuel: '194', unit: 'KWH', stored: false, calorificvalue: '1.0000' }]);
    expect(t.costtypes.map((c) => [c.key, c.allocation, c.allocationkey])).toEqual([
      ['220', 'E', '011'],
      ['236', 'K', '003'],
      ['400', 'B', '010'],
    ]);
    expect(t.costtypes[2]?.text).toBe('Allgemeinstrom (nur Hausnebenkosten/Betriebskosten)');
    expect(t.distributionkeys.map((k) => k.key)).toEqual(['010', '011', '003']);
    // The first user since before the period starts with it; the second moved in in April; unit 3 has nobody yet.
    expect(t.billingrecipients.map((r) => [r.residentialunitMscnumber, r.partnerPmnumber, r.validfrom])).toEqual([
      ['0001', 'P-100', '2025-01-01'],
      ['0002', 'P-200', '2025-04-01'],
    ]);
    expect(t.hotwater).toEqual({ method: '321' });
    expect(t.co2configuration.applicable).toBe(true);
  });

  it('takes a unit’s recipients from the data set the tenant-list import delivered, cut to the period', () => {
    const roles: OnSiteRoles = {
      partners: [
        { partnerPmnumber: 'P-300', name: 'Berger', firstname: 'Tom', commercial: false },
        { partnerPmnumber: 'P-900', name: 'Hausverwaltung Nord GmbH', commercial: true },
      ],
      billingcontracts: [
        {
          validfrom: '2023-01-01',
          validto: '2025-06-30',
          vacancy: false,
          billingrecipient: { partnerPmnumber: 'P-300', owner: false },
        },
        { validfrom: '2025-07-01', vacancy: true, billingrecipient: { partnerPmnumber: 'P-900', owner: true } },
      ],
      consumptioninformationcontracts: [],
    };
    const t = templateFromAgreement(agreementExample, period, new Map([['0003', roles]]));
    expect(t.billingrecipients.filter((r) => r.residentialunitMscnumber === '0003')).toEqual([
      {
        residentialunitMscnumber: '0003',
        residentialunitPmnumber: 'WE-03',
        partnerPmnumber: 'P-300',
        name: 'Tom Berger',
        validfrom: '2025-01-01',
        validto: '2025-06-30',
        vacancy: false,
      },
      {
        residentialunitMscnumber: '0003',
        residentialunitPmnumber: 'WE-03',
        partnerPmnumber: 'P-900',
        name: 'Leerstand (Hausverwaltung Nord GmbH)',
        validfrom: '2025-07-01',
        vacancy: true,
      },
    ]);
  });
});

describe('agreement taken over from last year’s files', () => {
  const template = templateFromAgreement(agreementExample, { from: '2025-01-01', to: '2025-12-31' });
  const filesOf = (orderCriterion: 'partner' | 'unit') => {
    const r = exportDraftToArge(
      template,
      fillFor(template),
      { customerNumber: '4711', mscKey: '30', orderCriterion, property: { ...agreementExample.address, pmnumber: 'OBJ-7' } },
      new Date(2026, 1, 3, 9, 0, 0),
    );
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    return r.files.flatMap((f) => readArgeFile(f.bytes, f.name).records);
  };

  it('gives the property, the next period, fuels, cost types with allocation, keys and units', () => {
    const { agreement, unknownCodes } = agreementFromRecords(filesOf('unit'), 'unit');
    expect(unknownCodes).toEqual([]);
    expect(agreement.billingunit).toBe('700100');
    expect(agreement.pmnumber).toBe('OBJ-7');
    expect(agreement.address).toEqual(agreementExample.address);
    expect(agreement.firstperiod).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(agreement.expectedvat).toBe('GROSS');
    expect(agreement.fuels).toEqual([{ slot: 1, fuel: '194', calorificvalue: '1.0000' }]);
    expect(agreement.costtypes?.map((c) => [c.key, c.allocation, c.allocationkey])).toEqual([
      ['220', 'E', '011'],
      ['236', 'K', '003'],
      ['400', 'B', '010'],
    ]);
    expect(agreement.distributionkeys).toEqual(['003', '010', '011']);
    // Field 6 held the unit's number: it is read back as the unit's number.
    expect(agreement.units?.map((u) => [u.residentialunitMscnumber, u.residentialunitPmnumber, u.occupant?.name])).toEqual([
      ['0001', 'WE-01', 'Jana Krüger'],
      ['0002', 'WE-02', 'Omar Haddad'],
    ]);
    expect(agreement.units?.[1]?.occupant?.since).toBe('2026-01-01');
  });

  it('with partner numbers in field 6 gives each unit its user’s partner number', () => {
    const { agreement } = agreementFromRecords(filesOf('partner'), 'partner');
    expect(agreement.units?.map((u) => u.occupant?.partnerPmnumber)).toEqual(['P-100', 'P-200']);
  });
});

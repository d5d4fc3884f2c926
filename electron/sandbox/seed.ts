/**
 * The demo world: client `demo` (customer 0000012345) with three buildings, 40 usage units in all, and
 * client `other` (customer 0000099999) with one building, for 403 checks.
 *
 * What the matching does with each unit (see matching.ts):
 * - 100200301 Leipzig, Erdgas H: 0001–0010 and 0016 known by PM number (KH42/01 …); 0011 "DG rechts" only by
 *   auxiliary criteria; 0012/0013 both "DG links", 48 m² → AMBIGUOUS until a meter number (HKV-3010012… /
 *   HKV-3010013…) or the full position text is sent; 0014 "EG Laden" needs manual work by the operator;
 *   0015 "UG Hausmeisterwohnung" unknown by PM number (stays `additional` unless sent).
 *   Tenant change in 0003 on 2025-05-01. Mixed use: the bakery in 0014 is usage group GEW, the flats WOHN.
 *   Hot water separated by a heat meter (table T 350).
 * - 100200302 Oberweser, Heizöl (stored, opening stock = closing stock 2024): 0001–0008 known, 0009–0012 by
 *   auxiliary criteria. 0006 vacant from 2025-09-01. A condominium (WEG) without a hot-water heat meter: hot water
 *   by area (table T 373).
 * - 100200303 Köln, Fernwärme: 0001–0009 known, 0010–0012 by auxiliary criteria. Tenant change in 0004 on
 *   2025-07-01; 0009 vacant from 2024-11-01 to 2025-02-28. Hot water by heat meter (table T 350).
 */
import type { World } from '@main/sandbox/world-types';
import { buildBillingUnit, metersOf } from '@main/sandbox/seed-builders';
import type { Occupancy, UnitSpec } from '@main/sandbox/seed-builders';

export const DEMO_CLIENT = { clientId: 'demo', clientSecret: 'demo-secret', customerMscnumber: '0000012345' } as const;
export const OTHER_CLIENT = { clientId: 'other', clientSecret: 'other-secret', customerMscnumber: '0000099999' } as const;
export const DEMO_BILLING_UNITS = ['100200301', '100200302', '100200303'] as const;
export const OTHER_BILLING_UNIT = '100900001';

type Row = [
  msc: string,
  floor: string,
  position: string,
  area: string,
  known: boolean,
  occupancies: Occupancy[],
  positiontext?: string,
];

function tenant(partnerPmnumber: string, name: string, from: string, to?: string): Occupancy {
  return to === undefined ? { partnerPmnumber, name, from } : { partnerPmnumber, name, from, to };
}

function vacant(partnerPmnumber: string, owner: string, from: string, to?: string): Occupancy {
  return { ...tenant(partnerPmnumber, `Leerstand (${owner})`, from, to), vacancy: true };
}

function units(tag: string, pm: (msc: string) => string, rows: Row[], manual: readonly string[] = []): UnitSpec[] {
  return rows.map(([msc, floor, position, livingarea, known, occupancies, positiontext]) => {
    const u: UnitSpec = { msc, pm: pm(msc), floor, position, livingarea, known, meternumbers: metersOf(tag, msc), occupancies };
    if (positiontext !== undefined) u.positiontext = positiontext;
    if (manual.includes(msc)) u.manual = true;
    return u;
  });
}

const leipzig = buildBillingUnit({
  billingunitMscnumber: '100200301',
  billingunitPmnumber: 'LE-KH42',
  customerMscnumber: DEMO_CLIENT.customerMscnumber,
  address: { street: 'Karl-Heine-Straße 42', postalcode: '04229', city: 'Leipzig' },
  heating: 'gas',
  expectedvat: 'GROSS',
  ratio: { heating: ['30.0', '70.0'], hotwater: ['30.0', '70.0'] },
  hotwater: { method: '350' },
  usagegroups: {
    groups: [
      { key: 'WOHN', text: 'Wohnungen' },
      { key: 'GEW', text: 'Gewerbe (Bäckerei im EG)' },
    ],
    // Every flat WOHN, the bakery (0014) GEW.
    of: Object.fromEntries(
      Array.from({ length: 16 }, (_, i): [string, string] => {
        const msc = String(i + 1).padStart(4, '0');
        return [msc, msc === '0014' ? 'GEW' : 'WOHN'];
      }),
    ),
  },
  lastSubmission: { transactionid: '5f0c2a8e-1d3b-4c6e-9a7f-2b8d4e6f0a11', at: '2025-02-11T09:24:13Z' },
  nonresidential: ['0014'],
  units: units(
    '301',
    (msc) => `KH42/${msc.slice(2)}`,
    [
      ['0001', 'EG', 'links', '64.50', true, [tenant('P-301-001', 'Anna Müller', '2016-04-01')]],
      ['0002', 'EG', 'rechts', '71.20', true, [tenant('P-301-002', 'Thomas Schneider', '2012-09-01')]],
      [
        '0003',
        '1. OG',
        'links',
        '64.50',
        true,
        [tenant('P-301-003', 'Jonas Becker', '2019-02-01', '2025-04-30'), tenant('P-301-017', 'Leonie Wagner', '2025-05-01')],
      ],
      ['0004', '1. OG', 'rechts', '71.20', true, [tenant('P-301-004', 'Sabine Fischer', '2008-06-01')]],
      ['0005', '2. OG', 'links', '64.50', true, [tenant('P-301-005', 'Michael Weber', '2021-10-01')]],
      ['0006', '2. OG', 'rechts', '71.20', true, [tenant('P-301-006', 'Julia Hoffmann', '2017-03-01')]],
      ['0007', '3. OG', 'links', '64.50', true, [tenant('P-301-007', 'Stefan Schäfer', '2014-11-01')]],
      ['0008', '3. OG', 'rechts', '71.20', true, [tenant('P-301-008', 'Katharina Koch', '2020-07-15')]],
      ['0009', '4. OG', 'links', '58.90', true, [tenant('P-301-009', 'Andreas Bauer', '2011-01-01')]],
      ['0010', '4. OG', 'rechts', '62.30', true, [tenant('P-301-010', 'Claudia Richter', '2023-05-01')]],
      ['0011', 'DG', 'rechts', '55.20', false, [tenant('P-301-011', 'Markus Klein', '2018-08-01')]],
      ['0012', 'DG', 'links', '48.00', false, [tenant('P-301-012', 'Petra Wolf', '2022-01-01')], 'DG links (Straßenseite)'],
      ['0013', 'DG', 'links', '48.00', false, [tenant('P-301-013', 'Tobias Schröder', '2019-04-01')], 'DG links (Hofseite)'],
      ['0014', 'EG', 'Laden', '92.30', false, [tenant('P-301-014', 'Bäckerei Schmitt GmbH', '2010-01-01')], 'EG Laden (Gewerbe)'],
      [
        '0015',
        'UG',
        'Hausmeister',
        '38.40',
        false,
        [tenant('P-301-015', 'Nicole Neumann', '2015-05-01')],
        'UG Hausmeisterwohnung',
      ],
      ['0016', 'EG', 'Hinterhaus', '70.10', true, [tenant('P-301-016', 'Daniel Schwarz', '2016-01-01')], 'Hinterhaus EG'],
    ],
    ['0014'],
  ),
});

const oberweser = buildBillingUnit({
  billingunitMscnumber: '100200302',
  billingunitPmnumber: 'OW-DS12',
  customerMscnumber: DEMO_CLIENT.customerMscnumber,
  address: { street: 'Dorfstraße 12', postalcode: '34399', city: 'Oberweser' },
  heating: 'oil',
  expectedvat: 'BOTH',
  ratio: { heating: ['40.0', '60.0'], hotwater: ['30.0', '70.0'] },
  hotwater: { method: '373' },
  condominium: true,
  openingStock: {
    2024: { date: '2024-01-01', quantity: '2900.000', amounts: { grossamount: '3174.92', netamount: '2668.00' } },
    2025: { date: '2025-01-01', quantity: '3850.000', amounts: { grossamount: '3969.35', netamount: '3335.59' } },
  },
  lastSubmission: { transactionid: '8a41d7c3-6e2f-4b90-b5d1-c3e7f9a2b604', at: '2025-03-04T14:02:51Z' },
  units: units('302', (msc) => `DS12-${msc.slice(1)}`, [
    ['0001', 'EG', 'links', '82.40', true, [tenant('P-302-001', 'Frank Braun', '2009-03-01')]],
    ['0002', 'EG', 'rechts', '78.60', true, [tenant('P-302-002', 'Melanie Krüger', '2018-10-01')]],
    ['0003', 'EG', 'Mitte', '45.30', true, [tenant('P-302-003', 'Jan Hofmann', '2022-02-01')]],
    ['0004', '1. OG', 'links', '82.40', true, [tenant('P-302-004', 'Christina Hartmann', '2013-07-01')]],
    ['0005', '1. OG', 'rechts', '78.60', true, [tenant('P-302-005', 'Sebastian Lange', '2016-12-01')]],
    [
      '0006',
      '1. OG',
      'Mitte',
      '45.30',
      true,
      [
        tenant('P-302-006', 'Stefanie Schmitt', '2019-05-01', '2025-08-31'),
        vacant('P-302-900', 'Eigentümerin Renate Peters', '2025-09-01'),
      ],
    ],
    ['0007', '2. OG', 'links', '82.40', true, [tenant('P-302-007', 'Florian Werner', '2020-01-01')]],
    ['0008', '2. OG', 'rechts', '78.60', true, [tenant('P-302-008', 'Martina Schmitz', '2011-04-01')]],
    [
      '0009',
      '2. OG',
      'Mitte',
      '45.30',
      false,
      [tenant('P-302-013', 'Ralf Busch', '2016-05-01', '2024-02-29'), tenant('P-302-009', 'Alexander Krause', '2024-03-01')],
    ],
    ['0010', 'DG', 'links', '66.10', false, [tenant('P-302-010', 'Birgit Meier', '2017-09-01')]],
    ['0011', 'DG', 'rechts', '61.80', false, [tenant('P-302-011', 'Patrick Lehmann', '2021-06-01')]],
    ['0012', 'UG', 'Einlieger', '39.70', false, [tenant('P-302-012', 'Heike Schmid', '2023-11-01')], 'UG Einliegerwohnung'],
  ]),
});

const koeln = buildBillingUnit({
  billingunitMscnumber: '100200303',
  billingunitPmnumber: 'K-LA5',
  customerMscnumber: DEMO_CLIENT.customerMscnumber,
  address: { street: 'Lindenallee 5', postalcode: '50968', city: 'Köln' },
  heating: 'district',
  expectedvat: 'GROSS',
  ratio: { heating: ['30.0', '70.0'], hotwater: ['30.0', '70.0'] },
  hotwater: { method: '350' },
  lastSubmission: { transactionid: 'c27b9e14-0a5d-4f38-8e6c-91d4a0b3f7e2', at: '2025-01-28T11:47:05Z' },
  units: units('303', (msc) => `LA5-${msc}`, [
    ['0001', 'EG', 'links', '58.00', true, [tenant('P-303-001', 'Matthias Schulze', '2010-02-01')]],
    ['0002', 'EG', 'Mitte', '42.50', true, [tenant('P-303-002', 'Ursula König', '2005-05-01')]],
    ['0003', 'EG', 'rechts', '58.00', true, [tenant('P-303-003', 'Dirk Walter', '2019-09-01')]],
    [
      '0004',
      '1. OG',
      'links',
      '74.20',
      true,
      [tenant('P-303-004', 'Monika Mayer', '2016-04-01', '2025-06-30'), tenant('P-303-013', 'Lukas Huber', '2025-07-01')],
    ],
    ['0005', '1. OG', 'Mitte', '42.50', true, [tenant('P-303-005', 'Ingrid Kaiser', '2001-10-01')]],
    ['0006', '1. OG', 'rechts', '74.20', true, [tenant('P-303-006', 'Felix Fuchs', '2022-08-01')]],
    ['0007', '2. OG', 'links', '74.20', true, [tenant('P-303-007', 'Kevin Lang', '2020-03-01')]],
    ['0008', '2. OG', 'Mitte', '42.50', true, [tenant('P-303-008', 'Gisela Scholz', '2012-12-01')]],
    [
      '0009',
      '2. OG',
      'rechts',
      '74.20',
      true,
      [
        tenant('P-303-009', 'Emma Weiß', '2015-01-01', '2024-10-31'),
        vacant('P-303-900', 'Wohnbau Lindner GmbH', '2024-11-01', '2025-02-28'),
        tenant('P-303-014', 'Paul Möller', '2025-03-01'),
      ],
    ],
    ['0010', '3. OG', 'links', '69.80', false, [tenant('P-303-010', 'Ben Jung', '2021-04-01')]],
    ['0011', '3. OG', 'Mitte', '42.50', false, [tenant('P-303-011', 'Lea Schulz', '2023-02-01')]],
    ['0012', '3. OG', 'rechts', '69.80', false, [tenant('P-303-012', 'Noah Krämer', '2018-06-01')]],
  ]),
});

const hamburg = buildBillingUnit({
  billingunitMscnumber: OTHER_BILLING_UNIT,
  billingunitPmnumber: 'HH-HS3',
  customerMscnumber: OTHER_CLIENT.customerMscnumber,
  address: { street: 'Hafenstraße 3', postalcode: '20459', city: 'Hamburg' },
  heating: 'gas',
  expectedvat: 'GROSS',
  ratio: { heating: ['30.0', '70.0'], hotwater: ['30.0', '70.0'] },
  hotwater: { method: '350' },
  lastSubmission: { transactionid: '0d6f3b2a-7c18-4e5a-9b04-e1f2a3c4d5b6', at: '2025-02-20T08:15:00Z' },
  units: units('901', (msc) => `HS3-${msc.slice(2)}`, [
    ['0001', 'EG', 'links', '66.00', true, [tenant('P-901-001', 'Hannes Petersen', '2014-05-01')]],
    ['0002', 'EG', 'rechts', '66.00', true, [tenant('P-901-002', 'Merle Jansen', '2020-09-01')]],
    ['0003', '1. OG', 'links', '66.00', true, [tenant('P-901-003', 'Ole Hansen', '2018-02-01')]],
    ['0004', '1. OG', 'rechts', '66.00', true, [tenant('P-901-004', 'Frauke Lorenzen', '2011-11-01')]],
  ]),
});

/** A fresh copy each call, so callers may modify their world without touching others. */
export function demoWorld(): World {
  return structuredClone({
    clients: [{ ...DEMO_CLIENT }, { ...OTHER_CLIENT }],
    billingunits: [leipzig, oberweser, koeln, hamburg],
  });
}

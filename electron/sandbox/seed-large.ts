/**
 * `--seed-large N`: N extra billing units for the demo customer, to try paging and bulk work. Built from
 * the same specs as the demo buildings, six units each, all known by PM number (10,000 start in ~1.5 s).
 */
import type { World, WorldBillingUnit } from '@main/sandbox/world-types';
import { buildBillingUnit, metersOf } from '@main/sandbox/seed-builders';
import type { HeatingKind, UnitSpec } from '@main/sandbox/seed-builders';
import { DEMO_CLIENT } from '@main/sandbox/seed';

export const LARGE_FIRST_NUMBER = 500_000_001;
const UNITS_PER_BUILDING = 6;
const POSITIONS: [string, string][] = [
  ['EG', 'links'],
  ['EG', 'rechts'],
  ['1. OG', 'links'],
  ['1. OG', 'rechts'],
  ['2. OG', 'links'],
  ['2. OG', 'rechts'],
];
const STREETS = ['Goethestraße', 'Schillerstraße', 'Bahnhofstraße', 'Hauptstraße', 'Lindenweg', 'Ringstraße', 'Gartenstraße'];
const CITIES: [string, string][] = [
  ['10115', 'Berlin'],
  ['80331', 'München'],
  ['20095', 'Hamburg'],
  ['60311', 'Frankfurt am Main'],
  ['70173', 'Stuttgart'],
  ['01067', 'Dresden'],
];
const SURNAMES = ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann'];
const HEATING: HeatingKind[] = ['gas', 'district', 'gas', 'oil'];

function building(i: number): WorldBillingUnit {
  const number = String(LARGE_FIRST_NUMBER + i);
  const tag = number.slice(-6);
  const units: UnitSpec[] = POSITIONS.slice(0, UNITS_PER_BUILDING).map(([floor, position], k) => {
    const msc = String(k + 1).padStart(4, '0');
    const surname = SURNAMES[(i + k) % SURNAMES.length] ?? 'Müller';
    return {
      msc,
      pm: `G${tag}-${msc.slice(2)}`,
      floor,
      position,
      livingarea: `${String(55 + ((i + k * 7) % 40))}.00`,
      known: true,
      meternumbers: metersOf(tag, msc),
      occupancies: [{ partnerPmnumber: `P${tag}${msc}`, name: `Familie ${surname}`, from: '2015-01-01' }],
    };
  });
  const [postalcode, city] = CITIES[i % CITIES.length] ?? ['10115', 'Berlin'];
  const heating = HEATING[i % HEATING.length] ?? 'gas';
  return buildBillingUnit({
    billingunitMscnumber: number,
    billingunitPmnumber: `G${tag}`,
    customerMscnumber: DEMO_CLIENT.customerMscnumber,
    address: { street: `${STREETS[i % STREETS.length] ?? 'Hauptstraße'} ${String((i % 180) + 1)}`, postalcode, city },
    heating,
    expectedvat: 'GROSS',
    ratio: { heating: ['30.0', '70.0'], hotwater: ['30.0', '70.0'] },
    hotwater: { method: '350' },
    openingStock:
      heating === 'oil' ? { 2025: { date: '2025-01-01', quantity: '1500.000', amounts: { grossamount: '1606.50' } } } : undefined,
    lastSubmission: { transactionid: `seed-${number}-2024`, at: '2025-02-01T08:00:00Z' },
    units,
  });
}

/** The world plus `count` generated billing units (numbers from 500000001 on). */
export function addLargeSeed(world: World, count: number): World {
  const extra: WorldBillingUnit[] = [];
  for (let i = 0; i < count; i++) extra.push(building(i));
  return { clients: world.clients, billingunits: [...world.billingunits, ...extra] };
}

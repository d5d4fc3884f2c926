/**
 * The export of every demo period: records written and read back equal what was written (lossless), and the files
 * carry the fill: K amounts sum to invoices plus deliveries, M prepayments to the fill's, one B per fuel with stocks
 * and calorific value, one M per recipient with period of use, vacancy and the PM's order criterion in field 6.
 */
import { describe, expect, it } from 'vitest';
import { exportDraftToArge } from '@shared/arge/export';
import { draftToRecords } from '@shared/arge/from-draft';
import { readArgeFile } from '@shared/arge/read';
import type { ReadRecord } from '@shared/arge/read';
import { RECORDS } from '@shared/arge/tables';
import { writeArgeFile } from '@shared/arge/write';
import type { ArgeRecord } from '@shared/arge/write';
import { money, sum } from '@shared/domain/decimal';
import type { Decimal } from '@shared/domain/decimal';
import type { Amounts } from '@shared/msc/primitives';
import { demoPeriods } from '@test/integration/arge/demo-periods';

const periods = demoPeriods();
const AT = new Date(2026, 0, 26, 14, 30, 5);

/** Two values mean the same: numbers by value (so `12345` is `0000012345`), everything else as text. */
function same(type: ArgeRecord['type'], name: string, written: string | undefined, read: string | undefined): boolean {
  const f = RECORDS[type].fields.find((x) => x.name === name)!;
  if (written === undefined || read === undefined) return written === read;
  if (f.kind !== 'number') return written === read;
  const units = (v: string): bigint => {
    const [i = '0', fr = ''] = v.replace('-', '').split('.');
    const n = BigInt(i + fr.padEnd(f.decimals, '0'));
    return v.startsWith('-') ? -n : n;
  };
  return units(written) === units(read);
}

function readBack(bytes: Uint8Array, name: string): ReadRecord[] {
  const r = readArgeFile(bytes, name);
  expect(r.issues).toEqual([]);
  return r.records;
}

const sumOf = (values: (string | undefined)[]): Decimal => sum(values.filter((v): v is string => v !== undefined).map(money), 2);
const gross = (a: Amounts | undefined): string | undefined => a?.grossamount;
const net = (a: Amounts | undefined): string | undefined => a?.netamount;

describe.each(periods)('ARGE export of $name', ({ template, fill, customer }) => {
  const opts = { customerNumber: customer, mscKey: '40' };
  const result = exportDraftToArge(template, fill, opts, AT);

  it('writes DTM and DTK files named by the standard, without an error', () => {
    expect(result.ok ? [] : result.issues.filter((i) => i.severity === 'error')).toEqual([]);
    if (!result.ok) return;
    expect(result.files.map((f) => f.name)).toEqual(['DTM305_20260126143005.DAT', 'DTK305_20260126143005.DAT']);
  });

  it('reads back every field as written (round trip lossless)', () => {
    const { property, costs } = draftToRecords(template, fill, opts);
    for (const placed of [property, costs]) {
      const records = placed.map((p) => p.record);
      const back = readBack(writeArgeFile(records), 'x.DAT');
      expect(back).toHaveLength(records.length);
      records.forEach((rec, i) => {
        const got = back[i]!;
        expect(got.type).toBe(rec.type);
        const names = new Set([...Object.keys(rec.values), ...Object.keys(got.values)]);
        names.delete('version');
        for (const n of names) {
          expect(
            same(rec.type, n, rec.values[n], got.values[n]),
            `${rec.type} line ${String(i + 1)} ${n}: ${String(rec.values[n])} → ${String(got.values[n])}`,
          ).toBe(true);
        }
      });
    }
  });

  if (!result.ok) return;
  const dtm = readBack(result.files[0]!.bytes, result.files[0]!.name);
  const dtk = readBack(result.files[1]!.bytes, result.files[1]!.name);
  const ks = dtk.filter((r) => r.type === 'K');
  const ms = dtm.filter((r) => r.type === 'M');
  const invoices = [...fill.heatingsysteminvoices, ...fill.ancillaryinvoices];
  const deliveries = fill.energysources.flatMap((s) => s.deliveries);

  it('K: one per invoice and per delivery (key 201); amounts sum to invoices plus deliveries, gross and net', () => {
    expect(ks).toHaveLength(invoices.length + deliveries.length);
    expect(ks.filter((r) => r.values.costKey === '201')).toHaveLength(deliveries.length);
    expect(ks.some((r) => r.values.costKey === '200' || r.values.costKey === '202')).toBe(false);
    for (const [field, pick] of [
      ['gross', gross],
      ['net', net],
    ] as const) {
      const expected = sumOf([...invoices, ...deliveries].map((x) => pick(x.amounts)));
      expect(sumOf(ks.map((r) => r.values[field]))).toEqual(expected);
    }
  });

  it('B: one per fuel with its slot, calorific value and stocks', () => {
    const bs = dtk.filter((r) => r.type === 'B');
    expect(bs.map((b) => [b.values.fuelSlot, b.values.fuelKey])).toEqual(fill.energysources.map((s) => [String(s.slot), s.fuel]));
    fill.energysources.forEach((s, i) => {
      const b = bs[i]!.values;
      const preset = template.fuels.find((f) => f.slot === s.slot)?.calorificvalue;
      expect(b.calorificValue).toBe(s.calorificvalue ?? preset);
      expect(b.billingPeriod).toBe(`${template.billingperiod.from}/${template.billingperiod.to}`);
      expect([b.openingStockDate, b.openingStockQuantity, b.openingStockGross]).toEqual([
        s.openingstock?.date,
        s.openingstock?.quantity,
        s.openingstock?.amounts.grossamount,
      ]);
      expect([b.closingStockDate, b.closingStockQuantity, b.closingStockNet]).toEqual([
        s.closingstock?.date,
        s.closingstock?.quantity,
        s.closingstock?.amounts.netamount,
      ]);
    });
  });

  it('M: one per recipient with period of use, vacancy and partner number; prepayments sum to the fill', () => {
    expect(dtm.filter((r) => r.type === 'L')).toHaveLength(1);
    expect(ms.map((m) => [m.values.mscReference, m.values.pmReference, m.values.occupancy, m.values.vacancy])).toEqual(
      fill.billingrecipients.map((r) => [
        `${template.billingunitMscnumber}${r.residentialunitMscnumber}`,
        r.partnerPmnumber,
        `${r.validfrom}/${r.validto}`,
        r.vacancy ? '1' : '0',
      ]),
    );
    for (const part of ['heating', 'hotWater', 'coldWater'] as const) {
      const key = part === 'hotWater' ? 'hotwater' : part === 'coldWater' ? 'coldwater' : 'heating';
      for (const [suffix, pick] of [
        ['Gross', gross],
        ['Net', net],
      ] as const) {
        expect(sumOf(ms.map((m) => m.values[`${part}Prepayment${suffix}`]))).toEqual(
          sumOf(fill.billingrecipients.map((r) => pick(r.prepayments?.[key]))),
        );
      }
    }
  });
});

describe('ARGE export options', () => {
  const { template, fill, customer } = periods.at(-1)!;

  it('puts the unit number into M field 6 where the order criteria refer to units', () => {
    const r = exportDraftToArge(template, fill, { customerNumber: customer, orderCriterion: 'unit' }, AT);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const ms = readArgeFile(r.files[0]!.bytes, 'm').records.filter((x) => x.type === 'M');
    expect(ms.map((m) => m.values.pmReference)).toEqual(fill.billingrecipients.map((x) => x.residentialunitPmnumber));
  });

  it('the demo properties with four distribution keys carry three and name the fourth', () => {
    const leipzig = periods[1]!;
    const r = exportDraftToArge(leipzig.template, leipzig.fill, { customerNumber: leipzig.customer }, AT);
    expect(r.issues.filter((i) => i.severity === 'warning' && 'code' in i && i.code === 'ARGE_KEY_NOT_CARRIED')).toEqual([
      { severity: 'warning', code: 'ARGE_KEY_NOT_CARRIED', key: '011' },
    ]);
  });
});

describe('ARGE export of the billing model beside amounts', () => {
  const { template, fill, customer } = periods.find((p) => p.name === 'fixture 100200399')!;
  const { property, costs } = draftToRecords(template, fill, { customerNumber: customer, mscKey: '40' });
  const values = (type: ArgeRecord['type']) =>
    costs
      .concat(property)
      .filter((p) => p.record.type === type)
      .map((p) => p.record.values);

  it('puts the hot-water figures into the B record of the fuel that supplied hot water, and each fuel its supply periods', () => {
    const [oil, gas] = values('B');
    expect(gas).toMatchObject({
      hotWaterTemperature: '55.00',
      hotWaterVolume: '412.500',
      hotWaterMeterStart: '1208.250',
      hotWaterMeterEnd: '1620.750',
      heatingSupply1: '2025-12-01/2025-12-31',
      hotWaterSupply1: '2025-12-01/2025-12-31',
    });
    expect(oil?.hotWaterTemperature).toBeUndefined();
    expect(oil?.heatingSupply1).toBeUndefined();
  });

  it("writes a user's VAT indicator (M 25), who pays the change fee (M 68) and an invoice's usage group (K 16)", () => {
    const users = values('M');
    const of = (unit: string) =>
      users.find(
        (v) => v.pmReference === fill.billingrecipients.find((r) => r.residentialunitMscnumber === unit)?.partnerPmnumber,
      );
    expect(of('0005')?.vatFlag).toBe('1');
    expect(of('0003')?.changeFeeShared).toBe('0');
    expect(users.filter((v) => v.changeFeeShared === '1')).toHaveLength(1);
    expect(values('K').filter((v) => v.usageGroup === 'GEW')).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import { CO2_TIERS, co2Preview, co2Split } from '@shared/domain/co2-split';
import { formatIso } from '@shared/domain/decimal';
import { baseSubmission, baseTemplate } from '@test/fixtures/billing-input';

const YEAR = { from: '2025-01-01', to: '2025-12-31' } as const;

/** kg CO2 for 100 m² and a whole year that gives exactly `perM2` kg/m²/a, moved by `deltaGrams`. */
const kgFor = (perM2: number, deltaGrams = 0): string =>
  formatIso({ units: BigInt(perM2) * 100_000n + BigInt(deltaGrams), scale: 3 });

const split = (kg: string, extra: Partial<Parameters<typeof co2Split>[0]> = {}) =>
  co2Split({ kg, cost: '1000.00', area: '100.00', ...YEAR, ...extra });

describe('CO2KostAufG tier table', () => {
  it('has the ten tiers of the annex, from 0 % to 95 % for the landlord', () => {
    expect(CO2_TIERS.map((t) => [t.from, t.landlordPercent, t.tenantPercent])).toEqual([
      [0, 0, 100],
      [12, 10, 90],
      [17, 20, 80],
      [22, 30, 70],
      [27, 40, 60],
      [32, 50, 50],
      [37, 60, 40],
      [42, 70, 30],
      [47, 80, 20],
      [52, 95, 5],
    ]);
  });

  const boundaries = CO2_TIERS.slice(1).map((t, i) => [t.from, t, CO2_TIERS[i]!] as const);

  it.each(boundaries)('at exactly %i kg/m²/a it is tier %o; one gram below, the tier before', (from, tier, before) => {
    const at = split(kgFor(from));
    expect(at?.tier.tier).toBe(tier.tier);
    expect(at?.intensity).toEqual({ units: BigInt(from) * 100n, scale: 2 });
    expect(formatIso(at!.landlord)).toBe(formatIso({ units: BigInt(tier.landlordPercent) * 1000n, scale: 2 }));
    const below = split(kgFor(from, -1));
    expect(below?.tier.tier).toBe(before.tier);
    // Rounded down: 11.99999 shows as 11,99, never as the bound it has not reached.
    expect(formatIso(below!.intensity)).toBe(`${String(from - 1)}.99`);
    expect(formatIso(below!.landlord)).toBe(formatIso({ units: BigInt(before.landlordPercent) * 1000n, scale: 2 }));
  });

  it('puts 0 kg in the first tier and anything from 52 up in the last', () => {
    expect(split('0.000')?.tier.tier).toBe(1);
    expect(split(kgFor(500))?.tier.tier).toBe(10);
  });
});

describe('co2Split', () => {
  it('splits the cost exactly in cents: landlord rounded half up, tenants the rest', () => {
    const s = co2Split({ kg: '5300.000', cost: '1387.55', area: '100.00', ...YEAR });
    expect(s?.tier.tier).toBe(10);
    // 95 % of 1.387,55 = 1.318,1725 → 1.318,17
    expect(formatIso(s!.landlord)).toBe('1318.17');
    expect(formatIso(s!.tenants)).toBe('69.38');
    expect(s!.landlord.units + s!.tenants.units).toBe(138_755n);
  });

  it('halves the landlord share for one §9 restriction and waives it for both', () => {
    expect(formatIso(split(kgFor(60))!.landlordPercent)).toBe('95.0');
    const halved = split(kgFor(60), { restrictionbuilding: true });
    expect([halved?.restriction, formatIso(halved!.landlordPercent), formatIso(halved!.landlord)]).toEqual([
      'halved',
      '47.5',
      '475.00',
    ]);
    const waived = split(kgFor(60), { restrictionbuilding: true, restrictionsupply: true });
    expect([waived?.restriction, formatIso(waived!.landlord), formatIso(waived!.tenants)]).toEqual(['waived', '0.00', '1000.00']);
  });

  it('splits a non-residential building 50/50 whatever its tier', () => {
    const s = split(kgFor(5), { nonresidential: true });
    expect([s?.basis, s?.tier.tier, formatIso(s!.landlord)]).toEqual(['nonresidential', 1, '500.00']);
  });

  it('annualises every period by 365 days: a half year, and a leap year of 366 days', () => {
    // 1.200 kg in 6 months (181 days) on 100 m²: 12 kg/m² in half a year is 24,19… kg/m²/a.
    const s = co2Split({ kg: '1200.000', cost: '100.00', area: '100.00', from: '2025-01-01', to: '2025-06-30' });
    expect(s?.annualised).toBe(true);
    expect(formatIso(s!.intensity)).toBe('24.19');
    expect(s?.tier.tier).toBe(4);
    expect(co2Split({ kg: '1200.000', cost: '100.00', area: '100.00', from: '2024-07-01', to: '2025-06-30' })?.annualised).toBe(
      false,
    );
    // 1.700 kg on 100 m² in 2024 (366 days): 17 × 365/366 = 16,95 kg/m²/a, tier 2, not 3.
    const leap = co2Split({ kg: '1700.000', cost: '100.00', area: '100.00', from: '2024-01-01', to: '2024-12-31' });
    expect([leap?.annualised, formatIso(leap!.intensity), leap?.tier.tier]).toEqual([true, '16.95', 2]);
  });

  it('gives no split for a zero or unreadable area', () => {
    expect(split('100.000', { area: '0.00' })).toBeUndefined();
    expect(split('100.000', { area: 'abc' })).toBeUndefined();
  });
});

describe('co2Preview', () => {
  it('counts the fuel burnt, first in first out, over the living area of the submission', () => {
    const p = co2Preview(baseSubmission(), baseTemplate());
    expect(p.status).toBe('split');
    if (p.status !== 'split') return;
    // Oil: opening 4.200 l × 2,65 (the first delivery's factor) = 11.130 kg at 45 €/t (2024) + 19 % = 596,01 €;
    // both deliveries, of the second (6.000 l) only 2.900 l because the closing 3.100 l are the latest fuel:
    // 15.900 kg × 2.900/6.000 = 7.685 kg, 1.040,66 € × 2.900/6.000 = 502,99 €. Gas 10.452 kg, 684,08 €.
    expect(formatIso(p.split.kg)).toBe('50467.000');
    expect(formatIso(p.split.cost)).toBe('3170.62');
    expect(formatIso(p.split.area)).toBe('415.50');
    expect(formatIso(p.split.intensity)).toBe('121.46');
  });

  it('falls back to the template’s area, says when figures or area are missing, and when the law does not apply', () => {
    const s = baseSubmission();
    delete s.co2configuration;
    expect(co2Preview(s, baseTemplate()).status).toBe('split');
    const t = baseTemplate();
    delete t.co2configuration.heatedarea;
    expect(co2Preview(s, t).status).toBe('no-area');
    for (const src of s.energysources) for (const d of src.deliveries) delete d.co2;
    // The opening stock still has figures (the fuel's standard factor); without it there are none.
    expect(co2Preview(s, baseTemplate()).status).toBe('split');
    delete s.energysources[0]!.openingstock;
    expect(co2Preview(s, baseTemplate()).status).toBe('no-figures');
    const old = baseTemplate();
    old.billingperiod = { from: '2022-01-01', to: '2022-12-31' };
    expect(co2Preview(baseSubmission(), old).status).toBe('not-applicable');
  });

  it('treats a building mainly used otherwise than for living as non-residential', () => {
    const s = baseSubmission();
    s.co2configuration = { heatedarea: '415.50', nonresidentialshare: '60.0' };
    const p = co2Preview(s, baseTemplate());
    expect(p.status === 'split' && p.split.basis).toBe('nonresidential');
  });
});

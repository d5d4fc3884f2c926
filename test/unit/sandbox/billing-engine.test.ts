/**
 * The demo billing engine on its own (docs/msc-results.md): the CO2 landlord share equals the shared split at every
 * tier, under §8 and under §9 restrictions; the parts add up to the whole in both amount kinds; same input, same result.
 */
import { describe, expect, it } from 'vitest';
import { co2Preview } from '@shared/domain/co2-split';
import type { FilledTemplate, Template } from '@shared/msc/billing-input';
import { demoWorld } from '@main/sandbox/seed';
import { seededSubmission } from '@main/sandbox/billing/seed-fill';
import { billSubmission } from '@main/sandbox/billing/engine';

const world = demoWorld();
const AT = new Date('2025-03-01T08:00:00Z');

function base(bu: string): { template: Template; filled: FilledTemplate } {
  const unit = world.billingunits.find((b) => b.billingunitMscnumber === bu);
  const template = unit?.periods[0]?.template;
  if (!unit || !template) throw new Error(`no 2024 period for ${bu}`);
  return { template, filled: seededSubmission(unit, template) };
}

const cents = (s: string | undefined): bigint => BigInt((s ?? '0.00').replace('.', ''));

describe('CO2 landlord share of the billing', () => {
  const { template, filled } = base('100200303');
  const kg = Number(filled.energysources[0]?.deliveries.reduce((a, d) => a + Number(d.co2?.emissionkg ?? 0), 0));
  // kg per m² in the middle of each of the ten tiers: the heated area that gives it.
  const targets = [6, 14.5, 19.5, 24.5, 29.5, 34.5, 39.5, 44.5, 49.5, 60];

  it.each(targets.map((t, i) => [i + 1, t]))('tier %i: Σ per recipient = the shared split', (tier, intensity) => {
    const area = (kg / intensity).toFixed(2);
    const t: Template = { ...template, co2configuration: { ...template.co2configuration, heatedarea: area } };
    const f: FilledTemplate = { ...filled, co2configuration: { ...filled.co2configuration, heatedarea: area } };
    const preview = co2Preview(f, t);
    expect(preview.status).toBe('split');
    if (preview.status !== 'split') return;
    expect(preview.split.tier.tier).toBe(tier);
    const result = billSubmission({ billingunit: '100200303', template: t, filled: f, transactionid: 'tx', at: AT });
    const landlord = result.results.reduce((a, r) => a + cents(r.co2landlordshare.grossamount), 0n);
    expect(landlord).toBe(preview.split.landlord.units);
    expect(result.co2?.tier).toBe(tier);
    expect(cents(result.co2?.landlordshare.grossamount)).toBe(preview.split.landlord.units);
  });

  it.each([
    ['non-residential (§8)', { nonresidentialshare: '60.0' }, '50.0'],
    ['one restriction (§9: halved)', { restrictionbuilding: true }, '20.0'],
    ['both restrictions (§9: waived)', { restrictionbuilding: true, restrictionsupply: true }, '0.0'],
  ] as const)('%s', (_what, facts, percent) => {
    const f: FilledTemplate = { ...filled, co2configuration: { ...filled.co2configuration, ...facts } };
    const preview = co2Preview(f, template);
    if (preview.status !== 'split') throw new Error('no split');
    const result = billSubmission({ billingunit: '100200303', template, filled: f, transactionid: 'tx', at: AT });
    expect(result.co2?.landlordpercent).toBe(percent);
    expect(result.results.reduce((a, r) => a + cents(r.co2landlordshare.grossamount), 0n)).toBe(preview.split.landlord.units);
  });
});

describe('the whole to the cent', () => {
  it('gross and net each add up for the oil property (stocks, BOTH)', () => {
    const { template, filled } = base('100200302');
    const result = billSubmission({ billingunit: '100200302', template, filled, transactionid: 'tx', at: AT });
    for (const k of ['grossamount', 'netamount'] as const) {
      const charged = result.results.reduce((a, r) => a + cents(r.totalcost[k]) + cents(r.co2landlordshare[k]), 0n);
      expect(charged).toBe(cents(result.totals.distributablecost[k]));
      const parts = ['heating', 'hotwater', 'coldwater', 'operating'] as const;
      expect(parts.reduce((a, p) => a + cents(result.totals[p][k]), 0n)).toBe(cents(result.totals.distributablecost[k]));
    }
  });

  it('is deterministic and draws different readings for different units', () => {
    const { template, filled } = base('100200301');
    const once = billSubmission({ billingunit: '100200301', template, filled, transactionid: 'tx', at: AT });
    const twice = billSubmission({ billingunit: '100200301', template, filled, transactionid: 'tx', at: AT });
    expect(twice).toEqual(once);
    const hca = once.results.map((r) => r.positions.find((p) => p.costtype === '232')?.consumption?.value);
    expect(new Set(hca).size).toBeGreaterThan(hca.length / 2);
  });
});

import { describe, expect, it } from 'vitest';
import { compare, money, share, sum } from '@shared/domain/decimal';
import { costTypeOf, fuelOf } from '@shared/domain/codes';
import {
  filledTemplateExample as filled,
  setupRequestExample as request,
  setupStatusCompletedExample as completed,
  templateExample as template,
} from '@test/fixtures/msc-examples';

// Other helpers build on these examples, so they must agree with each other the way a real exchange would.
describe('msc examples tell one consistent story', () => {
  it('every sent unit is matched or unmatched exactly once', () => {
    const sent = request.residentialunits.map((u) => u.residentialunitPmnumber).sort();
    const answered = [...(completed.matched ?? []), ...(completed.unmatched ?? [])].map((u) => u.residentialunitPmnumber).sort();
    expect(answered).toEqual(sent);
    expect(request.residentialunits.length).toBeGreaterThanOrEqual(6);
    expect(completed.unmatched?.find((u) => u.reason === 'AMBIGUOUS')?.candidates?.length).toBeGreaterThan(1);
  });

  it('the template recipients are the matched units, with a tenant change and a vacancy', () => {
    const matched = new Map(completed.matched?.map((m) => [m.residentialunitMscnumber, m.residentialunitPmnumber]));
    for (const r of template.billingrecipients) expect(matched.get(r.residentialunitMscnumber)).toBe(r.residentialunitPmnumber);
    const perUnit = new Map<string, number>();
    for (const r of template.billingrecipients)
      perUnit.set(r.residentialunitMscnumber, (perUnit.get(r.residentialunitMscnumber) ?? 0) + 1);
    expect([...perUnit.values()].filter((n) => n > 1).length).toBeGreaterThanOrEqual(2);
    expect(template.billingrecipients.some((r) => r.vacancy)).toBe(true);
  });

  it('the filled template answers the template', () => {
    expect(filled.energysources.map((e) => [e.slot, e.fuel])).toEqual(template.fuels.map((f) => [f.slot, f.fuel]));
    for (const e of filled.energysources) {
      if (fuelOf(e.fuel)?.stored) {
        expect(e.openingstock).toEqual(template.fuels.find((f) => f.slot === e.slot)?.openingstockpreset);
        expect(e.closingstock).toBeDefined();
      }
    }
    const agreed = new Set(template.costtypes.map((c) => c.key));
    const keys = new Set(template.distributionkeys.map((k) => k.key));
    for (const inv of [...filled.heatingsysteminvoices, ...filled.ancillaryinvoices]) {
      expect(agreed.has(inv.cost.key), inv.cost.key).toBe(true);
      if (costTypeOf(inv.cost.key)?.textRequired) expect(inv.cost.text).toBeTruthy();
      if (inv.taxservicetype && inv.taxservicetype !== '00') expect(inv.laborgross).toBeDefined();
    }
    expect(filled.billingrecipients.map((r) => [r.residentialunitMscnumber, r.partnerPmnumber])).toEqual(
      template.billingrecipients.map((r) => [r.residentialunitMscnumber, r.partnerPmnumber]),
    );
    for (const r of filled.billingrecipients) {
      expect(r.allocations.map((a) => a.key).sort()).toEqual([...keys].sort());
      expect(r.validfrom >= template.billingperiod.from && r.validto <= template.billingperiod.to).toBe(true);
    }
  });

  it('amounts are as expectedvat BOTH demands, net never above gross, mixes sum to 100.0', () => {
    const amounts = [
      ...filled.energysources.flatMap((e) => [e.openingstock, e.closingstock, ...e.deliveries].map((x) => x?.amounts)),
      ...[...filled.heatingsysteminvoices, ...filled.ancillaryinvoices].map((i) => i.amounts),
      ...filled.billingrecipients.map((r) => r.prepayments?.heating),
    ].filter((a) => a !== undefined);
    expect(amounts.length).toBeGreaterThan(15);
    for (const a of amounts) {
      expect(a.grossamount && a.netamount, JSON.stringify(a)).toBeTruthy();
      expect(compare(money(a.netamount ?? ''), money(a.grossamount ?? ''))).toBeLessThanOrEqual(0);
    }
    for (const d of filled.energysources.flatMap((e) => e.deliveries)) {
      if (d.energymix)
        expect(
          compare(
            sum(
              d.energymix.map((m) => share(m.share)),
              1,
            ),
            share('100.0'),
          ),
        ).toBe(0);
    }
  });
});

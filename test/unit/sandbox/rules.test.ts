import { describe, expect, it } from 'vitest';
import { FilledTemplate, Template } from '@shared/msc/billing-input';
import type { CheckMessage } from '@shared/msc/billing-input';
import { checkSubmission, RULE_CODES } from '@main/sandbox/rules/index';
import { baseSubmission, baseTemplate, largeSubmission, ruleCases } from '@test/fixtures/billing-input';

const check = (s: FilledTemplate, t: Template = baseTemplate()): CheckMessage[] => checkSubmission(t, s);
const codes = (ms: readonly CheckMessage[]): string[] => ms.map((m) => m.shortmessage);
const only = (ms: readonly CheckMessage[], code: string): CheckMessage[] => ms.filter((m) => m.shortmessage === code);

describe('fixtures', () => {
  it('are schema-valid and fresh on every call', () => {
    expect(() => Template.parse(baseTemplate())).not.toThrow();
    expect(() => FilledTemplate.parse(baseSubmission())).not.toThrow();
    const a = baseSubmission();
    a.billingrecipients.length = 0;
    expect(baseSubmission().billingrecipients.length).toBe(9);
  });

  it('have exactly one rule case per registered rule', () => {
    expect(ruleCases.map((c) => c.code).sort()).toEqual([...RULE_CODES].sort());
    expect(RULE_CODES).toHaveLength(62);
  });

  it.each(ruleCases)('$code trigger and pass are schema-valid', (c) => {
    expect(FilledTemplate.safeParse(c.trigger()).success).toBe(true);
    expect(FilledTemplate.safeParse(c.pass()).success).toBe(true);
  });
});

describe('checkSubmission', () => {
  it('finds nothing in the consistent base submission', () => {
    expect(check(baseSubmission())).toEqual([]);
  });

  it.each(ruleCases)('$code: trigger reports it at $path, pass does not', (c) => {
    const found = check(c.trigger(), c.template?.());
    expect(found.filter((m) => m.shortmessage === c.code)).toContainEqual(
      expect.objectContaining({ type: c.type, path: c.path }),
    );
    // Each trigger is a single fault, so no other rule should fire on it.
    expect(new Set(codes(found))).toEqual(new Set([c.code]));
    expect(check(c.pass())).toEqual([]);
  });

  it('writes German messages that name the concrete values', () => {
    const byCode = new Map(ruleCases.map((c) => [c.code, check(c.trigger(), c.template?.())[0]?.message ?? '']));
    expect(byCode.get('ENERGYMIX_SUM')).toContain('90,0 %');
    expect(byCode.get('DATE_OUTSIDE_PERIOD')).toMatch(
      /30\.11\.2024.*32 Tage vor Beginn des Abrechnungszeitraums 01\.01\.2025 bis 31\.12\.2025/,
    );
    expect(byCode.get('NET_EXCEEDS_GROSS')).toContain('Nettobetrag 3.500,00 € höher als der Bruttobetrag 3.120,80 €');
    expect(byCode.get('LABOR_EXCEEDS_GROSS')).toContain('790,00 €');
    expect(byCode.get('RECIPIENT_UNKNOWN')).toMatch(/P-9999 in Nutzeinheit 0005/);
    expect(byCode.get('RECIPIENT_GAP')).toContain('Nutzeinheit 0003 ist vom 01.07.2025 bis 31.12.2025 (184 Tage)');
    expect(byCode.get('RECIPIENT_OVERLAP')).toMatch(/Wagner.*Leerstand/);
    expect(byCode.get('SIDECOSTS_HIGH')).toContain('6.365,90 €');
    expect(byCode.get('SIDECOSTS_HIGH')).toContain('28,0 %');
    expect(byCode.get('OPENINGSTOCK_DIFFERS')).toContain('4.000,000 l statt 4.200,000 l');
    expect(byCode.get('ALLOCATION_MISSING')).toMatch(/035 \(Personen\).*Kostenart 236, Kostenart 237/);
    expect(byCode.get('ALLOCATION_NEGATIVE')).toContain('-58,25');
    expect(byCode.get('DUPLICATE_INVOICE')).toMatch(/Nebenkostenrechnung Nr\. 6 .*615,33 €.*Nebenkostenrechnung Nr\. 3/);
    expect(byCode.get('COSTTYPE_NOT_AGREED')).toContain('Kostenart 241');
    expect(byCode.get('FUEL_AS_INVOICE')).toContain('energysources[].deliveries');
    expect(byCode.get('COSTTYPE_WRONG_LIST')).toContain('Umlageart K (Kaltwasser)');
    expect(byCode.get('CLOSINGSTOCK_EXCEEDS')).toContain('es fehlen 1.800,000 l');
    expect(byCode.get('STOCK_DATE')).toContain('30.11.2025');
    expect(byCode.get('RECIPIENT_DATES_DIFFER')).toMatch(
      /endet der Zeitraum am 14\.07\.2025, per OSR übermittelt ist der 30\.06\.2025/,
    );
    expect(byCode.get('CO2_KG_MISMATCH')).toContain('rund 21.200 kg CO2, gemeldet sind 1,000 kg');
    expect(byCode.get('CO2_FACTOR_IMPLAUSIBLE')).toContain('0,300 kg CO2 je l');
    expect(byCode.get('VAT_RATIO')).toContain('4,0 %');
    expect(byCode.get('ALLOCATION_ZERO_SUM')).toContain('Alle 8 Werte für den Verteilerschlüssel 035');
    expect(byCode.get('DISTRIBUTION_RATIO')).toContain('Verbrauchskosten 45,0 %');
    expect(byCode.get('CALORIFIC_VALUE_REQUIRED')).toContain('10,0800 kWh je l');
    for (const message of byCode.values()) expect(message).toMatch(/[äöüß]|\b(der|die|das|fehlt|ist)\b/);
  });

  it('accepts an energy mix of 33.3 + 33.3 + 33.4 exactly', () => {
    const s = baseSubmission();
    s.energysources[1]!.deliveries[0]!.energymix = [
      { source: '04', share: '33.3' },
      { source: '06', share: '33.3' },
      { source: '99', share: '33.4' },
    ];
    expect(check(s)).toEqual([]);
    s.energysources[1]!.deliveries[0]!.energymix[2]!.share = '33.3';
    expect(only(check(s), 'ENERGYMIX_SUM')[0]?.message).toContain('99,9 %');
  });

  it('treats a single mix entry as 100.0 only when it says so, and an empty mix as fine', () => {
    const s = baseSubmission();
    const d = s.energysources[1]!.deliveries[0]!;
    d.energymix = [];
    expect(check(s)).toEqual([]);
    d.energymix = [{ source: '06', share: '50.0' }];
    const [m] = check(s);
    expect(m).toMatchObject({ shortmessage: 'ENERGYMIX_SUM', type: 'ERROR', path: 'energysources[1].deliveries[0].energymix' });
    expect(m?.message).toContain('nur einen Energieträger (Erneuerbare Energien) mit 50,0 %');
  });

  it('makes DATE_OUTSIDE_PERIOD an error more than a year outside the AZ', () => {
    const s = baseSubmission();
    const at = (date: string): CheckMessage | undefined => {
      s.ancillaryinvoices[0]!.invoicedate = date;
      return only(check(s), 'DATE_OUTSIDE_PERIOD')[0];
    };
    expect(at('2024-01-01')?.type).toBe('WARNING');
    expect(at('2023-12-31')?.type).toBe('ERROR');
    expect(at('2026-12-31')?.type).toBe('WARNING');
    expect(at('2027-01-01')?.type).toBe('ERROR');
    expect(at('2027-01-01')?.message).toContain('mehr als ein Jahr');
    expect(at('2025-12-31')).toBeUndefined();
  });

  it('reports DUPLICATE_INVOICE only for identical key, date and amount', () => {
    const base = baseSubmission();
    const original = base.ancillaryinvoices[2]!;
    const variants = [
      { ...original, invoicedate: '2025-04-01' },
      { ...original, amounts: { grossamount: '615.34' } },
      { ...original, cost: { key: '237' } },
    ];
    for (const v of variants) {
      const s = baseSubmission();
      s.ancillaryinvoices.push(structuredClone(v));
      expect(only(check(s), 'DUPLICATE_INVOICE')).toEqual([]);
    }
    const s = baseSubmission();
    s.ancillaryinvoices.push(structuredClone(original), structuredClone(original));
    expect(only(check(s), 'DUPLICATE_INVOICE').map((m) => m.path)).toEqual(['ancillaryinvoices[5]', 'ancillaryinvoices[6]']);
  });

  it('accepts a gap covered by a vacancy entry but warns on a trailing gap and on a missing unit', () => {
    const covered = ruleCases.find((c) => c.code === 'RECIPIENT_GAP')!.pass();
    expect(check(covered)).toEqual([]);
    const s = baseSubmission();
    s.billingrecipients[8]!.validto = '2025-11-30';
    expect(only(check(s), 'RECIPIENT_GAP')).toEqual([
      expect.objectContaining({
        path: 'billingrecipients[8].validto',
        message: expect.stringContaining('01.12.2025 bis 31.12.2025 (31 Tage)') as string,
      }),
    ]);
    s.billingrecipients.splice(8, 1);
    expect(only(check(s), 'RECIPIENT_GAP')).toEqual([
      expect.objectContaining({ path: 'billingrecipients', message: expect.stringContaining('0006') as string }),
    ]);
  });

  it('asks vacant recipients only for the area of the keys in use', () => {
    const s = baseSubmission();
    expect(s.billingrecipients[5]!.allocations.map((a) => a.key)).toEqual(['010']);
    expect(check(s)).toEqual([]);
    s.billingrecipients[5]!.allocations = [{ key: '010', value: '0' }];
    expect(codes(check(s))).toEqual(['VACANCY_AREA_MISSING']);
  });

  it('requires values for a distribution key an invoice names itself', () => {
    const t = baseTemplate();
    for (const c of t.costtypes) if (c.allocationkey === '022') c.allocationkey = '010';
    const s = baseSubmission();
    s.billingrecipients[0]!.allocations = s.billingrecipients[0]!.allocations.filter((a) => a.key !== '022');
    expect(check(s, t)).toEqual([
      expect.objectContaining({
        shortmessage: 'ALLOCATION_MISSING',
        path: 'billingrecipients[0].allocations',
        message: expect.stringContaining('Nebenkostenrechnung Nr. 5') as string,
      }),
    ]);
  });

  it('judges VAT_MODE by the template, for every amounts object including prepayments', () => {
    const t = baseTemplate();
    t.expectedvat = 'BOTH';
    const s = baseSubmission();
    s.expectedvat = 'BOTH';
    const found = check(s, t);
    expect(new Set(codes(found))).toEqual(new Set(['VAT_MODE']));
    expect(found.map((m) => m.path)).toContain('billingrecipients[0].prepayments.coldwater.netamount');
    expect(found.map((m) => m.path)).toContain('energysources[0].openingstock.amounts.netamount');
    expect(found.every((m) => m.message.includes('brutto und netto'))).toBe(true);
  });

  it('reports a currency other than the agreed one', () => {
    const s = baseSubmission();
    Object.assign(s, { currency: 'CHF' });
    expect(check(s)).toEqual([expect.objectContaining({ shortmessage: 'CURRENCY_MISMATCH', path: 'currency' })]);
  });

  it('names a VAT mode other than the agreed one in words, not by its code (issue 19, item 8)', () => {
    const s = baseSubmission();
    Object.assign(s, { expectedvat: s.expectedvat === 'NET' ? 'GROSS' : 'NET' });
    const [found] = check(s).filter((m) => m.path === 'expectedvat');
    expect(found?.message).toMatch(/vereinbart ist „(brutto|netto|brutto und netto)“\.$/);
    expect(found?.message).not.toMatch(/GROSS|NET|BOTH|expectedvat/);
  });

  it('tells fuel invoices, invoices in the wrong list and unagreed cost types apart', () => {
    const s = baseSubmission();
    const inv = (key: string) => ({ cost: { key }, invoicedate: '2025-03-01', amounts: { grossamount: '100.00' } });
    s.heatingsysteminvoices.push(inv('202'), inv('236'), inv('241'));
    s.ancillaryinvoices.push(inv('200'), inv('221'));
    const found = check(s).map((m) => `${m.shortmessage} ${m.path}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'FUEL_AS_INVOICE heatingsysteminvoices[5].cost.key',
        'COSTTYPE_WRONG_LIST heatingsysteminvoices[6].cost.key',
        'COSTTYPE_NOT_AGREED heatingsysteminvoices[7].cost.key',
        'FUEL_AS_INVOICE ancillaryinvoices[5].cost.key',
        'COSTTYPE_WRONG_LIST ancillaryinvoices[6].cost.key',
      ]),
    );
    const fuel = only(check(s), 'FUEL_AS_INVOICE').map((m) => m.message);
    expect(fuel[0]).toContain('energysources[].openingstock');
    expect(fuel[1]).toContain('energysources[].closingstock');
    expect(only(check(s), 'COSTTYPE_NOT_AGREED')).toHaveLength(1);
  });

  it('treats district heating as CO2-relevant and checks no typical factor for it', () => {
    const t = baseTemplate();
    t.fuels[1] = { slot: 2, fuel: '144', unit: 'KWH', stored: false, calorificvalue: '1.0000' };
    const s = baseSubmission();
    s.energysources[1]!.fuel = '144';
    s.energysources[1]!.deliveries[0]!.co2 = { emissionfactor: '0.095', emissionkg: '4940.000', costgross: '323.31' };
    expect(check(s, t)).toEqual([]);
    delete s.energysources[1]!.deliveries[0]!.co2;
    expect(codes(check(s, t))).toEqual(['CO2_REQUIRED']);
  });

  it('refuses an empty submission with errors', () => {
    const empty: FilledTemplate = {
      currency: 'EUR',
      expectedvat: 'GROSS',
      energysources: [],
      heatingsysteminvoices: [],
      ancillaryinvoices: [],
      billingrecipients: [],
    };
    const found = check(empty);
    expect(found.filter((m) => m.type === 'ERROR').map((m) => m.shortmessage)).toEqual(
      expect.arrayContaining(['ENERGY_MISSING', 'RECIPIENTS_MISSING']),
    );
  });

  it('accepts a distribution ratio above 70 % consumption only with a warning, below 50 % not at all', () => {
    const t = baseTemplate();
    t.distributionratio.hotwater = { base: '20.0', consumption: '80.0' };
    expect(check(baseSubmission(), t)).toEqual([
      expect.objectContaining({ shortmessage: 'DISTRIBUTION_RATIO', type: 'WARNING', path: 'distributionratio.hotwater' }),
    ]);
    t.distributionratio.hotwater = { base: '30.0', consumption: '60.0' };
    expect(check(baseSubmission(), t)[0]?.message).toContain('nicht 100 %');
  });

  it('skips CO2_REQUIRED when CO2KostAufG does not apply', () => {
    const s = ruleCases.find((c) => c.code === 'CO2_REQUIRED')!.trigger();
    const t = baseTemplate();
    t.co2configuration.applicable = false;
    expect(only(check(s, t), 'CO2_REQUIRED')).toEqual([]);
    const old = baseTemplate();
    old.billingperiod = { from: '2022-01-01', to: '2022-12-31' };
    expect(only(check(s, old), 'CO2_REQUIRED')).toEqual([]);
  });

  it('points at the field at fault for the less common variants of a rule', () => {
    const s = baseSubmission();
    s.billingrecipients[8]!.residentialunitMscnumber = '0099';
    s.billingrecipients[7]!.validto = '2024-12-31';
    s.energysources[1]!.slot = 2;
    s.energysources.push({ slot: 2, fuel: '194', deliveries: [] });
    s.ancillaryinvoices[0]!.amounts.netamount = '-100.00';
    const found = check(s).map((m) => `${m.shortmessage} ${m.path}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'RECIPIENT_UNKNOWN billingrecipients[8].residentialunitMscnumber',
        'RECIPIENT_OUTSIDE_PERIOD billingrecipients[7].validto',
        'FUEL_NOT_AGREED energysources[2].slot',
        'NET_EXCEEDS_GROSS ancillaryinvoices[0].amounts.netamount',
      ]),
    );
  });

  it('warns about side costs when there are no energy costs at all', () => {
    const s = baseSubmission();
    s.energysources = [];
    const t = baseTemplate();
    t.fuels = [];
    const [m] = check(s, t);
    expect(m).toMatchObject({ shortmessage: 'SIDECOSTS_HIGH', type: 'WARNING' });
    expect(m?.message).toContain('2.855,90 € brutto bei Energiekosten von 0,00 €');
  });

  it('orders messages by path with numeric indices', () => {
    const s = baseSubmission();
    for (const i of [8, 1, 0]) s.billingrecipients[i]!.allocations[0]!.value = '-1';
    s.billingrecipients.push(...Array.from({ length: 3 }, () => structuredClone(s.billingrecipients[8]!)));
    s.billingrecipients[11]!.allocations[0]!.value = '-1';
    s.expectedvat = 'NET';
    const paths = check(s).map((m) => m.path);
    const negative = paths.filter((p) => p.endsWith('.value'));
    expect(negative).toEqual([
      'billingrecipients[0].allocations[0].value',
      'billingrecipients[1].allocations[0].value',
      'billingrecipients[8].allocations[0].value',
      'billingrecipients[9].allocations[0].value',
      'billingrecipients[10].allocations[0].value',
      'billingrecipients[11].allocations[0].value',
    ]);
    expect(paths.indexOf('expectedvat')).toBeGreaterThan(paths.indexOf('billingrecipients[11].validfrom'));
  });

  it('finds nothing in the large benchmark submission', () => {
    const { template, submission } = largeSubmission(2000, 500);
    expect(submission.billingrecipients).toHaveLength(2000);
    expect(submission.heatingsysteminvoices.length + submission.ancillaryinvoices.length).toBe(500);
    expect(() => FilledTemplate.parse(submission)).not.toThrow();
    expect(checkSubmission(template, submission)).toEqual([]);
  });
});

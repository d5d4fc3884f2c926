import { describe, expect, it } from 'vitest';
import { EDITOR_STEPS, locate, type DraftLocation } from '@shared/domain/draft-location';
import { checkSubmission } from '@main/sandbox/rules/index';
import { baseSubmission, baseTemplate, ruleCases } from '@test/fixtures/billing-input';

const at = (step: DraftLocation['step'], section: string, row: number, field: string): DraftLocation => ({
  step,
  section,
  row,
  field,
});

const content = baseSubmission();

const TABLE: [string, DraftLocation | undefined][] = [
  // agreement
  ['', at('vereinbarung', 'agreement', 0, '')],
  ['currency', at('vereinbarung', 'agreement', 0, 'currency')],
  ['expectedvat', at('vereinbarung', 'agreement', 0, 'expectedvat')],
  ['distributionratio.heating.base', at('vereinbarung', 'agreement', 0, 'distributionratio.heating.base')],
  // fuels: stocks
  ['energysources', at('brennstoffe', 'energysources[0].stock', 0, '')],
  ['energysources[0]', at('brennstoffe', 'energysources[0].stock', 0, '')],
  ['energysources[1].fuel', at('brennstoffe', 'energysources[1].stock', 0, '')],
  ['energysources[0].openingstock', at('brennstoffe', 'energysources[0].stock', 0, '')],
  ['energysources[0].openingstock.quantity', at('brennstoffe', 'energysources[0].stock', 0, 'quantity')],
  ['energysources[0].openingstock.date', at('brennstoffe', 'energysources[0].stock', 0, 'date')],
  ['energysources[1].closingstock', at('brennstoffe', 'energysources[1].stock', 1, '')],
  ['energysources[0].closingstock.amounts.grossamount', at('brennstoffe', 'energysources[0].stock', 1, 'amounts.grossamount')],
  ['energysources[0].closingstock.amounts.netamount', at('brennstoffe', 'energysources[0].stock', 1, 'amounts.netamount')],
  // fuels: the calorific value, a field at the fuel's heading
  ['energysources[0].calorificvalue', at('brennstoffe', 'energysources[0]', 0, 'calorificvalue')],
  ['energysources[1].calorificvalue', at('brennstoffe', 'energysources[1]', 0, 'calorificvalue')],
  // fuels: the CO2 property facts, one row of fields below the fuels
  ['co2configuration', at('brennstoffe', 'co2configuration', 0, '')],
  ['co2configuration.heatedarea', at('brennstoffe', 'co2configuration', 0, 'heatedarea')],
  ['co2configuration.nonresidentialshare', at('brennstoffe', 'co2configuration', 0, 'nonresidentialshare')],
  ['co2configuration.restrictionbuilding', at('brennstoffe', 'co2configuration', 0, 'restrictionbuilding')],
  ['co2configuration.restrictionsupply', at('brennstoffe', 'co2configuration', 0, 'restrictionsupply')],
  // fuels: deliveries
  ['energysources[0].deliveries', at('brennstoffe', 'energysources[0].deliveries', 0, '')],
  ['energysources[0].deliveries[1]', at('brennstoffe', 'energysources[0].deliveries', 1, '')],
  ['energysources[0].deliveries[1].invoicedate', at('brennstoffe', 'energysources[0].deliveries', 1, 'invoicedate')],
  ['energysources[0].deliveries[1].quantity', at('brennstoffe', 'energysources[0].deliveries', 1, 'quantity')],
  [
    'energysources[1].deliveries[0].amounts.grossamount',
    at('brennstoffe', 'energysources[1].deliveries', 0, 'amounts.grossamount'),
  ],
  ['energysources[1].deliveries[0].amounts.netamount', at('brennstoffe', 'energysources[1].deliveries', 0, 'amounts.netamount')],
  ['energysources[1].deliveries[0].co2', at('brennstoffe', 'energysources[1].deliveries', 0, 'co2')],
  [
    'energysources[1].deliveries[0].co2.emissionfactor',
    at('brennstoffe', 'energysources[1].deliveries', 0, 'co2.emissionfactor'),
  ],
  ['energysources[1].deliveries[0].co2.emissionkg', at('brennstoffe', 'energysources[1].deliveries', 0, 'co2.emissionkg')],
  ['energysources[1].deliveries[0].co2.costgross', at('brennstoffe', 'energysources[1].deliveries', 0, 'co2.costgross')],
  ['energysources[0].deliveries[1].energymix', at('brennstoffe', 'energysources[0].deliveries', 1, 'energymix')],
  ['energysources[0].deliveries[1].energymix[2].share', at('brennstoffe', 'energysources[0].deliveries', 1, 'energymix')],
  // invoices
  ['heatingsysteminvoices', at('heizung', 'heatingsysteminvoices', 0, '')],
  ['heatingsysteminvoices[3]', at('heizung', 'heatingsysteminvoices', 3, '')],
  ['heatingsysteminvoices[3].cost.key', at('heizung', 'heatingsysteminvoices', 3, 'cost.key')],
  ['heatingsysteminvoices[3].cost.text', at('heizung', 'heatingsysteminvoices', 3, 'cost.text')],
  ['heatingsysteminvoices[3].allocationkey', at('heizung', 'heatingsysteminvoices', 3, 'allocationkey')],
  ['heatingsysteminvoices[3].invoicedate', at('heizung', 'heatingsysteminvoices', 3, 'invoicedate')],
  ['heatingsysteminvoices[3].quantity', at('heizung', 'heatingsysteminvoices', 3, 'quantity')],
  ['heatingsysteminvoices[3].amounts.netamount', at('heizung', 'heatingsysteminvoices', 3, 'amounts.netamount')],
  ['heatingsysteminvoices[3].taxservicetype', at('heizung', 'heatingsysteminvoices', 3, 'taxservicetype')],
  ['heatingsysteminvoices[12].laborgross', at('heizung', 'heatingsysteminvoices', 12, 'laborgross')],
  ['ancillaryinvoices[0].amounts.grossamount', at('betriebskosten', 'ancillaryinvoices', 0, 'amounts.grossamount')],
  ['ancillaryinvoices[4].cost.key', at('betriebskosten', 'ancillaryinvoices', 4, 'cost.key')],
  // recipients
  ['billingrecipients', at('nutzer', 'billingrecipients', 0, '')],
  ['billingrecipients[5]', at('nutzer', 'billingrecipients', 5, '')],
  ['billingrecipients[5].validfrom', at('nutzer', 'billingrecipients', 5, 'validfrom')],
  ['billingrecipients[5].validto', at('nutzer', 'billingrecipients', 5, 'validto')],
  ['billingrecipients[5].vacancy', at('nutzer', 'billingrecipients', 5, 'vacancy')],
  ['billingrecipients[5].partnerPmnumber', at('nutzer', 'billingrecipients', 5, 'partnerPmnumber')],
  [
    'billingrecipients[0].prepayments.heating.grossamount',
    at('nutzer', 'billingrecipients', 0, 'prepayments.heating.grossamount'),
  ],
  [
    'billingrecipients[0].prepayments.coldwater.netamount',
    at('nutzer', 'billingrecipients', 0, 'prepayments.coldwater.netamount'),
  ],
  ['billingrecipients[5].allocations', at('nutzer', 'billingrecipients', 5, 'allocations')],
  ['billingrecipients[5].allocations[0].value', at('nutzer', 'billingrecipients', 5, 'allocations.010')],
  ['billingrecipients[6].allocations[2].value', at('nutzer', 'billingrecipients', 6, 'allocations.035')],
  ['billingrecipients[6].allocations[1]', at('nutzer', 'billingrecipients', 6, 'allocations.022')],
  // an index the draft does not have keeps the index
  ['billingrecipients[6].allocations[9].value', at('nutzer', 'billingrecipients', 6, 'allocations[9]')],
  // not a place of the editor
  ['billingunitMscnumber', undefined],
];

describe('locate', () => {
  it.each(TABLE)('%s', (path, expected) => {
    expect(locate(path, content)).toEqual(expected);
  });

  it('keeps the allocation index without the draft', () => {
    expect(locate('billingrecipients[5].allocations[2].value')).toEqual(at('nutzer', 'billingrecipients', 5, 'allocations[2]'));
  });

  it('reads the MSC\'s root path "(Wurzel)" as the agreement', () => {
    expect(locate('(Wurzel)')).toEqual(at('vereinbarung', 'agreement', 0, ''));
  });

  it('places every message the demo MSC can produce on an editor step', () => {
    const template = baseTemplate();
    const paths = ruleCases.flatMap((c) => checkSubmission(template, c.trigger()).map((m) => m.path));
    expect(paths.length).toBeGreaterThan(ruleCases.length - 1);
    for (const path of paths) {
      const where = locate(path, content);
      expect(where, path).toBeDefined();
      expect(EDITOR_STEPS).toContain(where?.step);
    }
  });
});

/**
 * Issue 20 item 4 in the editor: a clerk types the new fields the German way into their places (hot water and
 * condominium on the fuels step, supply periods at the fuel, the tenant-change and VAT columns at the users, the
 * usage group at the invoice), the submission gets them in the MSC's form, a message about them finds its field,
 * and every label is German without technical names.
 */
import { describe, expect, it } from 'vitest';
import { locate } from '@shared/domain/draft-location';
import { i18n } from '@renderer/i18n';
import { setField } from '@renderer/components/grid/draft-path';
import { typedToIso } from '@renderer/components/grid/value-kinds';
import { kindOfField } from '@renderer/components/grid/value-kinds';
import {
  HOTWATER_SECTION,
  PROPERTY_SECTION,
  completeDraft,
  fuelSection,
  sectionRows,
  withSectionRows,
} from '@renderer/features/editor/sections';
import { toFilledTemplate } from '@renderer/features/editor/to-filled';
import { baseSubmission, baseTemplate } from '@test/fixtures/billing-input';

const template = baseTemplate();

/** What the editor stores when the clerk leaves a field: the typed text turned into the MSC's form. */
const typed = (field: string, text: string): string => typedToIso(kindOfField(field), text);

describe('a clerk enters the new fields', () => {
  it('hot water, condominium, supply period, net CO2 cost, tenant change, VAT and usage group reach the submission', () => {
    const base = baseSubmission();
    delete base.hotwater;
    delete base.condominium;
    let draft = completeDraft(base, template);
    draft = withSectionRows(draft, HOTWATER_SECTION, [
      {
        temperature: typed('temperature', '58,5'),
        volume: typed('volume', '412,5'),
        meterstart: typed('meterstart', '1.208,25'),
        meterend: typed('meterend', '1.620,75'),
      },
    ]);
    draft = withSectionRows(draft, PROPERTY_SECTION, [{ condominium: true }]);
    const gas = sectionRows(draft, fuelSection(1))[0] ?? {};
    draft = withSectionRows(draft, fuelSection(1), [
      setField(
        setField(gas, 'supply.hotwater1.from', typed('from', '01.12.2025')),
        'supply.hotwater1.to',
        typed('to', '31.12.2025'),
      ),
    ]);
    const users = sectionRows(draft, 'billingrecipients');
    users[0] = setField(setField(users[0] ?? {}, 'vatindicator', '1'), 'changefee', false);
    draft = withSectionRows(draft, 'billingrecipients', users);

    const sent = toFilledTemplate(draft);
    expect(sent?.hotwater).toEqual({ temperature: '58.50', volume: '412.500', meterstart: '1208.250', meterend: '1620.750' });
    expect(sent?.condominium).toBe(true);
    expect(sent?.energysources[1]?.supply?.hotwater1).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(sent?.billingrecipients[0]).toMatchObject({ vatindicator: '1', changefee: false });
    expect(typed('costnet', '1.166,00')).toBe('1166.00');
  });

  it('clearing the hot-water fields and the flag leaves nothing behind', () => {
    let draft = completeDraft(baseSubmission(), template);
    draft = withSectionRows(draft, HOTWATER_SECTION, [{}]);
    draft = withSectionRows(draft, PROPERTY_SECTION, [{}]);
    expect(draft.hotwater).toBeUndefined();
    expect(draft.condominium).toBeUndefined();
  });

  it('a message about a new field opens its place', () => {
    expect(locate('hotwater.volume')).toEqual({ step: 'brennstoffe', section: 'hotwater', row: 0, field: 'volume' });
    expect(locate('condominium')).toEqual({ step: 'brennstoffe', section: 'property', row: 0, field: 'condominium' });
    expect(locate('energysources[1].supply.heating1.from')).toEqual({
      step: 'brennstoffe',
      section: 'energysources[1]',
      row: 0,
      field: 'supply.heating1.from',
    });
    expect(locate('billingrecipients[2].changesplit')).toMatchObject({ step: 'nutzer', row: 2, field: 'changesplit' });
    expect(locate('ancillaryinvoices[3].usagegroup')).toMatchObject({ step: 'betriebskosten', row: 3, field: 'usagegroup' });
  });
});

describe('the labels of the new fields', () => {
  // Field names of the contract; "condominium" and "supply" are plain English, so only the joined names count.
  const TECHNICAL =
    /hotwater|vatindicator|changesplit|changefee|usagegroup|costnet|meterstart|meterend|flatrate|heating1|hotwater1/;
  const KEYS = [
    ...['co2costnet', 'changesplit', 'changefee', 'vatindicator', 'usagegroup'].map((k) => `field.${k}`),
    ...['title', 'noMethod', 'need.volume', 'need.flatrate', 'need.nothing', 'preset', 'temperature', 'volume'].map(
      (k) => `hotwater.${k}`,
    ),
    ...['flatrate', 'meterstart', 'meterend', 'condominium', 'condominiumYes', 'condominiumNo'].map((k) => `hotwater.${k}`),
    ...['hint', 'from', 'to', 'heating1', 'heating2', 'hotwater1', 'hotwater2'].map((k) => `supply.${k}`),
    ...['12', '13', '14'].map((k) => `changesplit.${k}`),
    ...['0', '1', '2', '3'].map((k) => `vatindicator.${k}`),
  ];

  it.each(['de', 'en'])('%s: every new label is there and in the clerk’s words', (lang) => {
    const t = i18n.getFixedT(lang, 'editor');
    for (const key of KEYS) {
      const text = t(key, { method: '370', value: '55', what: 'X' });
      expect(text, key).not.toBe(key);
      expect(text, key).not.toMatch(TECHNICAL);
    }
  });

  it('German says what a clerk reads on the bill', () => {
    const t = i18n.getFixedT('de', 'editor');
    expect(t('field.changesplit')).toBe('Nutzerwechsel: Aufteilung');
    expect(t('changesplit.14')).toBe('Aufteilung nach Gradtagen');
    expect(t('hotwater.volume')).toBe('Warmwassermenge (m³)');
    expect(t('hotwater.need.volume', { method: '370' })).toContain('Warmwassermenge und die mittlere Temperatur');
  });
});

import { describe, expect, it } from 'vitest';
import { groupMessages, type ListedMessage } from '@renderer/features/editor/message-groups';

const missing = (user: number, key: string): ListedMessage => ({
  type: 'ERROR',
  rule: 'ALLOCATION_MISSING',
  text: `Für den Verteilerschlüssel ${key} fehlt der Wert`,
  path: `billingrecipients[${String(user)}].allocations[0]`,
  loc: { step: 'nutzer', section: 'billingrecipients', row: user, field: `allocations.${key}` },
});

const late: ListedMessage = {
  type: 'WARNING',
  rule: 'DATE_OUTSIDE_PERIOD',
  text: 'Das Rechnungsdatum liegt 5 Tage nach Ende',
  path: 'heatingsysteminvoices[0].invoicedate',
  loc: { step: 'heizung', section: 'heatingsysteminvoices', row: 0, field: 'invoicedate' },
};

describe('grouping the Prüfen step’s messages', () => {
  it('makes 48 missing values of 12 users one group, per step, errors before warnings, the whole billing first', () => {
    const users = Array.from({ length: 12 }, (_, u) => ['010', '011', '035', '046'].map((k) => missing(u, k))).flat();
    const gross: ListedMessage = { ...late, type: 'ERROR', rule: 'NET_EXCEEDS_GROSS', path: 'heatingsysteminvoices[1].amounts' };
    const whole: ListedMessage = { ...late, type: 'ERROR', rule: 'CURRENCY_MISMATCH', path: 'currency', loc: undefined };

    const steps = groupMessages([whole, late, gross, ...users]);

    expect(steps.map((s) => [s.step, s.count])).toEqual([
      [undefined, 1],
      ['heizung', 2],
      ['nutzer', 48],
    ]);
    expect(steps[1]?.groups.map((g) => [g.type, g.rule])).toEqual([
      ['ERROR', 'NET_EXCEEDS_GROSS'],
      ['WARNING', 'DATE_OUTSIDE_PERIOD'],
    ]);
    const [values] = steps[2]?.groups ?? [];
    expect([values?.rule, values?.messages.length, values?.rows]).toEqual(['ALLOCATION_MISSING', 48, 12]);
    expect(values?.messages[0]?.path).toBe('billingrecipients[0].allocations[0]');
  });

  it('keeps the same rule apart when it leads to different steps or types', () => {
    const steps = groupMessages([late, { ...late, type: 'ERROR' }, { ...late, loc: { ...late.loc!, step: 'betriebskosten' } }]);
    expect(steps.flatMap((s) => s.groups.map((g) => `${s.step ?? ''} ${g.type} ${String(g.messages.length)}`))).toEqual([
      'heizung ERROR 1',
      'heizung WARNING 1',
      'betriebskosten WARNING 1',
    ]);
  });
});

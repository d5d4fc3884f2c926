/** docs/msc-osr.md and the OSR rule catalog say the same; each rule's message reads like its template there. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OSR_RULE_CATALOG, checkOnSiteRoles } from '@main/sandbox/osr-rules';
import type { OnSiteRoles } from '@shared/msc/on-site-roles';

function docRows() {
  const text = readFileSync(join(process.cwd(), 'docs/msc-osr.md'), 'utf8');
  return text
    .split('\n')
    .filter((line) => /^\| `[A-Z0-9_]+` \|/.test(line))
    .map((line) => {
      const [code = '', severity = '', when = '', path = '', ...message] = line
        .slice(1, -1)
        .split(' | ')
        .map((c) => c.trim());
      return {
        code: code.replace(/`/g, ''),
        severity,
        when,
        path: path === '—' ? '' : path.replace(/^`|`$/g, ''),
        message: message.join(' | '),
      };
    });
}

/** `{Datum}` and friends stand for any text. */
const pattern = (template: string) =>
  new RegExp(
    `^${template
      .split(/\{[^}]+\}/)
      .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.+')}$`,
  );

const roles = (over: Partial<OnSiteRoles>): OnSiteRoles => ({
  partners: [
    { partnerPmnumber: 'A', name: 'Alt', commercial: false },
    { partnerPmnumber: 'E', name: 'Eigner', commercial: false },
  ],
  billingcontracts: [
    { validfrom: '2020-01-01', validto: '2024-12-31', vacancy: false, billingrecipient: { partnerPmnumber: 'A', owner: false } },
    { validfrom: '2025-01-01', vacancy: true, billingrecipient: { partnerPmnumber: 'E', owner: true } },
  ],
  consumptioninformationcontracts: [{ validfrom: '2020-01-01', validto: '2024-12-31', partnerPmnumber: 'A' }],
  ...over,
});

describe('docs/msc-osr.md', () => {
  it('lists exactly the catalog, row by row, in its order', () => {
    expect(docRows()).toEqual(OSR_RULE_CATALOG.map((r) => ({ ...r })));
  });

  it('a consistent data set passes without any message', () => {
    expect(checkOnSiteRoles(roles({}))).toEqual([]);
  });

  it.each([
    ['PARTNER_DUPLICATE', roles({ partners: [...roles({}).partners, { partnerPmnumber: 'A', name: 'X', commercial: true }] })],
    ['PARTNER_UNKNOWN', roles({ consumptioninformationcontracts: [{ validfrom: '2020-01-01', partnerPmnumber: 'Z' }] })],
    [
      'DATES_OUT_OF_ORDER',
      roles({ consumptioninformationcontracts: [{ validfrom: '2020-01-01', validto: '2019-01-01', partnerPmnumber: 'A' }] }),
    ],
    [
      'CONTRACT_OVERLAP',
      roles({
        billingcontracts: [
          { validfrom: '2020-01-01', vacancy: false, billingrecipient: { partnerPmnumber: 'A', owner: false } },
          { validfrom: '2025-01-01', vacancy: true, billingrecipient: { partnerPmnumber: 'E', owner: true } },
        ],
      }),
    ],
    [
      'CONTRACT_GAP',
      roles({ billingcontracts: roles({}).billingcontracts.map((c, i) => (i === 1 ? { ...c, validfrom: '2025-03-01' } : c)) }),
    ],
    ['BILLINGCONTRACTS_MISSING', roles({ billingcontracts: [] })],
    ['TERMINATION_DATE_MISSING', roles({ terminateallconsumptioninformationcontracts: true })],
    ['CONTRACT_AFTER_TERMINATION', roles({ terminateallbillingcontracts: true, terminateallbillingcontractsat: '2024-06-30' })],
    [
      'VACANCY_NOT_OWNER',
      roles({
        billingcontracts: roles({}).billingcontracts.map((c) => ({
          ...c,
          billingrecipient: { ...c.billingrecipient, owner: false },
        })),
      }),
    ],
  ])('%s: the message has the documented severity and reads like the template', (code, data) => {
    const entry = OSR_RULE_CATALOG.find((r) => r.code === code);
    const found = checkOnSiteRoles(data).find((m) => m.shortmessage === code);
    expect(found?.type).toBe(entry?.severity);
    expect(found?.message).toMatch(pattern(entry?.message ?? '∅'));
  });
});

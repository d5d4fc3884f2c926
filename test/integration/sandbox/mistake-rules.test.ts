/**
 * Issue 20 item 3 over loopback against the seeded demo MSC: the review's real-world mistakes, each put into a fill
 * of a demo property built only from its template, are reported with the documented code, type and path; the
 * correct real invoices next to them (a supplier's credit note, a January annual bill, gas in the reduced-VAT
 * window) are not. test/integration/sandbox/rules-http.test.ts runs every rule's trigger and pass on its own unit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Template } from '@shared/msc/billing-input';
import type { CheckMessage, FilledTemplate } from '@shared/msc/billing-input';
import { MISTAKE_RULES } from '@main/sandbox/rules/catalog-mistakes';
import { startSandbox } from '@main/sandbox/index';
import type { Sandbox } from '@main/sandbox/index';
import { demoSubmission } from '@test/integration/sandbox/demo-submission';
import { api, expectProblem, tempDir, tokenFor } from '@test/integration/sandbox/helpers';
import type { Api, Reply } from '@test/integration/sandbox/helpers';

const GAS = '100200301';
const OIL = '100200302'; // amounts gross and net (BOTH)
const HEAT = '100200303';
const MINE: readonly string[] = MISTAKE_RULES.map((r) => r.code);

let sandbox: Sandbox;
let dir: Awaited<ReturnType<typeof tempDir>>;
let demo: Api;
const templates = new Map<string, Template>();
const validate = (bu: string) => `/billinginput/v1/billingunits/${bu}/billingperiods/2025-12-31?action=VALIDATE`;

beforeAll(async () => {
  dir = await tempDir();
  sandbox = await startSandbox({ dataDir: dir.path });
  demo = api(sandbox.url, await tokenFor(sandbox.url));
  for (const bu of [GAS, OIL, HEAT]) {
    const reply = await demo.get(`/billinginput/v1/billingunits/${bu}/billingperiods/2025-12-31`);
    templates.set(bu, Template.parse(reply.body));
  }
});

afterAll(async () => {
  await sandbox.close();
  await dir.remove();
});

function fill(bu: string, change: (s: FilledTemplate) => void = () => undefined): FilledTemplate {
  const t = templates.get(bu);
  if (!t) throw new Error(`no template for ${bu}`);
  const s = demoSubmission(t);
  change(s);
  return s;
}

const messagesOf = (r: Reply): CheckMessage[] => (r.status === 204 ? [] : (expectProblem(r, 400).messages ?? []));
async function check(bu: string, s: FilledTemplate): Promise<CheckMessage[]> {
  return messagesOf(await demo.post(validate(bu), s));
}
const mine = (ms: readonly CheckMessage[]) =>
  ms.filter((m) => MINE.includes(m.shortmessage)).map((m) => `${m.type} ${m.shortmessage} ${m.path}`);

describe('issue 20: mistakes the demo MSC let through', () => {
  it('passes the demo fills of all three properties with a plain VALIDATE (no new warning on correct data)', async () => {
    for (const bu of [GAS, OIL, HEAT]) expect(await check(bu, fill(bu))).toEqual([]);
  });

  it('catches the review’s mistakes in one oil fill, each with its severity at its field', async () => {
    const s = fill(OIL, (f) => {
      const oil = f.energysources[0]!;
      oil.closingstock!.quantity = '-500.000';
      oil.deliveries[0]!.co2!.costgross = '1709.32'; // 2024's 45 € + 19 % on 31,920 kg
      const power = f.ancillaryinvoices.findIndex((i) => i.cost.key === '400');
      f.ancillaryinvoices[power]!.amounts = { grossamount: '1070.00', netamount: '1000.00' }; // electricity at 7 %
      f.ancillaryinvoices[0]!.amounts = { grossamount: '0.00', netamount: '0.00' };
      f.ancillaryinvoices[2]!.amounts = { grossamount: '-150.00', netamount: '-126.05' };
      f.billingrecipients[0]!.prepayments = { heating: { grossamount: '-100.00', netamount: '-100.00' } };
      f.billingrecipients[1]!.prepayments = { heating: { grossamount: '250000.00', netamount: '250000.00' } };
      f.co2configuration!.heatedarea = '9999.00';
    });
    expect(mine(await check(OIL, s)).sort()).toEqual(
      [
        'WARNING CREDIT_NOTE_UNCLEAR ancillaryinvoices[2].amounts',
        'WARNING INVOICE_ZERO ancillaryinvoices[0].amounts',
        'WARNING VAT_RATE_COSTTYPE ancillaryinvoices[3].amounts',
        'ERROR PREPAYMENT_NEGATIVE billingrecipients[0].prepayments.heating.grossamount',
        'WARNING PREPAYMENT_HIGH billingrecipients[1].prepayments',
        'WARNING CO2_AREA_SUM co2configuration.heatedarea',
        'ERROR STOCK_NEGATIVE energysources[0].closingstock.quantity',
        'WARNING CO2_PRICE_YEAR energysources[0].deliveries[0].co2.costgross',
      ].sort(),
    );
  });

  it('gas billed in kWh: calorific value 10 and m³ typed as kWh (1,05 €/kWh) are caught', async () => {
    const s = fill(GAS, (f) => {
      const gas = f.energysources[0]!;
      gas.calorificvalue = '10.0000';
      gas.deliveries[0]!.quantity = '22857.000'; // 24,000 € / 22,857 kWh
      gas.deliveries[0]!.co2 = { emissionfactor: '0.201', emissionkg: '4594.257', costgross: '300.69' };
    });
    expect(mine(await check(GAS, s))).toEqual([
      'ERROR CALORIFIC_VALUE_UNIT energysources[0].calorificvalue',
      'WARNING UNIT_PRICE_IMPLAUSIBLE energysources[0].deliveries[0].quantity',
    ]);
  });

  it('district heat with factor 0 beside a 70 % gas mix is caught; a renewable mix with 0 passes', async () => {
    const heat = (mix: { source: string; share: string }[]) =>
      fill(HEAT, (f) => {
        f.energysources[0]!.deliveries[0]!.co2 = { emissionfactor: '0', emissionkg: '0.000', costgross: '0.00' };
        f.energysources[0]!.deliveries[0]!.energymix = mix;
      });
    expect(
      mine(
        await check(
          HEAT,
          heat([
            { source: '04', share: '70.0' },
            { source: '06', share: '30.0' },
          ]),
        ),
      ),
    ).toEqual(['WARNING CO2_FACTOR_ZERO_MIX energysources[0].deliveries[0].co2.emissionfactor']);
    expect(mine(await check(HEAT, heat([{ source: '06', share: '100.0' }])))).toEqual([]);
  });

  it('a unit whose area changes at a tenant change is caught', async () => {
    const t = templates.get(OIL)!;
    const changing = t.billingrecipients.findIndex(
      (r, i) => t.billingrecipients.findIndex((x) => x.residentialunitMscnumber === r.residentialunitMscnumber) !== i,
    );
    expect(changing).toBeGreaterThan(0);
    const s = fill(OIL, (f) => {
      f.billingrecipients[changing]!.allocations.find((a) => a.key === '010')!.value = '12.5';
    });
    expect(mine(await check(OIL, s))).toEqual([
      `WARNING AREA_CHANGED billingrecipients[${String(changing)}].allocations[0].value`,
    ]);
  });

  it('correct real invoices pass: the credit note, a January annual bill at last year’s CO2 price, a water refund', async () => {
    const s = fill(GAS, (f) => {
      const gas = f.energysources[0]!;
      gas.deliveries.push({
        invoicedate: '2025-12-20',
        quantity: '-5000.000',
        amounts: { grossamount: '-624.75' },
        co2: { emissionfactor: '0.201', emissionkg: '-1005.000', costgross: '-65.79' },
      });
      gas.deliveries[0]!.invoicedate = '2025-01-20';
      gas.deliveries[0]!.co2!.costgross = formatCents((36180n * 45n * 119n + 500n) / 1000n); // 45 € + 19 %
      f.ancillaryinvoices.push({
        cost: { key: '236', text: 'Gutschrift Wasserwerk' },
        invoicedate: '2025-06-30',
        amounts: { grossamount: '-150.00' },
      });
    });
    expect(mine(await check(GAS, s))).toEqual([]);
  });
});

function formatCents(cents: bigint): string {
  return `${(cents / 100n).toString()}.${(cents % 100n).toString().padStart(2, '0')}`;
}

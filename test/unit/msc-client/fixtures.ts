/** Minimal contract-valid bodies for the fake MSC, plus a client factory with recorded sleeps. */
import { createMscClient } from '@main/services/msc-client';
import type { MscClient, MscClientConfig } from '@main/services/msc-client';
import type { BillingPeriod, FilledTemplate, Template } from '@shared/msc/billing-input';
import type { BillingUnitSummary, SetupRequest, SetupStatus } from '@shared/msc/billing-unit-data';

export const BU = '100200301';
export const TO = '2025-12-31';

export const summary = (bu: string): BillingUnitSummary => ({
  billingunitMscnumber: bu,
  customerMscnumber: '0000012345',
  address: { street: 'Musterweg 1', postalcode: '12345', city: 'Musterstadt' },
  setupstatus: 'OPEN',
  lastupdate: '2025-01-01T10:00:00Z',
});

export const setupStatus = (over: Partial<SetupStatus> = {}): SetupStatus => ({
  ...summary(BU),
  billingunitPmnumber: 'LG-1',
  ...over,
});

export const openPeriod = (over: Partial<BillingPeriod> = {}): BillingPeriod => ({
  from: '2025-01-01',
  to: TO,
  status: 'OPEN',
  ...over,
});

export const oldPeriod: BillingPeriod = {
  from: '2024-01-01',
  to: '2024-12-31',
  status: 'COMMISSIONED',
  lastsubmission: { transactionid: 'tx-2024', at: '2025-02-01T09:00:00Z' },
};

export const template: Template = {
  billingunitMscnumber: BU,
  billingperiod: { from: '2025-01-01', to: TO },
  currency: 'EUR',
  expectedvat: 'GROSS',
  fuels: [],
  costtypes: [],
  distributionkeys: [],
  billingrecipients: [],
  distributionratio: { heating: { base: '30.0', consumption: '70.0' }, hotwater: { base: '30.0', consumption: '70.0' } },
  co2configuration: { applicable: true, nonresidential: false },
};

export const filled: FilledTemplate = {
  currency: 'EUR',
  expectedvat: 'GROSS',
  energysources: [],
  heatingsysteminvoices: [],
  ancillaryinvoices: [],
  billingrecipients: [],
};

export const setupRequest: SetupRequest = {
  billingunitMscnumber: BU,
  customerMscnumber: '0000012345',
  ordercriteriafor: 'USAGEUNIT',
  residentialunits: [
    { residentialunitPmnumber: 'WE-01' },
    { residentialunitPmnumber: 'WE-02' },
    { residentialunitPmnumber: 'WE-03' },
  ],
};

export type TestClient = { client: MscClient; sleeps: number[] };

/** A client whose waits are recorded instead of slept, so backoff and Retry-After are asserted exactly. */
export function testClient(baseUrl: string, over: Partial<MscClientConfig> = {}, now?: () => number): TestClient {
  const sleeps: number[] = [];
  const client = createMscClient(
    { baseUrl, profile: 'seed', auth: { kind: 'none' }, timeoutMs: 2_000, retries: 3, ...over },
    {
      sleep: (ms) => {
        sleeps.push(ms);
        return Promise.resolve();
      },
      ...(now ? { clock: { now } } : {}),
    },
  );
  return { client, sleeps };
}

export const OAUTH = { kind: 'oauth2', clientId: 'demo', clientSecret: 'demo-secret' } as const;

import { afterEach, describe, expect, it } from 'vitest';
import { channels, contract, eventNames, events, type Channel } from '@shared/ipc/contract';
import { createAppContext } from '@main/app/app-context';
import type { AppContext } from '@main/app/app-context';
import { tempDir } from '@test/unit/ipc/helpers';
import { agreementExample } from '@test/fixtures/arge-agreement';
import { BILLING_UNIT, PERIOD_TO, filledTemplateExample, setupRequestExample } from '@test/fixtures/msc-examples';

describe('IPC contract', () => {
  let context: AppContext | undefined;
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  it('has a handler for every channel and none beyond it', async () => {
    context = createAppContext({ mode: 'browser', version: '1.0.0', userDataDir: await tempDir('kb-contract-') });
    expect(Object.keys(context.handlers).sort()).toEqual([...channels].sort());
    for (const channel of channels) expect(typeof context.handlers[channel]).toBe('function');
  });

  it('names every channel and event domain:verb in kebab case', () => {
    for (const name of [...channels, ...eventNames]) expect(name).toMatch(/^[a-z]+(-[a-z]+)*:[a-z]+(-[a-z]+)*$/);
  });

  it('gives every channel an input schema that accepts a valid example, and every event a payload schema', () => {
    expect(Object.keys(VALID).sort()).toEqual([...channels].sort());
    const refused = channels.filter((c) => !contract[c].input.safeParse(VALID[c]).success);
    expect(refused).toEqual([]);
    for (const name of eventNames) expect(events[name].safeParse(undefined).success).toBe(false);
  });

  it.each(channels.filter((c) => isObject(VALID[c])))('%s refuses an unknown field and each required field missing', (c) => {
    const valid = VALID[c] as Record<string, unknown>;
    expect(contract[c].input.safeParse({ ...valid, unexpected: 1 }).success).toBe(false);
    for (const key of Object.keys(valid)) {
      const { [key]: _left, ...without } = valid;
      if (OPTIONAL[c]?.includes(key) === true) continue;
      expect(contract[c].input.safeParse(without).success, `${c} without ${key}`).toBe(false);
    }
  });

  it.each(channels.filter((c) => isObject(VALID[c]) && 'connectionId' in (VALID[c] as object)))(
    '%s refuses a connection id that could leave its folder',
    (c) => {
      const valid = VALID[c] as Record<string, unknown>;
      for (const connectionId of ['../demo', 'demo/x', '', 'a'.repeat(101)])
        expect(contract[c].input.safeParse({ ...valid, connectionId }).success, connectionId).toBe(false);
    },
  );

  it('rejects named bad payloads', () => {
    const bad: [Channel, unknown][] = [
      ['app:info', { unexpected: true }],
      ['connections:remove', { id: '' }],
      ['connections:save', { name: 'ohne Ziel' }],
      ['connections:save', { ...(VALID['connections:save'] as object), mscCode: '00' }],
      ['files:open', { kind: 'exe' }],
      ['units:page', { ...on, offset: -1, limit: 50 }],
      ['units:matching', { ...on, billingunit: '1234567890' }],
      ['templates:get', { ...period, periodTo: '31.12.2025' }],
      ['templates:submit', { ...period, filled: filledTemplateExample, ignoreWarnings: 'ja' }],
      ['drafts:save', { ...on, draft: { billingunit: BILLING_UNIT, periodTo: PERIOD_TO, content: {} }, expectedRevision: -1 }],
      ['excel:cancel-import', { jobId: 'kurz' }],
      ['reports:check', { ...on, archiveId: 'a', format: 'docx' }],
      ['preferences:update', { language: 'fr' }],
      ['demo:resolve', { ...unit, pmnumber: 'WE-01', mscnumber: '12' }],
      ['osr:deliver', { ...unit, residentialunit: '12' }],
      ['results:reconcile', { ...period, balanceThreshold: '-5' }],
      ['results:reconcile-report', { ...period, format: 'docx' }],
    ];
    expect(bad.filter(([c, input]) => contract[c].input.safeParse(input).success)).toEqual([]);
  });
});

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

const on = { connectionId: 'demo' };
const unit = { ...on, billingunit: BILLING_UNIT };
const period = { ...unit, periodTo: PERIOD_TO };
const osrUnit = { ...unit, residentialunit: '0001' };
const roles = {
  partners: [{ partnerPmnumber: 'P-1', name: 'Neumann', commercial: false }],
  billingcontracts: [{ validfrom: '2025-04-01', vacancy: false, billingrecipient: { partnerPmnumber: 'P-1', owner: false } }],
  consumptioninformationcontracts: [{ validfrom: '2025-04-01', partnerPmnumber: 'P-1' }],
};

/** One valid input per channel, as the renderer sends it. */
const VALID: Record<Channel, unknown> = {
  'app:info': undefined,
  'app:problems': undefined,
  'files:open': { kind: 'excel' },
  'files:save': { fileId: 'f-1' },
  'connections:list': undefined,
  'connections:save': {
    name: 'ista',
    mscCode: '40',
    profile: 'bved-v1',
    target: { kind: 'url', url: 'https://ista.example/api' },
    auth: { kind: 'none' },
  },
  'connections:take-certificate': { fileId: 'f-1', part: 'cert' },
  'connections:remove': { id: 'demo' },
  'connections:check': { id: 'demo' },
  'units:list': on,
  'units:page': { ...on, offset: 0, limit: 50 },
  'units:send-setup': { ...on, request: setupRequestExample },
  'units:send-setups': { ...on, request: setupRequestExample },
  'units:withdraw': { ...unit, pmnumbers: ['WE-01'] },
  'units:outbox': on,
  'units:retry-setup': { ...on, id: 'item-1' },
  'units:remove-setup': { ...on, id: 'item-1' },
  'units:setups': on,
  'units:refresh-setup': unit,
  'units:matching': unit,
  'periods:list': unit,
  'templates:get': period,
  'templates:check': { ...period, filled: filledTemplateExample },
  'templates:submit': { ...period, filled: filledTemplateExample, ignoreWarnings: false },
  'drafts:list': on,
  'drafts:get': period,
  'drafts:save': { ...on, draft: { billingunit: BILLING_UNIT, periodTo: PERIOD_TO, content: {} }, expectedRevision: 0 },
  'drafts:last-check': period,
  'drafts:discard': { ...period, expectedRevision: 1 },
  'drafts:checked-snapshot': period,
  'drafts:restore-checked': { ...period, expectedRevision: 1 },
  'drafts:previous-submission': period,
  'drafts:from-previous': period,
  'archive:list': on,
  'archive:read': { ...on, id: 'a-1' },
  'excel:suggest-mapping': { ...on, fileId: 'f-1', kind: 'usage-units' },
  'excel:import-units': { ...on, fileId: 'f-1' },
  'excel:prepare-import': {},
  'excel:cancel-import': { jobId: 'job-12345678' },
  'excel:import-invoices': { ...period, fileId: 'f-1' },
  'excel:import-template': { ...period, fileId: 'f-1' },
  'excel:export-template': period,
  'excel:export-matching': unit,
  'excel:import-tenants': { ...on, fileId: 'f-1' },
  'reports:check': { ...on, archiveId: 'a-1', format: 'pdf' },
  'preferences:get': undefined,
  'preferences:update': { language: 'en' },
  'overview:open-periods': on,
  'setup-wizard:get': unit,
  'setup-wizard:save': { ...unit, draft: null },
  'demo:state': on,
  'demo:resolve': { ...unit, pmnumber: 'WE-01' },
  'demo:advance': on,
  'demo:period-status': { ...period, status: 'COMMISSIONED' },
  'demo:sample-workbook': on,
  'osr:units': unit,
  'osr:records': on,
  'osr:save': { ...osrUnit, roles },
  'osr:discard': osrUnit,
  'osr:deliver': osrUnit,
  'osr:deliver-all': unit,
  'osr:history': on,
  'osr:history-entry': { ...on, id: 'h-1' },
  'osr:read-back': osrUnit,
  'arge:export': { ...period, filled: filledTemplateExample },
  'arge-import:pick': { kind: 'results' },
  'arge-import:results': { ...period, files: [{ fileId: 'f-1', name: 'DTD305_20260110120000.DAT', size: 1026 }] },
  'arge-import:criteria': { ...on, files: [{ fileId: 'f-1', name: 'DTA305_20260110120000.DAT', size: 130 }] },
  'arge:agreements': on,
  'arge:agreement-save': { ...on, agreement: agreementExample },
  'arge:agreement-from-files': { ...on, fileIds: ['f-1'] },
  'arge:written-file': { ...on, transactionid: 'ARGE-20260101T000000Z-abcdef', name: 'DTM305_20260101000000.DAT' },
  'results:get': period,
  'results:check-now': period,
  'results:document': { ...period, documentid: 'HKA-0001-P-1' },
  'results:documents-zip': period,
  'results:export': period,
  'results:reconcile': { ...period, balanceThreshold: '500.00' },
  'results:reconcile-report': { ...period, format: 'pdf' },
  'results:list': on,
  'team:status': undefined,
  'team:save': { host: 'db.buero.local', port: 5432, database: 'kostenbruecke', user: 'kb', password: 'geheim', tls: true },
  'team:leave': undefined,
  'team:set-clerk': { clerk: 'Frau Berger' },
  'team:takeover-state': on,
  'team:take-over': on,
  'team:presence': { ...period, open: true },
};

/** Fields of the valid examples that a channel may go without. */
const OPTIONAL: Partial<Record<Channel, readonly string[]>> = {
  'preferences:update': ['language'],
  'results:reconcile': ['balanceThreshold'],
  'team:save': ['password'],
};

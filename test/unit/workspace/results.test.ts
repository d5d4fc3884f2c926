import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BillingPeriod } from '@shared/msc/billing-input';
import type { BillingResult } from '@shared/msc/billing-result';
import type { WorkspaceEvent } from '@shared/domain/workspace';
import { openArchive } from '@main/services/workspace/archive';
import { openResultStore } from '@main/services/workspace/result-store';
import { createResultWatcher, type ResultSender } from '@main/services/workspace/result-watcher';
import type { FileContext } from '@main/services/workspace/json-files';
import { createManualClock, tempDir } from '@test/unit/workspace/helpers';
import { filledTemplateExample, templateExample } from '@test/fixtures/msc-examples';

const BU = '100200300';
const TO = '2025-12-31';

const result: BillingResult = {
  billingunitMscnumber: BU,
  billingperiod: { from: '2025-01-01', to: TO },
  currency: 'EUR',
  expectedvat: 'GROSS',
  billingdate: '2026-02-15',
  transactionid: 'tx-1',
  createdat: '2026-02-15T10:00:00Z',
  totals: Object.fromEntries(
    [
      'distributablecost',
      'heating',
      'hotwater',
      'coldwater',
      'operating',
      'totalcost',
      'co2landlordshare',
      'prepayment',
      'balance',
    ].map((k) => [k, { grossamount: '0.00' }]),
  ) as BillingResult['totals'],
  results: [],
  documents: [
    {
      documentid: 'HKA-0001-P-1',
      type: 'HKA',
      residentialunitMscnumber: '0001',
      partnerPmnumber: 'P-1',
      title: 'HKA Anna',
      mediatype: 'application/pdf',
    },
  ],
};

describe('billing results in the workspace', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => {
    ({ dir, cleanup } = await tempDir());
  });
  afterEach(() => cleanup());

  async function setUp() {
    const clock = createManualClock();
    const events: WorkspaceEvent[] = [];
    const problems: string[] = [];
    const files: FileContext = { clock, report: (p) => problems.push(p.message) };
    const emit = (e: WorkspaceEvent) => events.push(e);
    const archive = await openArchive({ dir: join(dir, 'archive'), clock, files, emit });
    const results = await openResultStore({
      dir: join(dir, 'results'),
      documentsDir: join(dir, 'result-documents'),
      clock,
      files,
      emit,
    });
    let status: BillingPeriod['status'] = 'COMMISSIONED';
    const calls: string[] = [];
    const sender: ResultSender = {
      listBillingPeriods: () => {
        calls.push('periods');
        return Promise.resolve([{ from: '2025-01-01', to: TO, status }]);
      },
      getBillingResult: () => Promise.resolve(result),
      getBillingResultDocument: (_b, _t, id) => Promise.resolve(new TextEncoder().encode(`%PDF-1.7 ${id}`)),
      getTemplate: () => Promise.resolve(templateExample),
    };
    const watcher = createResultWatcher({
      archive,
      results,
      sender,
      clock,
      files,
      options: { initialDelayMs: 1_000, maxDelayMs: 8_000, factor: 2 },
    });
    return { clock, events, problems, archive, results, watcher, calls, bill: () => (status = 'BILLED') };
  }

  it('follows a commissioned period with backoff until it is billed, then stores result, template and PDFs once', async () => {
    const { clock, events, archive, results, watcher, calls, bill } = await setUp();
    await archive.append({
      action: 'SEND',
      billingunit: BU,
      periodTo: TO,
      request: filledTemplateExample,
      result: { kind: 'commissioned', transactionid: 'tx-1' },
    });
    watcher.start();
    await watcher.refresh();
    expect(clock.pendingCount()).toBe(1);
    expect(watcher.awaited()).toMatchObject([{ billingunit: BU, periodTo: TO, transactionid: 'tx-1' }]);

    const delays: number[] = [];
    for (let i = 0; i < 3; i++) {
      delays.push(clock.runNext());
      await vi.waitFor(() => {
        expect(clock.pendingCount()).toBe(1);
      });
    }
    expect(delays).toEqual([1_000, 2_000, 4_000]);
    expect(calls).toHaveLength(3);
    expect(results.list()).toEqual([]);

    bill();
    clock.runNext();
    await vi.waitFor(() => {
      expect(events.some((e) => e.type === 'result-stored')).toBe(true);
    });
    expect(watcher.awaited()).toEqual([]);
    const stored = await results.latest(BU, TO);
    expect(stored?.transactionid).toBe('tx-1');
    expect(stored?.template).toMatchObject({ billingunitMscnumber: templateExample.billingunitMscnumber });
    expect(events.filter((e) => e.type === 'result-stored')).toHaveLength(1);
    const pdfs = await readdir(join(dir, 'result-documents', `${BU}_${TO}`));
    expect(pdfs).toHaveLength(1);
    expect(pdfs[0]).toMatch(/^HKA-0001-P-1-[0-9a-f]{12}\.pdf$/);
    const doc = stored && (await results.document(stored, 'HKA-0001-P-1'));
    expect(doc?.data.toString()).toBe('%PDF-1.7 HKA-0001-P-1');
    expect(clock.pendingCount()).toBe(0);
    await watcher.stop();
  });

  it('keeps every changed result (append-only), stores a result fetched again once, and reopens them after a restart', async () => {
    const first = await setUp();
    const data = new TextEncoder().encode('%PDF-1.7 a');
    const doc = { documentid: 'HKA-0001-P-1', type: 'HKA', title: 'HKA', data };
    const changed = { ...doc, data: new TextEncoder().encode('%PDF-1.7 a, korrigiert') };
    const input = { billingunit: BU, periodTo: TO, transactionid: 'tx-1', result: result as unknown as Record<string, unknown> };
    const once = await first.results.append(input, [changed]);
    expect(await first.results.append(input, [changed])).toEqual(once);
    await first.results.append(input, [doc]);
    const files = await readdir(join(dir, 'results'));
    expect(files).toHaveLength(2);
    const again = await setUp();
    expect(again.results.list({ billingunit: BU })).toHaveLength(2);
    const latest = await again.results.latest(BU, TO);
    expect(latest?.documents[0]?.bytes).toBe(data.byteLength);
    expect(JSON.parse(await readFile(join(dir, 'results', `${latest?.id ?? ''}.json`), 'utf8'))).toMatchObject({
      transactionid: 'tx-1',
    });
  });

  it('stops awaiting once a result is stored and resumes awaiting from the archives alone', async () => {
    const { archive, results, watcher } = await setUp();
    await archive.append({
      action: 'SEND',
      billingunit: BU,
      periodTo: TO,
      request: {},
      result: { kind: 'commissioned', transactionid: 'tx-1' },
    });
    await watcher.refresh();
    expect(watcher.awaited()).toHaveLength(1);
    await results.append({ billingunit: BU, periodTo: TO, transactionid: 'tx-1', result: {} }, []);
    await watcher.refresh();
    expect(watcher.awaited()).toEqual([]);
  });
});

/**
 * The channels end to end through the gate, on the real services and the embedded demo MSC: outputs must pass
 * the contract's output schemas (the gate checks them), and checks land in the archive and on the event hub.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { EventName } from '@shared/ipc/contract';
import { useGateApp } from '@test/support/gate-app';

const on = { connectionId: 'demo' };

describe('channels on the embedded demo MSC', () => {
  const app = useGateApp('kb-wiring-');
  const { call } = app;
  const seen: { name: EventName; payload: unknown }[] = [];

  beforeAll(() => {
    app.context.hub.subscribe((name, payload) => seen.push({ name, payload }));
  });

  it('checks the demo connection and announces the result', async () => {
    const health = await call('connections:check', { id: 'demo' });
    expect(health.state).toBe('ok');
    expect(seen.some((e) => e.name === 'connection:status')).toBe(true);
  });

  it('lists the demo billing units and their periods', async () => {
    const units = await call('units:list', on);
    expect(units.map((u) => u.billingunitMscnumber)).toContain('100200301');
    const periods = await call('periods:list', { ...on, billingunit: '100200301' });
    expect(periods.length).toBeGreaterThan(0);
  });

  it('runs a test check of an empty filling, which the demo MSC refuses, archives it and emits billing:checked', async () => {
    // The open period: a commissioned one refuses every further check (409).
    const period = (await call('periods:list', { ...on, billingunit: '100200301' })).find((p) => p.status === 'OPEN');
    const where = { ...on, billingunit: '100200301', periodTo: period!.to };
    const template = await call('templates:get', where);
    const outcome = await call('templates:check', {
      ...where,
      filled: {
        currency: template.currency,
        expectedvat: template.expectedvat,
        energysources: [],
        heatingsysteminvoices: [],
        ancillaryinvoices: [],
        billingrecipients: [],
      },
    });
    // An empty filling is what the demo MSC refuses with errors: no energy source, no billing recipient.
    expect(outcome.result).toBe('messages');
    const errors = outcome.result === 'messages' ? outcome.messages.filter((m) => m.type === 'ERROR') : [];
    expect(errors.map((m) => m.shortmessage)).toEqual(expect.arrayContaining(['ENERGY_MISSING', 'RECIPIENTS_MISSING']));
    const archived = await call('archive:list', where);
    expect(archived).toHaveLength(1);
    expect(archived[0]).toMatchObject({
      action: 'VALIDATE',
      billingunit: '100200301',
      periodTo: period!.to,
      result: outcome.result,
    });
    expect(await call('archive:read', { ...on, id: archived[0]!.id })).toMatchObject({ action: 'VALIDATE' });
    const checked = seen.find((e) => e.name === 'billing:checked');
    expect(checked?.payload).toMatchObject({ billingunit: '100200301', action: 'VALIDATE', result: outcome.result });
    expect(seen.some((e) => e.name === 'workspace:changed')).toBe(true);

    const pdf = await call('reports:check', { ...on, archiveId: archived[0]!.id, format: 'pdf' });
    expect(pdf.name).toBe(`Prüfbericht 100200301 bis ${period!.to}.pdf`);
    const pdfBytes = Buffer.from(app.context.files.get(pdf.fileId)!.bytes).toString('latin1');
    expect(pdfBytes.slice(0, 5)).toBe('%PDF-');
    // Tenants' names need more than the standard fonts' Latin-1: the shipped DejaVu Sans is embedded.
    expect(pdfBytes).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans/);
  });

  it('keeps drafts with revisions and refuses a stale save', async () => {
    const draft = { billingunit: '100200302', periodTo: '2025-12-31', content: { currency: 'EUR' } };
    const first = await call('drafts:save', { ...on, draft, expectedRevision: 0 });
    expect(first.revision).toBe(1);
    expect((await call('drafts:list', on)).map((d) => d.billingunit)).toContain('100200302');
    await expect(call('drafts:save', { ...on, draft, expectedRevision: 0 })).rejects.toThrow(/^drafts:save: CONFLICT /);
    await call('drafts:discard', { ...on, billingunit: '100200302', periodTo: '2025-12-31', expectedRevision: 1 });
    expect(await call('drafts:get', { ...on, billingunit: '100200302', periodTo: '2025-12-31' })).toBeNull();
  });

  it('exports the Erfassungsmappe and reads it back', async () => {
    const [period] = await call('periods:list', { ...on, billingunit: '100200301' });
    const where = { ...on, billingunit: '100200301', periodTo: period!.to };
    const file = await call('excel:export-template', where);
    expect(file.name).toBe(`Erfassungsmappe 100200301 bis ${period!.to}.xlsx`);
    expect(file.size).toBeGreaterThan(1000);
    const imported = await call('excel:import-template', { ...where, fileId: file.fileId });
    expect(imported.ok).toBe(true);
  });

  it('says in German when an imported file is gone', async () => {
    await expect(call('excel:import-units', { connectionId: 'demo', fileId: 'gibt-es-nicht' })).rejects.toThrow(
      /^excel:import-units: VALIDATION .*nicht mehr vorhanden/,
    );
  });

  it('queues a setup request in the outbox', async () => {
    const item = await call('units:send-setup', {
      ...on,
      request: {
        billingunitMscnumber: '100200303',
        customerMscnumber: '0000012345',
        ordercriteriafor: 'USAGEUNIT',
        residentialunits: [{ residentialunitPmnumber: 'WE-01' }],
      },
    });
    expect(item.billingunit).toBe('100200303');
    expect((await call('units:outbox', on)).map((i) => i.id)).toContain(item.id);
  });
});

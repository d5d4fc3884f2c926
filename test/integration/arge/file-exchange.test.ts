/**
 * A file-exchange connection through the real handlers (docs/arge.md, "File-exchange connection"): the agreement is
 * stored and survives a restart, a period's template comes from it, the test check is the ARGE check, and the binding
 * submission writes the DTM/DTK files with the connection's customer number, MSC key and order-criteria setting,
 * listed in the archive with size and SHA-256 and offered again from there.
 */
import { createHash } from 'node:crypto';
import { readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readArgeFile } from '@shared/arge/read';
import type { ReadRecord } from '@shared/arge/read';
import type { ConnectionInput } from '@shared/domain/connection';
import { createAppContext, type AppContext } from '@main/app/app-context';
import { openAgreementStore } from '@main/services/arge/agreement-store';
import { agreementExample } from '@test/fixtures/arge-agreement';
import { fillFor } from '@test/fixtures/arge-fill';
import { tempDir } from '@test/unit/ipc/helpers';

const connectionInput = (orderCriterion: 'partner' | 'unit'): ConnectionInput => ({
  name: `Minol Dateiaustausch (${orderCriterion})`,
  mscCode: '33',
  target: { kind: 'file-exchange', customerNumber: '4711', orderCriterion },
  profile: 'bved-v1',
  auth: { kind: 'none' },
});

describe('file-exchange connection', () => {
  let dir = '';
  let context: AppContext;
  const open = () => createAppContext({ mode: 'browser', version: '1.0.0', userDataDir: dir, log: () => undefined });

  beforeEach(async () => {
    dir = await tempDir('kb-file-exchange-');
    context = open();
  });
  afterEach(async () => {
    await context.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function connectionWithAgreement(orderCriterion: 'partner' | 'unit') {
    const h = context.handlers;
    const { id } = await h['connections:save'](connectionInput(orderCriterion));
    await h['arge:agreement-save']({ connectionId: id, agreement: agreementExample });
    return { connectionId: id, billingunit: agreementExample.billingunit, periodTo: '2025-12-31' };
  }

  const recordsOf = (fileId: string): ReadRecord[] => {
    const file = context.files.get(fileId)!;
    const read = readArgeFile(file.bytes, file.name);
    expect(read.issues).toEqual([]);
    return read.records;
  };

  it('lists the property with the connection’s customer number and serves a template built from the agreement', async () => {
    const where = await connectionWithAgreement('unit');
    const h = context.handlers;
    const units = await h['overview:open-periods']({ connectionId: where.connectionId });
    expect(units.periods.map((p) => [p.billingunit, p.period.to, p.period.status])).toContainEqual([
      '700100',
      '2025-12-31',
      'OPEN',
    ]);
    const template = await h['templates:get'](where);
    expect(template.billingrecipients.map((r) => r.name)).toEqual(['Jana Krüger', 'Omar Haddad']);
    expect(template.costtypes.map((c) => c.key)).toEqual(['220', '236', '400']);
  });

  it('checks with the ARGE check and names what does not fit where the clerk typed it', async () => {
    const where = await connectionWithAgreement('unit');
    const h = context.handlers;
    const filled = fillFor(await h['templates:get'](where));
    filled.ancillaryinvoices[0]!.amounts.grossamount = '123456789.00';
    const outcome = await h['templates:check']({ ...where, filled });
    expect(outcome).toMatchObject({ result: 'messages' });
    if (outcome.result !== 'messages') return;
    expect(outcome.messages).toEqual([
      {
        type: 'ERROR',
        shortmessage: 'ARGE_TOO_LARGE',
        message:
          'Nebenkostenrechnung, Kostenart 236, vom 20.01.2025: Betrag brutto „123456789.00“ hat mehr als 8 Stellen vor dem Komma.',
        path: 'ancillaryinvoices[0]',
      },
    ]);
    expect(await h['templates:check']({ ...where, filled: fillFor(await h['templates:get'](where)) })).toEqual({
      result: 'passed',
    });
  });

  it('writes the files as the binding submission, lists them in the archive and offers them again', async () => {
    const where = await connectionWithAgreement('unit');
    const h = context.handlers;
    const filled = fillFor(await h['templates:get'](where));
    const outcome = await h['templates:submit']({ ...where, filled, ignoreWarnings: false });
    expect(outcome).toMatchObject({ status: 'commissioned', confirmedBy: 'reply' });
    if (outcome.status !== 'commissioned') return;
    expect(outcome.files?.map((f) => f.name)).toEqual([
      expect.stringMatching(/^DTM305_\d{14}\.DAT$/),
      expect.stringMatching(/^DTK305_\d{14}\.DAT$/),
    ]);

    const [summary] = await h['archive:list']({ connectionId: where.connectionId });
    expect(summary).toMatchObject({ action: 'SEND', billingunit: '700100', periodTo: '2025-12-31', result: 'commissioned' });
    const entry = await h['archive:read']({ connectionId: where.connectionId, id: summary!.id });
    const listed = entry?.result.kind === 'commissioned' ? (entry.result.files ?? []) : [];
    expect(listed).toHaveLength(2);
    for (const f of listed) {
      const again = await h['arge:written-file']({
        connectionId: where.connectionId,
        transactionid: outcome.transactionid,
        name: f.name,
      });
      const bytes = context.files.get(again.fileId)!.bytes;
      expect([again.name, again.size, createHash('sha256').update(bytes).digest('hex')]).toEqual([f.name, f.size, f.sha256]);
    }
    const dtm = await h['arge:written-file']({
      connectionId: where.connectionId,
      transactionid: outcome.transactionid,
      name: listed[0]!.name,
    });
    const m = recordsOf(dtm.fileId).filter((r) => r.type === 'M');
    expect(m.map((r) => [r.values.customerNumber, r.values.mscKey, r.values.mscReference, r.values.pmReference])).toEqual([
      ['0000004711', '33', '0007001000001', 'WE-01'],
      ['0000004711', '33', '0007001000002', 'WE-02'],
    ]);

    // The period is done: its status says so, and a second submission writes nothing new.
    const periods = await h['periods:list']({ connectionId: where.connectionId, billingunit: '700100' });
    expect(periods[0]).toMatchObject({
      to: '2025-12-31',
      status: 'COMMISSIONED',
      lastsubmission: { transactionid: outcome.transactionid },
    });
    expect(await h['templates:submit']({ ...where, filled, ignoreWarnings: false })).toMatchObject({
      status: 'already-commissioned',
      transactionid: outcome.transactionid,
    });
  });

  it('puts the recipient’s partner number into M field 6 when the connection’s order criteria are partners', async () => {
    const where = await connectionWithAgreement('partner');
    const h = context.handlers;
    const filled = fillFor(await h['templates:get'](where));
    const exported = await h['arge:export']({ ...where, filled });
    expect(exported.ok).toBe(true);
    if (!exported.ok) return;
    const m = recordsOf(exported.files[0]!.fileId).filter((r) => r.type === 'M');
    expect(m.map((r) => [r.values.customerNumber, r.values.mscKey, r.values.pmReference])).toEqual([
      ['0000004711', '33', 'P-100'],
      ['0000004711', '33', 'P-200'],
    ]);
    const l = recordsOf(exported.files[0]!.fileId).find((r) => r.type === 'L');
    expect([l?.values.street, l?.values.city, l?.values.objectNumber]).toEqual(['Lindenstraße 7', 'Leipzig', 'OBJ-7']);
  });

  it('keeps the agreement, the users delivered by a tenant list and the written files across a restart', async () => {
    const where = await connectionWithAgreement('unit');
    const h0 = context.handlers;
    const unit = { connectionId: where.connectionId, billingunit: '700100', residentialunit: '0003' };
    // The tenant-list import saves a data set per unit and delivers it; here the agreement's store takes it.
    await h0['osr:save']({
      ...unit,
      roles: {
        partners: [{ partnerPmnumber: 'P-300', name: 'Berger', firstname: 'Tom', commercial: false }],
        billingcontracts: [
          { validfrom: '2025-09-01', vacancy: false, billingrecipient: { partnerPmnumber: 'P-300', owner: false } },
        ],
        consumptioninformationcontracts: [],
      },
    });
    await h0['osr:deliver'](unit);
    // The delivery goes through the workspace's outbox, as to an MSC; it ends once the store has accepted it.
    await expect
      .poll(
        async () =>
          (await h0['osr:records']({ connectionId: where.connectionId, billingunit: '700100' }))[0]?.delivered?.transactionid,
        {
          timeout: 10_000,
        },
      )
      .toMatch(/^OSR-/);
    const filled = fillFor(await context.handlers['templates:get'](where));
    await context.handlers['templates:submit']({ ...where, filled, ignoreWarnings: false });
    await context.close();

    context = open();
    const h = context.handlers;
    expect((await h['arge:agreements']({ connectionId: where.connectionId })).map((a) => a.agreement)).toEqual([
      agreementExample,
    ]);
    const template = await h['templates:get'](where);
    expect(template.billingrecipients.map((r) => [r.residentialunitMscnumber, r.name, r.validfrom])).toEqual([
      ['0001', 'Jana Krüger', '2025-01-01'],
      ['0002', 'Omar Haddad', '2025-04-01'],
      ['0003', 'Tom Berger', '2025-09-01'],
    ]);
    const periods = await h['periods:list']({ connectionId: where.connectionId, billingunit: '700100' });
    expect(periods[0]?.status).toBe('COMMISSIONED');
  });

  it('refuses an agreement that does not hold together and an API connection’s agreements', async () => {
    const h = context.handlers;
    const { id } = await h['connections:save'](connectionInput('unit'));
    await expect(
      h['arge:agreement-save']({ connectionId: id, agreement: { ...agreementExample, distributionkeys: ['010'] } }),
    ).rejects.toMatchObject({ appError: { code: 'VALIDATION' } });
    expect(await h['arge:agreements']({ connectionId: id })).toEqual([]);
    await expect(h['arge:agreements']({ connectionId: 'demo' })).rejects.toMatchObject({ appError: { code: 'VALIDATION' } });
  });
});

describe('agreement store', () => {
  it('sets a damaged agreement aside and keeps the others; a changed written file is not offered', async () => {
    const dir = await tempDir('kb-agreements-');
    try {
      const store = await openAgreementStore(dir);
      await store.save(agreementExample);
      await store.save({ ...agreementExample, billingunit: '700200' });
      const set = await store.writeFiles('700100', '2025-12-31', [
        { name: 'DTM305_20260101000000.DAT', bytes: new Uint8Array([77, 13, 10]) },
      ]);
      await expect(store.writeFiles('700100', '2025-12-31', [{ name: 'X.DAT', bytes: new Uint8Array(1) }])).rejects.toMatchObject(
        {
          appError: { code: 'CONFLICT' },
        },
      );
      await writeFile(join(dir, 'vereinbarungen', '700200.json'), '{"agreement": {', 'utf8');
      await writeFile(join(dir, 'dateien', set.transactionid, 'DTM305_20260101000000.DAT'), 'changed');

      const again = await openAgreementStore(dir);
      expect(again.list().map((a) => a.agreement.billingunit)).toEqual(['700100']);
      expect(again.problems()).toHaveLength(1);
      expect((await readdir(join(dir, 'vereinbarungen'))).some((n) => n.startsWith('700200.json.corrupt-'))).toBe(true);
      expect(again.written('700100').get('2025-12-31')?.files).toEqual(set.files);
      expect(await again.readFile(set.transactionid, 'DTM305_20260101000000.DAT')).toBeUndefined();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

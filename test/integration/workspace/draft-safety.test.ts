/**
 * Draft safety through the real handlers on the embedded demo MSC: the revision a test check ran on is kept and
 * can be restored as a new revision (kept keys included), and a new draft starts from the archived submission of
 * the previous period (issue 11, items 6 and 7).
 */
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DraftContent } from '@shared/domain/workspace';
import { createAppContext, type AppContext } from '@main/app/app-context';
import { OPERATOR_PREFIX } from '@main/sandbox/routes-operator';
import { demoSubmission } from '@test/integration/sandbox/demo-submission';
import { tempDir } from '@test/unit/ipc/helpers';

const on = { connectionId: 'demo' };
const UNIT = '100200301';
const where = { ...on, billingunit: UNIT, periodTo: '2025-12-31' };
const lastYear = { ...on, billingunit: UNIT, periodTo: '2024-12-31' };

describe('draft safety on the demo MSC', () => {
  let context: AppContext;
  let dir = '';

  beforeAll(async () => {
    dir = await tempDir('kb-draft-safety-');
    context = createAppContext({ mode: 'browser', version: '1.0.0', userDataDir: dir, log: () => undefined });
  });
  afterAll(async () => {
    await context.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps the revision a test check ran on and restores it as a new revision', async () => {
    const h = context.handlers;
    const filled = demoSubmission(await h['templates:get'](where));
    const kept: DraftContent = {
      ...filled,
      importedfiles: [{ sha256: 'a'.repeat(64), name: 'Buchungen.xlsx', at: '2025-03-01T08:00:00.000Z' }],
    };
    const checkedDraft = await h['drafts:save']({
      ...on,
      draft: { billingunit: UNIT, periodTo: where.periodTo, content: kept },
      expectedRevision: 0,
    });
    expect(await h['drafts:checked-snapshot'](where)).toBeNull();

    await h['templates:check']({ ...where, filled });
    expect(await h['drafts:checked-snapshot'](where)).toMatchObject({ revision: checkedDraft.revision });

    // The clerk spoils the draft afterwards; a check of other content than the draft's keeps nothing new.
    const spoilt = { ...kept, ancillaryinvoices: [] };
    const edited = await h['drafts:save']({
      ...on,
      draft: { billingunit: UNIT, periodTo: where.periodTo, content: spoilt },
      expectedRevision: 1,
    });
    await h['templates:check']({ ...where, filled });
    await h['templates:check']({ ...where, filled: { ...filled, heatingsysteminvoices: [] } });
    expect(await h['drafts:checked-snapshot'](where)).toMatchObject({ revision: 1 });

    await expect(h['drafts:restore-checked']({ ...where, expectedRevision: 1 })).rejects.toMatchObject({
      appError: { code: 'CONFLICT' },
    });
    const restored = await h['drafts:restore-checked']({ ...where, expectedRevision: edited.revision });
    expect(restored.revision).toBe(3);
    expect(restored.content).toEqual(kept);
    expect((await h['drafts:get'](where))?.content.importedfiles).toEqual(kept.importedfiles);

    // A check naming its draft revision keeps that revision while it is current, whatever text it was typed in.
    await h['templates:check']({ ...where, filled: { ...filled, heatingsysteminvoices: [] }, draftRevision: 2 });
    expect(await h['drafts:checked-snapshot'](where)).toMatchObject({ revision: 1 });
    await h['templates:check']({ ...where, filled: { ...filled, heatingsysteminvoices: [] }, draftRevision: 3 });
    expect(await h['drafts:checked-snapshot'](where)).toMatchObject({ revision: 3 });

    await h['drafts:discard']({ ...where, expectedRevision: 3 });
    expect(await h['drafts:checked-snapshot'](where)).toBeNull();
  });

  it('starts a new draft from the archived submission of the period before', async () => {
    const h = context.handlers;
    expect(await h['drafts:previous-submission'](where)).toBeNull();
    // Arrange: the demo's 2024 period is commissioned without a local archive entry; its operator reopens it and
    // the clerk submits it here, as a year ago.
    await h['periods:list']({ ...on, billingunit: UNIT });
    const demo = context.demo();
    if (!demo) throw new Error('the demo MSC did not start');
    const reopened = await fetch(`${demo.url}${OPERATOR_PREFIX}/period-status`, {
      method: 'POST',
      headers: { authorization: `Bearer ${demo.operatorToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ billingunitMscnumber: UNIT, to: lastYear.periodTo, status: 'OPEN' }),
    });
    expect(reopened.status).toBe(200);
    const submitted = demoSubmission(await h['templates:get'](lastYear));
    const outcome = await h['templates:submit']({ ...lastYear, filled: submitted, ignoreWarnings: true });
    expect(outcome.status).toBe('commissioned');

    // Act
    const previous = await h['drafts:previous-submission'](where);
    expect(previous).toMatchObject({ periodTo: lastYear.periodTo });
    expect(await h['drafts:previous-submission'](lastYear)).toBeNull();
    const draft = await h['drafts:from-previous'](where);

    // Assert: recipients with keys, closing stock as opening stock, cost types without amounts or dates.
    expect(draft.revision).toBe(1);
    const content = draft.content;
    expect(content.billingrecipients).toHaveLength(submitted.billingrecipients.length);
    const [first] = content.billingrecipients ?? [];
    expect(first).toMatchObject({ validfrom: '2025-01-01', validto: '2025-12-31' });
    expect(first?.allocations).toEqual(submitted.billingrecipients[0]?.allocations);
    expect(first).not.toHaveProperty('prepayments');
    const [source] = submitted.energysources;
    expect(content.energysources?.[0]?.openingstock).toEqual(
      source?.closingstock && { ...source.closingstock, date: '2025-01-01' },
    );
    expect(content.energysources?.[0]?.deliveries).toEqual([]);
    expect(content.ancillaryinvoices?.map((i) => i.cost?.key)).toEqual(submitted.ancillaryinvoices.map((i) => i.cost.key));
    for (const inv of [...(content.heatingsysteminvoices ?? []), ...(content.ancillaryinvoices ?? [])]) {
      expect(inv).not.toHaveProperty('amounts');
      expect(inv).not.toHaveProperty('invoicedate');
    }
    expect(content.fromprevious).toMatchObject({ periodTo: lastYear.periodTo });
    // Only a period without a draft starts from last year.
    await expect(h['drafts:from-previous'](where)).rejects.toMatchObject({ appError: { code: 'CONFLICT' } });
  });
});

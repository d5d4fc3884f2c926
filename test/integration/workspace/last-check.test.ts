/**
 * The check state of a draft revision through the real handlers on the embedded demo MSC (issue 11, item 5): a test
 * check names the draft revision it checked, is still there after a restart on the same data folder, and a binding
 * submission of a revision whose last check found errors is refused until a new check of a new revision passes.
 */
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FilledTemplate } from '@shared/msc/billing-input';
import { createAppContext, type AppContext } from '@main/app/app-context';
import { demoSubmission } from '@test/integration/sandbox/demo-submission';
import { tempDir } from '@test/unit/ipc/helpers';

const on = { connectionId: 'demo' };
const where = { ...on, billingunit: '100200302', periodTo: '2025-12-31' };

function withMix95(filled: FilledTemplate): FilledTemplate {
  const copy = structuredClone(filled);
  const delivery = copy.energysources[0]?.deliveries[0];
  if (!delivery) throw new Error('the demo template has no fuel delivery');
  delivery.energymix = [{ source: '04', share: '95.0' }];
  return copy;
}

describe('the last check of a draft revision', () => {
  const dirs: string[] = [];
  const contexts: AppContext[] = [];
  const start = (): AppContext => {
    const context = createAppContext({
      mode: 'browser',
      version: '1.0.0',
      userDataDir: dirs[0] ?? '',
      resourcesDir: dirs[1] ?? '',
      log: () => undefined,
    });
    contexts.push(context);
    return context;
  };

  beforeAll(async () => {
    dirs.push(await tempDir('kb-lastcheck-'), await tempDir('kb-lastcheck-resources-'));
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  it('survives a restart, blocks the submission of its revision while it has errors, and yields to a passing check', async () => {
    const h = start().handlers;
    const good = demoSubmission(await h['templates:get'](where));
    const bad = withMix95(good);
    const draft = await h['drafts:save']({
      ...on,
      draft: { billingunit: where.billingunit, periodTo: where.periodTo, content: bad },
      expectedRevision: 0,
    });
    expect(await h['drafts:last-check'](where)).toBeNull();

    const outcome = await h['templates:check']({ ...where, filled: bad, draftRevision: draft.revision });
    expect(outcome.result).toBe('messages');

    // A restart: a new app on the same data folder.
    await contexts[0]?.close();
    const after = start().handlers;
    const last = await after['drafts:last-check'](where);
    expect(last?.revision).toBe(draft.revision);
    expect(last?.outcome).toEqual(outcome);
    const codes = last?.outcome.result === 'messages' ? last.outcome.messages.map((m) => [m.type, m.shortmessage, m.path]) : [];
    expect(codes).toContainEqual(['ERROR', 'ENERGYMIX_SUM', 'energysources[0].deliveries[0].energymix']);

    await expect(
      after['templates:submit']({ ...where, filled: bad, ignoreWarnings: true, draftRevision: draft.revision }),
    ).rejects.toMatchObject({
      appError: { code: 'CONFLICT', key: 'send.checkHasErrors', params: { errors: 1 } },
    });
    // Nothing went out: the archive holds only the test check.
    expect((await after['archive:list'](on)).map((e) => [e.action, e.result])).toEqual([['VALIDATE', 'messages']]);

    const fixed = await after['drafts:save']({
      ...on,
      draft: { billingunit: where.billingunit, periodTo: where.periodTo, content: good },
      expectedRevision: draft.revision,
    });
    expect(await after['templates:check']({ ...where, filled: good, draftRevision: fixed.revision })).toEqual({
      result: 'passed',
    });
    expect((await after['drafts:last-check'](where))?.revision).toBe(fixed.revision);
    const sent = await after['templates:submit']({
      ...where,
      filled: good,
      ignoreWarnings: false,
      draftRevision: fixed.revision,
    });
    expect(sent.status).toBe('commissioned');
  });
});

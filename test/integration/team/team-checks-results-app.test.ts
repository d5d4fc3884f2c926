/**
 * Last checks and billing results between two desks through the app's real handlers (issue 23; issue 19): desk A's
 * check that found errors is shown on desk B and refuses B's binding submission of that revision; a clean check on B
 * lifts it on A; the result A's watcher fetched is on B's results screen, and B stops waiting for it.
 */
import { expect, it } from 'vitest';
import type { FilledTemplate } from '@shared/msc/billing-input';
import { demoSubmission } from '@test/integration/sandbox/demo-submission';
import { operatorApi } from '@test/integration/sandbox/helpers';
import { teamDesks } from '@test/support/team-desks';
import { describeOnPostgres, until as untilWithin } from '@test/support/team-tests';

/** This file's desks wait longer by default (20 s). */
const until = <T>(read: () => Promise<T> | T, ok: (v: T) => boolean, what: string, ms = 20_000) =>
  untilWithin(read, ok, what, ms);

const on = { connectionId: 'demo' };
const where = { ...on, billingunit: '100200302', periodTo: '2025-12-31' };

function withMix95(filled: FilledTemplate): FilledTemplate {
  const copy = structuredClone(filled);
  const delivery = copy.energysources[0]?.deliveries[0];
  if (!delivery) throw new Error('the demo template has no fuel delivery');
  delivery.energymix = [{ source: '04', share: '95.0' }];
  return copy;
}

describeOnPostgres('checks and results between desks', () => {
  const desks = teamDesks('kb-team-checks-');
  const cluster = () => desks.cluster();

  async function desk(url: string | null, clerk: string, dir?: string) {
    const { context, dir: userDataDir } = await desks.open(url, { clerk, dir });
    return { context, h: context.handlers, dir: userDataDir };
  }

  /** Submits the period bindingly, lets the desk's demo MSC bill it and fetches the result at once. */
  async function billed(d: Awaited<ReturnType<typeof desk>>, period: typeof where) {
    const filled = demoSubmission(await d.h['templates:get'](period));
    await d.h['templates:submit']({ ...period, filled, ignoreWarnings: true });
    const demo = d.context.demo();
    if (!demo) throw new Error('the demo MSC is not running');
    await operatorApi(demo.url, demo.operatorToken).post('/_operator/period-status', {
      billingunitMscnumber: period.billingunit,
      to: period.periodTo,
      status: 'BILLED',
    });
    return d.h['results:check-now'](period);
  }

  it("shows desk A's failed check on desk B and refuses B's submission of it; A's result is on B's screen", async () => {
    const url = await cluster().database('checks_results');
    const a = await desk(url, 'Frau Berger');
    const b = await desk(url, 'Herr Yilmaz');
    const good = demoSubmission(await a.h['templates:get'](where));
    const bad = withMix95(good);
    const period = { billingunit: where.billingunit, periodTo: where.periodTo };
    await a.h['drafts:save']({ ...on, draft: { ...period, content: bad }, expectedRevision: 0 });
    expect((await a.h['templates:check']({ ...where, filled: bad, draftRevision: 1 })).result).toBe('messages');

    const seen = await b.h['drafts:last-check'](where);
    expect(seen?.revision).toBe(1);
    const errors = seen?.outcome.result === 'messages' ? seen.outcome.messages.filter((m) => m.type === 'ERROR') : [];
    expect(errors.map((m) => m.shortmessage)).toEqual(['ENERGYMIX_SUM']);
    await expect(
      b.h['templates:submit']({ ...where, filled: bad, ignoreWarnings: true, draftRevision: 1 }),
    ).rejects.toMatchObject({ appError: { code: 'CONFLICT', key: 'send.checkHasErrors' } });

    // B corrects the draft and checks it cleanly; A sees that check and may submit.
    await b.h['drafts:save']({ ...on, draft: { ...period, content: good }, expectedRevision: 1 });
    expect((await b.h['templates:check']({ ...where, filled: good, draftRevision: 2 })).result).toBe('passed');
    expect(await a.h['drafts:last-check'](where)).toMatchObject({ revision: 2, outcome: { result: 'passed' } });
    expect(await a.h['templates:submit']({ ...where, filled: good, ignoreWarnings: true, draftRevision: 2 })).toMatchObject({
      status: 'commissioned',
    });

    // A's MSC bills the period; A fetches the result, and B's results screen has it without asking its own MSC.
    const demo = a.context.demo();
    if (!demo) throw new Error("desk A's demo MSC is not running");
    await operatorApi(demo.url, demo.operatorToken).post('/_operator/period-status', {
      billingunitMscnumber: where.billingunit,
      to: where.periodTo,
      status: 'BILLED',
    });
    const atA = await a.h['results:check-now'](where);
    expect(atA.stored).not.toBeNull();
    const atB = await until(
      () => b.h['results:get'](where),
      (r) => r.stored !== null && !r.awaited,
      "A's result on B, no longer awaited",
    );
    expect(atB.stored?.id).toBe(atA.stored?.id);
    expect(await b.h['results:list'](on)).toEqual([
      { billingunit: where.billingunit, periodTo: where.periodTo, storedAt: atA.stored?.storedAt },
    ]);
    const documentid = atB.stored?.documents[0]?.documentid ?? '';
    expect(await b.h['results:document']({ ...where, documentid })).toMatchObject({
      name: expect.stringMatching(/\.pdf$/) as unknown,
    });
  }, 90_000);

  it("takes a data folder's results and its drafts' last checks over with its drafts", async () => {
    const url = await cluster().database('takeover_results');
    const local = await desk(null, '');
    const good = demoSubmission(await local.h['templates:get'](where));
    const period = { billingunit: where.billingunit, periodTo: where.periodTo };
    await local.h['drafts:save']({ ...on, draft: { ...period, content: withMix95(good) }, expectedRevision: 0 });
    await local.h['templates:check']({ ...where, filled: withMix95(good), draftRevision: 1 });
    const other = { ...on, billingunit: '100200301', periodTo: '2025-12-31' };
    const stored = (await billed(local, other)).stored;
    expect(stored).not.toBeNull();
    await desks.close(local.context);

    const joined = await desk(url, 'Frau Berger', local.dir);
    expect(await joined.h['team:take-over'](on)).toMatchObject({ drafts: 1, draftsKept: 0, results: 1 });
    const b = await desk(url, 'Herr Yilmaz');
    expect(await b.h['drafts:last-check'](where)).toMatchObject({ revision: 1, outcome: { result: 'messages' } });
    const atB = await b.h['results:get'](other);
    expect(atB.stored?.id).toBe(stored?.id);
    expect(atB.stored?.documents).toEqual(stored?.documents);
    const documentid = stored?.documents[0]?.documentid ?? '';
    expect(await b.h['results:document']({ ...other, documentid })).toMatchObject({
      name: expect.stringMatching(/\.pdf$/) as unknown,
    });
  }, 90_000);
});

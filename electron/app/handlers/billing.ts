/**
 * Handlers of periods, templates, drafts and the archive. Every test check and submission is archived, and
 * announced as a `billing:checked` event (the desktop notification hangs on it); the policy of binding submissions
 * lives in the binding-submission service.
 */
import type { FilledTemplate } from '@shared/msc/billing-input';
import type { Handlers } from '@main/ipc/gate';
import type { EventHub } from '@main/ipc/events';
import type { Workspaces } from '@main/app/workspaces';
import type { Log } from '@main/app/app-context';
import { appError } from '@shared/domain/app-error';
import type { CheckOutcome } from '@shared/ipc/channels/billing';
import { createBindingSubmissions } from '@main/services/billing/binding-submission';
import type { ReconcileTiming } from '@main/services/billing/send-reconciler';
import { createRecorder, type Period } from '@main/services/billing/submission-record';
import { systemClock, type Clock } from '@main/services/workspace/clock';
import { draftFromSubmission, filledOf, previousSubmission } from '@main/services/workspace/draft-from-previous';

type BillingHandlers = Pick<Handlers, `${'periods' | 'templates' | 'drafts' | 'archive'}:${string}` & keyof Handlers>;

/** Tests shorten the follow-up of unclear SENDs and drive it with their own clock. */
export type BillingTiming = ReconcileTiming & { clock?: Clock };

export function billingHandlers(ws: Workspaces, hub: EventHub, log: Log, timing: BillingTiming = {}): BillingHandlers {
  const { clock = systemClock, ...reconcile } = timing;
  const record = createRecorder({
    archive: async (connectionId) => (await ws.workspace(connectionId)).archive,
    announce: (event) => {
      hub.emit('billing:checked', event);
    },
    log,
  });
  // A binding SEND whose request may still arrive is followed up until the period's status tells the outcome. It is
  // kept in the workspace meanwhile, so a restart resumes following it and still refuses a second submission.
  const submissions = createBindingSubmissions({
    client: (connectionId) => ws.client(connectionId),
    workspace: (connectionId) => ws.workspace(connectionId),
    record,
    log,
    clock,
    reconcile,
  });
  ws.observe({
    opened: (connectionId, workspace) => {
      submissions.resume(connectionId, workspace.pendingSends);
    },
    closing: () => {
      submissions.close();
    },
  });

  /**
   * Keeps the draft revision the MSC has just checked, so the clerk can return to it: the named `draftRevision`
   * (the editor converts typed values, so its submission need not equal the stored text), else the draft's current
   * revision when its content is what was sent. Either is kept only while still current (a later save wins).
   */
  async function keepChecked(p: Period, filled: FilledTemplate, draftRevision: number | undefined): Promise<void> {
    try {
      const { drafts } = await ws.workspace(p.connectionId);
      if (draftRevision !== undefined) {
        await drafts.markChecked(p.billingunit, p.periodTo, draftRevision);
        return;
      }
      const draft = await drafts.get(p.billingunit, p.periodTo);
      const same = draft && JSON.stringify(filledOf(draft.content)) === JSON.stringify(filled);
      if (draft && same) await drafts.markChecked(p.billingunit, p.periodTo, draft.revision);
    } catch (err) {
      log(`checked revision of ${p.billingunit}/${p.periodTo} not kept`, err);
    }
  }

  /** The last check of a draft revision, for `drafts:last-check`; failing to keep it must not fail the check. */
  async function keepLastCheck(p: Period, revision: number | undefined, outcome: CheckOutcome): Promise<void> {
    if (revision === undefined) return;
    try {
      await (await ws.workspace(p.connectionId)).checks.record({ ...periodOf(p), revision, outcome });
    } catch (err) {
      log(`last check of ${p.billingunit}/${p.periodTo} revision ${String(revision)} not kept`, err);
    }
  }

  return {
    'periods:list': async ({ connectionId, billingunit }) => (await ws.client(connectionId)).listBillingPeriods(billingunit),
    'templates:get': async ({ connectionId, billingunit, periodTo }) =>
      (await ws.client(connectionId)).getTemplate(billingunit, periodTo),
    'templates:check': async ({ filled, draftRevision, ...p }) => {
      let checked;
      try {
        checked = await (await ws.client(p.connectionId)).validate(p.billingunit, p.periodTo, filled);
      } catch (err) {
        return submissions.failed(p, 'VALIDATE', filled, err);
      }
      await keepChecked(p, filled, draftRevision);
      const outcome: CheckOutcome = checked.ok ? { result: 'passed' } : { result: 'messages', messages: checked.messages };
      await keepLastCheck(p, draftRevision, outcome);
      if (checked.ok) {
        await record(p, 'VALIDATE', filled, { kind: 'passed' });
        return outcome;
      }
      await record(p, 'VALIDATE', filled, { kind: 'messages', messages: checked.messages });
      return outcome;
    },
    'templates:submit': async (input) => {
      await ws.assertMaySend();
      return submissions.submit(input);
    },
    'drafts:list': async ({ connectionId }) => (await ws.workspace(connectionId)).drafts.list(),
    'drafts:get': async ({ connectionId, billingunit, periodTo }) =>
      (await (await ws.workspace(connectionId)).drafts.get(billingunit, periodTo)) ?? null,
    'drafts:save': async ({ connectionId, draft, expectedRevision }) =>
      (await ws.workspace(connectionId)).drafts.save(draft, expectedRevision),
    'drafts:last-check': async ({ connectionId, billingunit, periodTo }) => {
      const last = await (await ws.workspace(connectionId)).checks.get(billingunit, periodTo);
      return last ? { revision: last.revision, at: last.at, outcome: last.outcome } : null;
    },
    'drafts:discard': async ({ connectionId, billingunit, periodTo, expectedRevision }) => {
      await (await ws.workspace(connectionId)).drafts.discard(billingunit, periodTo, expectedRevision);
    },
    'drafts:checked-snapshot': async ({ connectionId, billingunit, periodTo }) =>
      (await (await ws.workspace(connectionId)).drafts.lastChecked(billingunit, periodTo)) ?? null,
    'drafts:restore-checked': async ({ connectionId, billingunit, periodTo, expectedRevision }) =>
      (await ws.workspace(connectionId)).drafts.restoreChecked(billingunit, periodTo, expectedRevision),
    'drafts:previous-submission': async ({ connectionId, billingunit, periodTo }) => {
      const found = previousSubmission((await ws.workspace(connectionId)).archive.list({ billingunit }), periodTo);
      return found ? { id: found.id, periodTo: found.periodTo, at: found.at } : null;
    },
    'drafts:from-previous': async ({ connectionId, billingunit, periodTo }) => {
      const { archive, drafts } = await ws.workspace(connectionId);
      const found = previousSubmission(archive.list({ billingunit }), periodTo);
      const entry = found && (await archive.read(found.id));
      const source = found && { id: found.id, periodTo: found.periodTo, at: found.at };
      const content = entry && source && draftFromSubmission(entry.request, source, periodTo);
      if (!content) {
        throw appError(
          'CONFLICT',
          { key: 'draft.noEarlierSubmission', params: { billingunit } },
          `Im Archiv ist keine lesbare Übermittlung eines früheren Zeitraums der Liegenschaft ${billingunit}.`,
        );
      }
      // Revision 0: only a period without a draft starts from last year; an existing one is a CONFLICT.
      return drafts.save({ billingunit, periodTo, content }, 0);
    },
    'archive:list': async ({ connectionId, billingunit, periodTo }) =>
      (await ws.workspace(connectionId)).archive.list({
        ...(billingunit === undefined ? {} : { billingunit }),
        ...(periodTo === undefined ? {} : { periodTo }),
      }),
    'archive:read': async ({ connectionId, id }) => (await (await ws.workspace(connectionId)).archive.read(id)) ?? null,
  };
}

const periodOf = ({ billingunit, periodTo }: Period) => ({ billingunit, periodTo });

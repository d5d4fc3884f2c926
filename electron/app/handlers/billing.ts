/**
 * Handlers of periods, templates, drafts and the archive. Every test check and submission is archived, and
 * announced as a `billing:checked` event (the desktop notification hangs on it).
 */
import type { ArchiveEntryInput, ArchiveResult } from '@shared/domain/workspace';
import type { Action, CheckMessage, FilledTemplate } from '@shared/msc/billing-input';
import type { Handlers } from '@main/ipc/gate';
import type { EventHub } from '@main/ipc/events';
import { toAppError } from '@main/ipc/errors';
import type { Workspaces } from '@main/app/workspaces';
import type { MscClient } from '@main/services/msc-client/index';
import type { Log } from '@main/app/app-context';
import { isSendOutcomeUnknown } from '@main/services/msc-client/index';
import { appError } from '@shared/domain/app-error';
import { createSendReconciler } from '@main/app/send-reconciler';
import type { SendReconcilerDeps } from '@main/app/send-reconciler';
import type { PendingSend } from '@main/services/workspace/pending-sends';
import type { CheckOutcome } from '@shared/ipc/channels/billing';
import { hasErrors } from '@main/services/workspace/check-states';
import { draftFromSubmission, filledOf, previousSubmission } from '@main/services/workspace/draft-from-previous';

type BillingHandlers = Pick<Handlers, `${'periods' | 'templates' | 'drafts' | 'archive'}:${string}` & keyof Handlers>;
type Period = { connectionId: string; billingunit: string; periodTo: string };

const DEFAULT_SETTLE_MS = 10 * 60_000;

export function billingHandlers(
  ws: Workspaces,
  hub: EventHub,
  log: Log,
  reconcile: Pick<SendReconcilerDeps, 'intervalMs' | 'settleAfterMs'> = {},
): BillingHandlers {
  /** The archive is our record; failing to write it must not turn a commissioned billing into an error. */
  async function record(
    p: Period,
    action: Action,
    request: ArchiveEntryInput['request'],
    result: ArchiveResult,
    acceptedWarnings?: CheckMessage[],
  ): Promise<void> {
    try {
      const { connectionId, ...where } = p;
      const accepted = acceptedWarnings === undefined ? {} : { acceptedWarnings };
      await (await ws.workspace(connectionId)).archive.append({ action, ...where, request, result, ...accepted });
    } catch (err) {
      log(`archive: ${action} for ${p.billingunit}/${p.periodTo} not recorded`, err);
    }
    const messages = result.kind === 'messages' ? result.messages : [];
    hub.emit('billing:checked', {
      ...p,
      action,
      result: result.kind,
      errors: count(messages, 'ERROR'),
      warnings: count(messages, 'WARNING'),
    });
  }

  async function failed(
    p: Period,
    action: Action,
    filled: FilledTemplate,
    err: unknown,
    accepted?: CheckMessage[],
  ): Promise<never> {
    const error = toAppError(err);
    const unclear = isSendOutcomeUnknown(error) && action !== 'VALIDATE';
    const startedAt =
      Date.parse((error.details as { attemptStartedAt?: string } | undefined)?.attemptStartedAt ?? '') || Date.now();
    // Kept before it is archived: from the moment the outcome is unclear, a second submission is refused.
    if (unclear) await keepPending(p, { action, startedAt: new Date(startedAt).toISOString(), request: filled }, accepted);
    await record(p, action, filled, { kind: 'failed', code: error.code, message: error.message });
    if (unclear) reconciler.watch({ ...p, startedAt });
    throw err;
  }

  async function keepPending(
    p: Period,
    send: Pick<PendingSend, 'action' | 'startedAt' | 'request'>,
    accepted: CheckMessage[] | undefined,
  ): Promise<void> {
    const { connectionId, ...where } = p;
    try {
      const pendingSends = (await ws.workspace(connectionId)).pendingSends;
      await pendingSends.put({ ...where, ...send, ...(accepted === undefined ? {} : { acceptedWarnings: accepted }) });
    } catch (err) {
      log(`unclear SEND of ${p.billingunit}/${p.periodTo} not stored: followed up only while the app runs`, err);
    }
  }

  // A binding SEND whose request may still arrive is followed up until the period's status tells the outcome. It is
  // kept in the workspace meanwhile, so a restart resumes following it and still refuses a second submission.
  const settleAfterMs = reconcile.settleAfterMs ?? DEFAULT_SETTLE_MS;
  const settleMinutes = String(Math.max(1, Math.round(settleAfterMs / 60_000)));
  const reconciler = createSendReconciler({
    ...reconcile,
    settleAfterMs,
    log,
    readPeriod: async (p) =>
      (await (await ws.client(p.connectionId)).listBillingPeriods(p.billingunit)).find((x) => x.to === p.periodTo),
    settle: async ({ startedAt: _s, ...p }, outcome) => {
      const pendingSends = (await ws.workspace(p.connectionId)).pendingSends;
      const sent = pendingSends.get(p.billingunit, p.periodTo);
      if (!sent) return;
      const { action, request, acceptedWarnings } = sent;
      if (outcome.kind === 'commissioned') {
        await record(p, action, request, { kind: 'commissioned', transactionid: outcome.transactionid }, acceptedWarnings);
      } else if (outcome.kind === 'earlier') {
        await record(p, action, request, { kind: 'failed', code: 'CONFLICT', message: 'Die Abrechnung war bereits beauftragt.' });
      } else {
        const message =
          `Die Abrechnung wurde NICHT beauftragt: Der Zeitraum ist beim Messdienst auch nach ${settleMinutes} Minuten noch offen. ` +
          'Die Übertragung ist nicht angekommen; Sie können jetzt erneut senden.';
        await record(p, action, request, { kind: 'failed', code: 'NETWORK', message });
      }
      // Only after the archive has it: a crash in between archives the outcome twice rather than never.
      await pendingSends.remove(p.billingunit, p.periodTo);
    },
  });
  ws.observe({
    opened: (connectionId, workspace) => {
      for (const s of workspace.pendingSends.list()) {
        reconciler.watch({ connectionId, billingunit: s.billingunit, periodTo: s.periodTo, startedAt: Date.parse(s.startedAt) });
      }
    },
    closing: () => {
      reconciler.close();
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

  /** A revision whose last test check found errors is not submitted bindingly; the clerk fixes them first. */
  async function refuseCheckedWithErrors(p: Period, revision: number): Promise<void> {
    // As with pending sends: a workspace that cannot be opened holds no check either and does not block.
    const last = await ws.workspace(p.connectionId).then(
      (w) => w.checks.get(p.billingunit, p.periodTo),
      () => undefined,
    );
    if (last?.revision !== revision || !hasErrors(last)) return;
    const n = last.outcome.result === 'messages' ? count(last.outcome.messages, 'ERROR') : 0;
    const error = appError(
      'CONFLICT',
      `Die Testprüfung dieses Entwurfsstands hat ${String(n)} Fehler gefunden. Bitte beheben Sie ` +
        'sie und prüfen Sie erneut, bevor Sie verbindlich übermitteln.',
      { errors: n, revision },
    );
    error.appError.key = 'send.checkHasErrors';
    error.appError.params = { errors: n };
    throw error;
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
        return failed(p, 'VALIDATE', filled, err);
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
    'templates:submit': async ({ filled, ignoreWarnings, draftRevision, ...p }) => {
      const action: Action = ignoreWarnings ? 'SEND_AND_IGNORE_WARNINGS' : 'SEND';
      if (draftRevision !== undefined) await refuseCheckedWithErrors(p, draftRevision);
      // A workspace that cannot be opened holds no pending SEND either; the submission is not blocked by it.
      const unclear = await ws.workspace(p.connectionId).then(
        (w) => w.pendingSends.get(p.billingunit, p.periodTo),
        () => undefined,
      );
      if (unclear) {
        const error = appError(
          'CONFLICT',
          'Die letzte Übermittlung für diesen Zeitraum wird noch geklärt: Ob sie beim Messdienst angekommen ist, steht in ' +
            'wenigen Minuten fest. Bitte senden Sie bis dahin nicht erneut.',
        );
        error.appError.key = 'send.pending';
        throw error;
      }
      let outcome;
      let accepted: CheckMessage[] | undefined;
      try {
        const client = await ws.client(p.connectionId);
        // The MSC accepts SEND_AND_IGNORE_WARNINGS without naming the warnings. A test check of the very same
        // submission right before (it stores nothing at the MSC) tells which ones the clerk accepted.
        if (ignoreWarnings) accepted = await warningsOf(client, p, filled);
        outcome = await client.send(p.billingunit, p.periodTo, filled, { ignoreWarnings });
      } catch (err) {
        return failed(p, action, filled, err, accepted);
      }
      if (outcome.status === 'rejected') await record(p, action, filled, { kind: 'messages', messages: outcome.messages });
      else if (outcome.status === 'commissioned')
        await record(p, action, filled, { kind: 'commissioned', transactionid: outcome.transactionid }, accepted);
      else
        await record(p, action, filled, { kind: 'failed', code: 'CONFLICT', message: 'Die Abrechnung war bereits beauftragt.' });
      return outcome;
    },
    'drafts:list': async ({ connectionId }) => (await ws.workspace(connectionId)).drafts.list(),
    'drafts:get': async ({ connectionId, billingunit, periodTo }) =>
      (await (await ws.workspace(connectionId)).drafts.get(billingunit, periodTo)) ?? null,
    'drafts:save': async ({ connectionId, draft, expectedRevision }) =>
      (await ws.workspace(connectionId)).drafts.save(draft, expectedRevision),
    'drafts:last-check': async ({ connectionId, billingunit, periodTo }) => {
      const last = (await ws.workspace(connectionId)).checks.get(billingunit, periodTo);
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

async function warningsOf(client: MscClient, p: Period, filled: FilledTemplate): Promise<CheckMessage[]> {
  let checked;
  try {
    checked = await client.validate(p.billingunit, p.periodTo, filled);
  } catch (err) {
    // A commissioned period refuses the test check too (409): the SEND after it tells the clerk "already commissioned".
    if (toAppError(err).code === 'CONFLICT') return [];
    throw err;
  }
  return checked.ok ? [] : checked.messages.filter((m) => m.type === 'WARNING');
}

const periodOf = ({ billingunit, periodTo }: Period) => ({ billingunit, periodTo });

function count(messages: readonly CheckMessage[], type: CheckMessage['type']): number {
  return messages.filter((m) => m.type === type).length;
}

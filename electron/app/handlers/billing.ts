/**
 * Handlers of periods, templates, drafts and the archive. Every test check and submission is archived, and
 * announced as a `billing:checked` event (the desktop notification hangs on it).
 */
import type { ArchiveResult } from '@shared/domain/workspace';
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

type BillingHandlers = Pick<Handlers, `${'periods' | 'templates' | 'drafts' | 'archive'}:${string}` & keyof Handlers>;
type Period = { connectionId: string; billingunit: string; periodTo: string };

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
    filled: FilledTemplate,
    result: ArchiveResult,
    acceptedWarnings?: CheckMessage[],
  ): Promise<void> {
    try {
      const { connectionId, ...where } = p;
      const accepted = acceptedWarnings === undefined ? {} : { acceptedWarnings };
      await (await ws.workspace(connectionId)).archive.append({ action, ...where, request: filled, result, ...accepted });
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
    await record(p, action, filled, { kind: 'failed', code: error.code, message: error.message });
    if (isSendOutcomeUnknown(error)) {
      const startedAt = Date.parse((error.details as { attemptStartedAt?: string }).attemptStartedAt ?? '') || Date.now();
      pending.set(keyOf(p), { action, filled, accepted });
      reconciler.watch({ ...p, startedAt });
    }
    throw err;
  }

  // A binding SEND whose request may still arrive is followed up until the period's status tells the outcome.
  const pending = new Map<string, { action: Action; filled: FilledTemplate; accepted: CheckMessage[] | undefined }>();
  const keyOf = (p: Period) => `${p.connectionId}/${p.billingunit}/${p.periodTo}`;
  const reconciler = createSendReconciler({
    ...reconcile,
    log,
    readPeriod: async (p) =>
      (await (await ws.client(p.connectionId)).listBillingPeriods(p.billingunit)).find((x) => x.to === p.periodTo),
    settle: async ({ startedAt: _s, ...p }, outcome) => {
      const sent = pending.get(keyOf(p));
      pending.delete(keyOf(p));
      if (!sent) return;
      const { action, filled, accepted } = sent;
      if (outcome.kind === 'commissioned') {
        await record(p, action, filled, { kind: 'commissioned', transactionid: outcome.transactionid }, accepted);
      } else if (outcome.kind === 'earlier') {
        await record(p, action, filled, { kind: 'failed', code: 'CONFLICT', message: 'Die Abrechnung war bereits beauftragt.' });
      } else {
        const message =
          'Die Abrechnung wurde NICHT beauftragt: Der Zeitraum ist beim Messdienst auch nach zehn Minuten noch offen. ' +
          'Die Übertragung ist nicht angekommen; Sie können jetzt erneut senden.';
        await record(p, action, filled, { kind: 'failed', code: 'NETWORK', message });
      }
    },
  });

  return {
    'periods:list': async ({ connectionId, billingunit }) => (await ws.client(connectionId)).listBillingPeriods(billingunit),
    'templates:get': async ({ connectionId, billingunit, periodTo }) =>
      (await ws.client(connectionId)).getTemplate(billingunit, periodTo),
    'templates:check': async ({ filled, ...p }) => {
      let checked;
      try {
        checked = await (await ws.client(p.connectionId)).validate(p.billingunit, p.periodTo, filled);
      } catch (err) {
        return failed(p, 'VALIDATE', filled, err);
      }
      if (checked.ok) {
        await record(p, 'VALIDATE', filled, { kind: 'passed' });
        return { result: 'passed' };
      }
      await record(p, 'VALIDATE', filled, { kind: 'messages', messages: checked.messages });
      return { result: 'messages', messages: checked.messages };
    },
    'templates:submit': async ({ filled, ignoreWarnings, ...p }) => {
      const action: Action = ignoreWarnings ? 'SEND_AND_IGNORE_WARNINGS' : 'SEND';
      if (pending.has(keyOf(p))) {
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
    'drafts:discard': async ({ connectionId, billingunit, periodTo, expectedRevision }) => {
      await (await ws.workspace(connectionId)).drafts.discard(billingunit, periodTo, expectedRevision);
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
  const checked = await client.validate(p.billingunit, p.periodTo, filled);
  return checked.ok ? [] : checked.messages.filter((m) => m.type === 'WARNING');
}

function count(messages: readonly CheckMessage[], type: CheckMessage['type']): number {
  return messages.filter((m) => m.type === type).length;
}

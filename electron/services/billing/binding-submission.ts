/**
 * The policy of binding submissions (SEND, SEND_AND_IGNORE_WARNINGS): a revision whose last test check found errors
 * is refused; while an earlier SEND of the period is unclear (its request may still reach the MSC) a second one is
 * refused; every outcome is archived; an unclear SEND is kept in the workspace and followed up by the reconciler
 * until the period's status tells how it ended, across restarts too. Plain Node with an injected clock, so it is
 * tested without Electron and without waiting.
 */
import type { Action, CheckMessage, FilledTemplate } from '@shared/msc/billing-input';
import { appError } from '@shared/domain/app-error';
import { toAppError } from '@main/ipc/errors';
import type { Log } from '@main/lib/log';
import type { MscClient } from '@main/services/msc-client/index';
import { isSendOutcomeUnknown, type SendOutcome } from '@main/services/msc-client/send-safely';
import type { Clock } from '@main/services/workspace/clock';
import { hasErrors } from '@main/services/workspace/check-states';
import type { Workspace } from '@main/services/workspace/workspace';
import type { PendingSend, PendingSends } from '@main/services/workspace/pending-sends';
import {
  DEFAULT_SETTLE_MS,
  createSendReconciler,
  type ReconcileTiming,
  type ReconciledOutcome,
  type WatchedSend,
} from '@main/services/billing/send-reconciler';
import { countOf, type Period, type RecordOutcome } from '@main/services/billing/submission-record';

export type SubmissionClient = Pick<MscClient, 'send' | 'validate' | 'listBillingPeriods'>;

export type BindingSubmissionDeps = {
  client: (connectionId: string) => Promise<SubmissionClient>;
  workspace: (connectionId: string) => Promise<Pick<Workspace, 'pendingSends' | 'checks'>>;
  record: RecordOutcome;
  log: Log;
  clock: Clock;
  reconcile?: ReconcileTiming;
};

export type SubmitInput = Period & { filled: FilledTemplate; ignoreWarnings: boolean; draftRevision?: number | undefined };

export type BindingSubmissions = {
  submit: (input: SubmitInput) => Promise<SendOutcome>;
  /** Archives a failed check or submission and rethrows; an unclear SEND is kept and followed up first. */
  failed: (p: Period, action: Action, filled: FilledTemplate, err: unknown, accepted?: CheckMessage[]) => Promise<never>;
  /**
   * Follows up the unclear SENDs a workspace kept from the last run, and those other desks leave unclear or stranded
   * while it is open (team database).
   */
  resume: (connectionId: string, pendingSends: Pick<PendingSends, 'list' | 'onStranded'>) => void;
  close: () => void;
};

export function createBindingSubmissions(deps: BindingSubmissionDeps): BindingSubmissions {
  const { clock, log, record } = deps;
  const settleAfterMs = deps.reconcile?.settleAfterMs ?? DEFAULT_SETTLE_MS;
  const settleMinutes = String(Math.max(1, Math.round(settleAfterMs / 60_000)));
  // A workspace that cannot be opened holds no pending SEND and no check either; the submission is not blocked by it.
  const workspaceOrNone = (connectionId: string) => deps.workspace(connectionId).catch(() => undefined);

  const reconciler = createSendReconciler({
    ...deps.reconcile,
    settleAfterMs,
    clock,
    log,
    readPeriod: async (p) =>
      (await (await deps.client(p.connectionId)).listBillingPeriods(p.billingunit)).find((x) => x.to === p.periodTo),
    settle: async ({ connectionId, billingunit, periodTo, startedAt }, outcome) => {
      const p = { connectionId, billingunit, periodTo };
      const pendingSends = (await deps.workspace(connectionId)).pendingSends;
      // On exactly one desk: in a team every desk may follow an unclear SEND, one of them archives how it ended.
      // Only the SEND this outcome was read for: a newer one of the period is followed on its own.
      await settleOnce(pendingSends, p, outcome, startedAt);
      // Settled here or elsewhere: should it still be there (a desk that began settling it died), it is found again.
      following.delete(keyOf(p));
    },
  });

  /** The SENDs this desk follows: a period is followed once, however often it is handed over. */
  const following = new Set<string>();
  const keyOf = (p: Period) => `${p.connectionId}/${p.billingunit}/${p.periodTo}`;
  const unsubscribes: (() => void)[] = [];
  function watch(p: WatchedSend): void {
    if (following.has(keyOf(p))) return;
    following.add(keyOf(p));
    reconciler.watch(p);
  }
  function watchStored(connectionId: string, s: PendingSend): void {
    const { billingunit, periodTo, lastSubmissionBefore: before } = s;
    const startedAt = Date.parse(s.startedAt);
    const baseline = before === undefined ? { startedAt } : { lastSubmissionBefore: before };
    watch({ connectionId, billingunit, periodTo, baseline, startedAt });
  }

  async function settleOnce(pendingSends: PendingSends, p: Period, outcome: ReconciledOutcome, startedAt: number): Promise<void> {
    const { billingunit, periodTo } = p;
    await pendingSends.settle(
      billingunit,
      periodTo,
      async ({ action, request, acceptedWarnings }) => {
        if (outcome.kind === 'commissioned') {
          await record(p, action, request, { kind: 'commissioned', transactionid: outcome.transactionid }, acceptedWarnings);
        } else if (outcome.kind === 'earlier') {
          await record(p, action, request, {
            kind: 'failed',
            code: 'CONFLICT',
            message: 'Die Abrechnung war bereits beauftragt.',
          });
        } else {
          const message =
            `Die Abrechnung wurde NICHT beauftragt: Der Zeitraum ist beim Messdienst auch nach ${settleMinutes} Minuten noch offen. ` +
            'Die Übertragung ist nicht angekommen; Sie können jetzt erneut senden.';
          await record(p, action, request, { kind: 'failed', code: 'NETWORK', message });
        }
      },
      startedAt,
    );
  }

  /** Kept before it is archived: from the moment the outcome is unclear, a second submission is refused. */
  async function keepPending(p: Period, send: Omit<PendingSend, 'billingunit' | 'periodTo'>): Promise<void> {
    const { connectionId, ...where } = p;
    try {
      await (await deps.workspace(connectionId)).pendingSends.put({ ...where, ...send });
    } catch (err) {
      log(`unclear SEND of ${p.billingunit}/${p.periodTo} not stored: followed up only while the app runs`, err);
    }
  }

  async function failed(
    p: Period,
    action: Action,
    filled: FilledTemplate,
    err: unknown,
    accepted?: CheckMessage[],
    openSince?: number,
    claimed = false,
  ): Promise<never> {
    const error = toAppError(err);
    const unclear = isSendOutcomeUnknown(error) && action !== 'VALIDATE';
    let watched: WatchedSend | undefined;
    if (unclear) {
      const details = error.details as { attemptStartedAt?: string; lastSubmissionBefore?: string | null } | undefined;
      const startedAt = Date.parse(details?.attemptStartedAt ?? '') || clock.now();
      const before = details?.lastSubmissionBefore;
      // Without the baseline (an error from elsewhere) the period is judged by the start time, as older versions did.
      const baseline = before === undefined ? { startedAt } : { lastSubmissionBefore: before };
      await keepPending(p, {
        action: action === 'SEND_AND_IGNORE_WARNINGS' ? action : 'SEND',
        startedAt: new Date(startedAt).toISOString(),
        ...(before === undefined ? {} : { lastSubmissionBefore: before }),
        request: filled,
        ...(accepted === undefined ? {} : { acceptedWarnings: accepted }),
      });
      watched = { ...p, baseline, startedAt, ...(openSince === undefined ? {} : { openSince }) };
    }
    await record(p, action, filled, { kind: 'failed', code: error.code, message: error.message });
    if (watched) watch(watched);
    else if (claimed) await release(p);
    throw err;
  }

  /** A revision whose last test check found errors is not submitted bindingly; the clerk fixes them first. */
  async function refuseCheckedWithErrors(p: Period, revision: number): Promise<void> {
    const last = await (await workspaceOrNone(p.connectionId))?.checks.get(p.billingunit, p.periodTo);
    if (last?.revision !== revision || !hasErrors(last)) return;
    const n = last.outcome.result === 'messages' ? countOf(last.outcome.messages, 'ERROR') : 0;
    throw appError(
      'CONFLICT',
      { key: 'send.checkHasErrors', params: { errors: n } },
      `Die Testprüfung dieses Entwurfsstands hat ${String(n)} Fehler gefunden. Bitte beheben Sie ` +
        'sie und prüfen Sie erneut, bevor Sie verbindlich übermitteln.',
      { errors: n, revision },
    );
  }

  /**
   * Claims the period for this SEND, on every desk of a team: refused while a SEND of it is on its way or unclear.
   * A workspace that cannot be opened holds no claim; the SEND then goes out unguarded, as before the claim existed.
   */
  async function claimPeriod(p: Period, action: Action, filled: FilledTemplate): Promise<boolean> {
    const pendingSends = (await workspaceOrNone(p.connectionId))?.pendingSends;
    if (!pendingSends) return false;
    const { connectionId: _c, ...where } = p;
    const send: PendingSend = {
      ...where,
      action: action === 'SEND_AND_IGNORE_WARNINGS' ? action : 'SEND',
      startedAt: new Date(clock.now()).toISOString(),
      ...(await lastSubmission(p)),
      request: filled,
    };
    if (await pendingSends.claim(send)) return true;
    throw appError(
      'CONFLICT',
      { key: 'send.pending' },
      'Die letzte Übermittlung für diesen Zeitraum wird noch geklärt: Ob sie beim Messdienst angekommen ist, steht in ' +
        'wenigen Minuten fest. Bitte senden Sie bis dahin nicht erneut.',
    );
  }

  /**
   * The period's last submission before this SEND, kept with the claim: should this desk die mid-SEND, whichever desk
   * reconciles the claim tells our commission from an earlier one by transaction id, not by two desks' clocks.
   */
  async function lastSubmission(p: Period): Promise<{ lastSubmissionBefore?: string | null }> {
    try {
      const periods = await (await deps.client(p.connectionId)).listBillingPeriods(p.billingunit);
      return { lastSubmissionBefore: periods.find((x) => x.to === p.periodTo)?.lastsubmission?.transactionid ?? null };
    } catch {
      // Unreadable now: the SEND reads it again itself; a reconciler would judge by the start time.
      return {};
    }
  }

  async function release(p: Period): Promise<void> {
    try {
      await (await deps.workspace(p.connectionId)).pendingSends.release(p.billingunit, p.periodTo);
    } catch (err) {
      log(`claim of ${p.billingunit}/${p.periodTo} not released: it runs out on its own`, err);
    }
  }

  return {
    failed: (p, action, filled, err, accepted) => failed(p, action, filled, err, accepted),
    async submit({ filled, ignoreWarnings, draftRevision, ...p }) {
      const action: Action = ignoreWarnings ? 'SEND_AND_IGNORE_WARNINGS' : 'SEND';
      if (draftRevision !== undefined) await refuseCheckedWithErrors(p, draftRevision);
      const claimed = await claimPeriod(p, action, filled);
      let outcome;
      let accepted: CheckMessage[] | undefined;
      let openSince: number | undefined;
      try {
        const client = await deps.client(p.connectionId);
        // The MSC accepts SEND_AND_IGNORE_WARNINGS without naming the warnings. A test check of the very same
        // submission right before (it stores nothing at the MSC) tells which ones the clerk accepted.
        if (ignoreWarnings) accepted = await warningsOf(client, p, filled);
        openSince = clock.monotonic();
        outcome = await client.send(p.billingunit, p.periodTo, filled, { ignoreWarnings });
      } catch (err) {
        return failed(p, action, filled, err, accepted, openSince, claimed);
      }
      if (outcome.status === 'rejected') await record(p, action, filled, { kind: 'messages', messages: outcome.messages });
      else if (outcome.status === 'commissioned')
        await record(
          p,
          action,
          filled,
          {
            kind: 'commissioned',
            transactionid: outcome.transactionid,
            ...(outcome.files === undefined ? {} : { files: outcome.files }),
          },
          accepted,
        );
      else
        await record(p, action, filled, { kind: 'failed', code: 'CONFLICT', message: 'Die Abrechnung war bereits beauftragt.' });
      // Released only once archived: another desk's second SEND meanwhile is refused rather than sent.
      if (claimed) await release(p);
      return outcome;
    },
    resume(connectionId, pendingSends) {
      for (const s of pendingSends.list()) watchStored(connectionId, s);
      const off = pendingSends.onStranded?.((s) => {
        watchStored(connectionId, s);
      });
      if (off) unsubscribes.push(off);
    },
    close: () => {
      for (const off of unsubscribes.splice(0)) off();
      reconciler.close();
    },
  };
}

async function warningsOf(client: SubmissionClient, p: Period, filled: FilledTemplate): Promise<CheckMessage[]> {
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

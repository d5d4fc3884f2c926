/**
 * Bills periods and keeps their results (docs/msc-results.md): on the operator's word or, with `billAfterMs`, by
 * itself that long after a binding submission. Results live in `dataDir/results/<billing unit>/<period end>.json`
 * (atomic writes), so a restart serves them again; `reset` removes them with the rest of the state.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { readJsonIfExists, writeJsonAtomic } from '@main/lib/atomic-file';
import type { KeyedSerial } from '@main/lib/keyed-serial';
import type { BillingResult } from '@shared/msc/billing-result';
import { formatGermanDate } from '@shared/domain/dates';
import type { FilledTemplate } from '@shared/msc/billing-input';
import type { SandboxState } from '@main/sandbox/state';
import type { WorldBillingUnit } from '@main/sandbox/world-types';
import type { WorldIndex } from '@main/sandbox/world-index';
import { periodOf } from '@main/sandbox/world-index';
import { ProblemError } from '@main/sandbox/problems';
import { withDeliveredRoles } from '@main/sandbox/osr-overlay';
import { billSubmission } from '@main/sandbox/billing/engine';
import { seededSubmission } from '@main/sandbox/billing/seed-fill';

const RESULTS_DIR = 'results';

export type BillingDeps = {
  dataDir: string;
  index: WorldIndex;
  state: SandboxState;
  lock: KeyedSerial;
  clock: () => Date;
  /** Bill a period by itself this long after its binding submission; undefined: only on the operator's word. */
  billAfterMs?: number;
};

export const periodLockKey = (billingunit: string, to: string): string => `period:${billingunit}/${to}`;

export class BillingService {
  private readonly cache = new Map<string, BillingResult>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(private readonly deps: BillingDeps) {}

  static async open(deps: BillingDeps, reset = false): Promise<BillingService> {
    if (reset) await rm(join(deps.dataDir, RESULTS_DIR), { recursive: true, force: true });
    return new BillingService(deps);
  }

  private file(billingunit: string, to: string): string {
    return join(this.deps.dataDir, RESULTS_DIR, billingunit, `${to}.json`);
  }

  async result(billingunit: string, to: string): Promise<BillingResult | undefined> {
    const key = `${billingunit}/${to}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const stored = (await readJsonIfExists(this.file(billingunit, to))) as BillingResult | undefined;
    if (stored) this.cache.set(key, stored);
    return stored;
  }

  /** The submission to bill: the archived one, or for the seed's own commissioned period the one it stands for. */
  private async submissionOf(bu: WorldBillingUnit, to: string): Promise<{ filled: FilledTemplate; transactionid: string }> {
    const wp = periodOf(bu, to);
    const last = this.deps.state.period(bu.billingunitMscnumber, to)?.lastsubmission ?? wp.period.lastsubmission;
    const period = `bis ${formatGermanDate(to)} der Liegenschaft ${bu.billingunitMscnumber}`;
    if (!last || !wp.template) {
      throw new ProblemError(
        409,
        `Der Abrechnungszeitraum ${period} wurde nie verbindlich übermittelt; abrechnen lässt er sich nicht.`,
      );
    }
    const archived = await this.deps.state.archived(bu.billingunitMscnumber, to, last.transactionid);
    if (archived) return { filled: archived.submission, transactionid: last.transactionid };
    if (wp.period.lastsubmission?.transactionid === last.transactionid) {
      return { filled: seededSubmission(bu, wp.template), transactionid: last.transactionid };
    }
    throw new ProblemError(409, `Die Übermittlung ${last.transactionid} für den Zeitraum ${period} fehlt im Archiv.`);
  }

  /** The submission a billed period was billed from (for the ARGE result files: its §35a invoices). */
  async billedFill(bu: WorldBillingUnit, to: string): Promise<FilledTemplate> {
    return (await this.submissionOf(bu, to)).filled;
  }

  /** Bills the period's last binding submission and marks it BILLED. The caller holds the period's lock. */
  async bill(bu: WorldBillingUnit, to: string): Promise<BillingResult> {
    const wp = periodOf(bu, to);
    const { filled, transactionid } = await this.submissionOf(bu, to);
    const template = wp.template;
    if (!template) throw new ProblemError(409, 'Ohne Schablone lässt sich nicht abrechnen.');
    // Names: the template's recipients, overlaid by what On-Site-Roles delivered since.
    const named = withDeliveredRoles(template, bu, this.deps.state);
    const result = billSubmission({
      billingunit: bu.billingunitMscnumber,
      template: { ...template, billingrecipients: [...template.billingrecipients, ...named.billingrecipients] },
      filled,
      transactionid,
      at: this.deps.clock(),
    });
    await writeJsonAtomic(this.file(bu.billingunitMscnumber, to), result);
    this.cache.set(`${bu.billingunitMscnumber}/${to}`, result);
    const prev = this.deps.state.period(bu.billingunitMscnumber, to);
    const lastsubmission = prev?.lastsubmission ?? wp.period.lastsubmission;
    await this.deps.state.putPeriod(bu.billingunitMscnumber, to, {
      status: 'BILLED',
      ...(lastsubmission ? { lastsubmission } : {}),
    });
    return result;
  }

  /** After a binding submission: bill by itself once `billAfterMs` has passed, if set. */
  afterCommission(billingunit: string, to: string, at: string): void {
    const after = this.deps.billAfterMs;
    if (after === undefined || this.closed) return;
    const wait = Math.max(0, Date.parse(at) + after - this.deps.clock().getTime());
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.billIfCommissioned(billingunit, to);
    }, wait);
    timer.unref();
    this.timers.add(timer);
  }

  /** On start: periods submitted here and still commissioned get their timer again. */
  resume(): void {
    for (const [key, p] of this.deps.state.allPeriods()) {
      const [billingunit = '', to = ''] = key.split('/');
      if (p.status === 'COMMISSIONED' && p.lastsubmission) this.afterCommission(billingunit, to, p.lastsubmission.at);
    }
  }

  private async billIfCommissioned(billingunit: string, to: string): Promise<void> {
    const bu = this.deps.index.byNumber.get(billingunit);
    if (!bu || this.closed) return;
    try {
      await this.deps.lock(periodLockKey(billingunit, to), async () => {
        if (this.deps.state.period(billingunit, to)?.status !== 'COMMISSIONED') return;
        await this.bill(bu, to);
      });
    } catch (err) {
      console.error(`Demo-Messdienst: Abrechnung ${billingunit}/${to} fehlgeschlagen`, err);
    }
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}

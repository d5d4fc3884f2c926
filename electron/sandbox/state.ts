/**
 * The demo MSC's changing state (setups, period states, submission archive) in `dataDir`, apart from HTTP.
 * The World is static seed data; this file only holds what clients changed, so restarts keep it and
 * `reset` starts fresh. Every write is atomic; concurrent saves are coalesced into one write each.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { readJsonIfExists, writeJsonAtomic } from '@main/lib/atomic-file';
import type { CheckMessage, FilledTemplate, PeriodStatus } from '@shared/msc/billing-input';
import type {
  AuxiliaryCriteria,
  OrderCriteriaFor,
  SetupResidentialUnit,
  SetupStatusCode,
  UnmatchedUnit,
  WithdrawnUnit,
} from '@shared/msc/billing-unit-data';
import type { OnSiteRoles } from '@shared/msc/on-site-roles';
import type { z } from 'zod';

export type MatchedPair = { residentialunitMscnumber: string; residentialunitPmnumber: string; positiontext?: string };
export type AdditionalEntry = { residentialunitMscnumber: string; positiontext: string };

export type SetupResult = { matched: MatchedPair[]; additional: AdditionalEntry[]; unmatched: UnmatchedUnit[] };

/** A sent unit that a person at the MSC has to assign. */
export type ManualItem = {
  residentialunitPmnumber: string;
  description?: string;
  auxiliarycriteria?: AuxiliaryCriteria;
  candidates: AdditionalEntry[];
  /** When the unit first needed a person (published as `manualwork[].since`). */
  since?: string;
};

/** What the operator decided for one sent unit: assign it to an MSC unit, or declare it not found. */
export type Resolution = { residentialunitMscnumber: string } | { reject: true };

export type SetupRecord = {
  transactionid: string;
  status: SetupStatusCode;
  receivedAt: string;
  lastupdate: string;
  billingunitPmnumber?: string;
  ordercriteriafor: z.infer<typeof OrderCriteriaFor>;
  /** All units sent so far; a re-send replaces units with the same order criterion and adds new ones. */
  units: SetupResidentialUnit[];
  resolutions: Record<string, Resolution>;
  manual: ManualItem[];
  result?: SetupResult;
  /** Units left out of a complete list (docs/msc-units.md); re-sending one re-instates it. */
  withdrawn?: WithdrawnUnit[];
  /** Since when units not sent again have waited for a person, kept across a re-send of other units. */
  manualSince?: Record<string, string>;
  /** A complete list whose parts are still arriving: the parts seen and every order criterion named meanwhile. */
  list?: { listid: string; parts: number; received: number[]; named: string[] };
};

export type PeriodState = { status: PeriodStatus; lastsubmission?: { transactionid: string; at: string } };

export type ArchivedSubmission = {
  transactionid: string;
  at: string;
  action: 'SEND' | 'SEND_AND_IGNORE_WARNINGS';
  clientId: string;
  billingunitMscnumber: string;
  billingperiodTo: string;
  messages: CheckMessage[];
  submission: FilledTemplate;
};

/** The last On-Site-Roles data set accepted for one usage unit (docs/msc-osr.md). */
export type OsrRecord = { transactionid: string; acceptedat: string; clientId: string; roles: OnSiteRoles };

type Persisted = {
  version: 1;
  setups: Record<string, SetupRecord>;
  periods: Record<string, PeriodState>;
  /** Absent in state files written before OSR existed. */
  onsiteroles?: Record<string, OsrRecord>;
};

const STATE_FILE = 'state.json';
const ARCHIVE_DIR = 'submissions';

export class SandboxState {
  private readonly setups: Map<string, SetupRecord>;
  private readonly periods: Map<string, PeriodState>;
  private readonly osr: Map<string, OsrRecord>;
  private dirty = false;
  private chain: Promise<void> = Promise.resolve();

  private constructor(
    private readonly dataDir: string,
    data: Persisted,
  ) {
    this.setups = new Map(Object.entries(data.setups));
    this.periods = new Map(Object.entries(data.periods));
    this.osr = new Map(Object.entries(data.onsiteroles ?? {}));
  }

  static async open(dataDir: string, reset = false): Promise<SandboxState> {
    if (reset) {
      await rm(join(dataDir, STATE_FILE), { force: true });
      await rm(join(dataDir, ARCHIVE_DIR), { recursive: true, force: true });
    }
    const file = join(dataDir, STATE_FILE);
    let raw: unknown;
    try {
      raw = await readJsonIfExists(file);
    } catch (err) {
      throw new Error(`Zustandsdatei ${file} ist beschädigt (${(err as Error).message}); mit --reset neu beginnen.`, {
        cause: err,
      });
    }
    const data = raw === undefined ? emptyState() : checkShape(raw, file);
    return new SandboxState(dataDir, data);
  }

  setup(billingunit: string): SetupRecord | undefined {
    return this.setups.get(billingunit);
  }

  allSetups(): [string, SetupRecord][] {
    return [...this.setups.entries()];
  }

  putSetup(billingunit: string, record: SetupRecord): Promise<void> {
    this.setups.set(billingunit, record);
    return this.save();
  }

  period(billingunit: string, to: string): PeriodState | undefined {
    return this.periods.get(periodKey(billingunit, to));
  }

  putPeriod(billingunit: string, to: string, state: PeriodState): Promise<void> {
    this.periods.set(periodKey(billingunit, to), state);
    return this.save();
  }

  onSiteRoles(billingunit: string, residentialunit: string): OsrRecord | undefined {
    return this.osr.get(periodKey(billingunit, residentialunit));
  }

  putOnSiteRoles(billingunit: string, residentialunit: string, record: OsrRecord): Promise<void> {
    this.osr.set(periodKey(billingunit, residentialunit), record);
    return this.save();
  }

  async archive(entry: ArchivedSubmission): Promise<void> {
    const file = join(
      this.dataDir,
      ARCHIVE_DIR,
      entry.billingunitMscnumber,
      entry.billingperiodTo,
      `${entry.transactionid}.json`,
    );
    await writeJsonAtomic(file, entry);
  }

  /** A binding submission from the archive, if this MSC received it. */
  async archived(billingunit: string, to: string, transactionid: string): Promise<ArchivedSubmission | undefined> {
    if (!/^[A-Za-z0-9-]+$/.test(transactionid)) return undefined;
    const file = join(this.dataDir, ARCHIVE_DIR, billingunit, to, `${transactionid}.json`);
    return (await readJsonIfExists(file)) as ArchivedSubmission | undefined;
  }

  allPeriods(): [string, PeriodState][] {
    return [...this.periods.entries()];
  }

  /** Resolves once the state as of this call is on disk. */
  save(): Promise<void> {
    this.dirty = true;
    const next = this.chain.then(async () => {
      if (!this.dirty) return;
      this.dirty = false;
      const snapshot: Persisted = {
        version: 1,
        setups: Object.fromEntries(this.setups),
        periods: Object.fromEntries(this.periods),
        onsiteroles: Object.fromEntries(this.osr),
      };
      await writeJsonAtomic(join(this.dataDir, STATE_FILE), snapshot);
    });
    this.chain = next.catch(() => undefined);
    return next;
  }

  flush(): Promise<void> {
    return this.chain;
  }
}

function periodKey(billingunit: string, to: string): string {
  return `${billingunit}/${to}`;
}

function emptyState(): Persisted {
  return { version: 1, setups: {}, periods: {} };
}

function checkShape(raw: unknown, file: string): Persisted {
  const r = raw as Partial<Persisted> | null;
  if (r?.version !== 1 || typeof r.setups !== 'object' || typeof r.periods !== 'object') {
    throw new Error(`Zustandsdatei ${file} hat ein unbekanntes Format; mit --reset neu beginnen.`);
  }
  return r as Persisted;
}

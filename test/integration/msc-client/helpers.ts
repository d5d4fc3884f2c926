/** The real demo MSC for client integration tests: a fresh data dir per sandbox, removed on close. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '@main/sandbox/index';
import type { SandboxOptions } from '@main/sandbox/index';
import { demoWorld } from '@main/sandbox/seed';
import type { World } from '@main/sandbox/world-types';
import { baseSubmission, baseTemplate } from '@test/fixtures/billing-input';
import type { FilledTemplate } from '@shared/msc/billing-input';

export type RunningSandbox = { url: string; operatorToken: string; close: () => Promise<void> };

export async function sandbox(opts: Omit<SandboxOptions, 'dataDir'> = {}): Promise<RunningSandbox> {
  const dir = await mkdtemp(join(tmpdir(), 'kb-msc-client-'));
  const s = await startSandbox({ dataDir: dir, ...opts });
  return {
    url: s.url,
    operatorToken: s.operatorToken,
    close: async () => {
      await s.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Billing unit whose open period carries the fixtures' consistent template, so a clean submission exists. */
export const CLEAN_BU = '100200302';
export const OPEN_TO = '2025-12-31';

/** The demo world, except that CLEAN_BU's open period uses the fixtures' template (which baseSubmission() passes). */
export function worldWithCleanPeriod(): World {
  const world = demoWorld();
  const bu = world.billingunits.find((b) => b.billingunitMscnumber === CLEAN_BU);
  const period = bu?.periods.find((p) => p.period.to === OPEN_TO);
  if (!period) throw new Error(`demo world lacks ${CLEAN_BU} / ${OPEN_TO}`);
  period.template = { ...baseTemplate(), billingunitMscnumber: CLEAN_BU };
  return world;
}

export function cleanSubmission(): FilledTemplate {
  return baseSubmission();
}

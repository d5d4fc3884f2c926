/**
 * Crash safety of the workspace: a child process writes outbox items, drafts and archive entries in a
 * tight loop and is killed with SIGKILL at a random moment, several rounds on the same folder. After
 * each kill the workspace must open cleanly with everything the child had acknowledged.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArchiveEntry, Draft, OutboxItem, TrackedSetup } from '@shared/domain/workspace';
import { createWorkspace } from '@main/services/workspace/workspace';

const CHILD = join(import.meta.dirname, '../../fixtures/workspace/crash-child.ts');
const ROUNDS = 6;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kb-crash-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

type Acknowledged = { outbox: Set<string>; drafts: Map<string, number>; archive: Set<string> };

/** Runs the child until it has acknowledged `writes` writes, then kills it without warning. */
async function runAndKill(writes: number, acked: Acknowledged): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dir], {
    cwd: process.cwd(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.on('exit', (_code, signal) => {
      resolve(signal);
    }),
  );
  let count = 0;
  for await (const line of createInterface({ input: child.stdout })) {
    const [kind, id, revision] = line.split(' ');
    if (kind === 'outbox') acked.outbox.add(id!);
    if (kind === 'draft') acked.drafts.set(id!, Math.max(Number(revision), acked.drafts.get(id!) ?? 0));
    if (kind === 'archive') acked.archive.add(id!);
    if (kind !== 'ready' && ++count >= writes) break;
    if (kind === 'ready' && writes === 0) break;
  }
  child.kill('SIGKILL');
  const signal = await exited;
  expect(signal, `child ended on its own: ${stderr}`).toBe('SIGKILL');
}

async function validateFolder<T>(sub: string, schema: z.ZodType<T>): Promise<{ data: number; leftovers: number }> {
  const names = await readdir(join(dir, sub)).catch(() => [] as string[]);
  const data = names.filter((n) => n.endsWith('.json'));
  for (const name of data) {
    const parsed = schema.safeParse(JSON.parse(await readFile(join(dir, sub, name), 'utf8')));
    expect(parsed.success, `${sub}/${name}`).toBe(true);
  }
  return { data: data.length, leftovers: names.length - data.length };
}

describe('workspace after SIGKILL', () => {
  it('keeps every acknowledged write intact across repeated kills', async () => {
    const acked: Acknowledged = { outbox: new Set(), drafts: new Map(), archive: new Set() };
    const sender = {
      sendSetup: () => Promise.reject(new Error('the check must not send')),
      getSetupStatus: () => Promise.reject(new Error('the check must not poll')),
    };
    for (let round = 0; round < ROUNDS; round++) {
      // Round 0 kills right after start-up (mid-resume); later rounds after a random number of writes.
      await runAndKill(round === 0 ? 0 : 5 + Math.floor(Math.random() * 40), acked);

      const ws = await createWorkspace({ dir, sender });
      expect(ws.problems()).toEqual([]);
      const outboxIds = new Set(ws.outbox.list().map((i) => i.id));
      for (const id of acked.outbox) expect(outboxIds.has(id), `outbox item ${id}`).toBe(true);
      const revisions = new Map(ws.drafts.list().map((d) => [`${d.billingunit}_${d.periodTo}`, d.revision]));
      for (const [key, rev] of acked.drafts) expect(revisions.get(key) ?? 0, `draft ${key}`).toBeGreaterThanOrEqual(rev);
      const archived = new Set(ws.archive.list().map((s) => s.id));
      for (const id of acked.archive) expect(archived.has(id), `archive ${id}`).toBe(true);
      for (const d of ws.drafts.list()) expect((await ws.drafts.get(d.billingunit, d.periodTo))?.revision).toBe(d.revision);
      await ws.close();

      // Opening removed temp files of interrupted writes; every remaining file is data and valid.
      const outbox = await validateFolder('outbox', OutboxItem);
      const drafts = await validateFolder('drafts', Draft);
      const archive = await validateFolder('archive', ArchiveEntry);
      await validateFolder('setups', TrackedSetup);
      expect([outbox.leftovers, drafts.leftovers, archive.leftovers]).toEqual([0, 0, 0]);
      expect([outbox.data, drafts.data, archive.data]).toEqual([outboxIds.size, revisions.size, archived.size]);
    }
    expect(acked.outbox.size).toBeGreaterThan(ROUNDS);
  }, 120_000);
});

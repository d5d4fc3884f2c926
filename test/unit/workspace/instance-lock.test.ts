import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  acquireInstanceLock,
  InstanceLockedError,
  LOCK_FILE,
  lockHolder,
  loopbackPage,
  procStart,
  type ProcessStart,
} from '@main/lib/instance-lock';

describe('the address a second desktop start offers to open', () => {
  it.each([
    ['http://127.0.0.1:5123/?token=abc', 'http://127.0.0.1:5123/?token=abc'],
    ['http://127.0.0.1:80@evil.example/', undefined],
    ['http://127.0.0.1.evil.example:5123/', undefined],
    ['https://127.0.0.1:5123/', undefined],
    ['file:///etc/passwd', undefined],
    ['javascript:alert(1)', undefined],
    ['nicht eine Adresse', undefined],
    [undefined, undefined],
  ])('%s → %s', (address, expected) => {
    expect(loopbackPage(address)).toBe(expected);
  });
});

describe('a lock whose pid the system gave to an unrelated process (issue 19, code health)', () => {
  let dir: string;
  let other: ChildProcess;
  const lockOf = (holder: Record<string, unknown>) =>
    writeFile(join(dir, LOCK_FILE), `${JSON.stringify({ startedAt: '2026-03-01T08:00:00.000Z', mode: 'browser', ...holder })}\n`);

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'kb-lock-'));
    // A live process that is no Kostenbrücke: the pid a crashed instance left behind, handed out again.
    other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    await new Promise((resolve) => other.once('spawn', resolve));
  });
  afterEach(async () => {
    other.kill();
    await rm(dir, { recursive: true, force: true });
  });

  it('reads the start of a process from the system where it can (Linux)', async () => {
    if (process.platform !== 'linux') return;
    expect(await procStart(other.pid ?? 0)).toMatch(/^\d+$/);
    expect(await procStart(other.pid ?? 0)).not.toBe(await procStart(process.pid));
  });

  it('takes over a lock whose pid runs but started at another time', async () => {
    await lockOf({ pid: other.pid, processStart: '1' });
    const start: ProcessStart = (pid) => Promise.resolve(pid === other.pid ? '987654' : '42');
    const lock = await acquireInstanceLock(dir, 'browser', undefined, start);
    const stored = JSON.parse(await readFile(lock.path, 'utf8')) as Record<string, unknown>;
    expect(stored).toMatchObject({ pid: process.pid, processStart: '42' });
    await lock.release();
  });

  it('is refused by a lock whose pid runs and started when the lock says, and by an older lock without the start', async () => {
    const start: ProcessStart = () => Promise.resolve('987654');
    await lockOf({ pid: other.pid, processStart: '987654' });
    await expect(acquireInstanceLock(dir, 'browser', undefined, start)).rejects.toBeInstanceOf(InstanceLockedError);
    await lockOf({ pid: other.pid });
    await expect(acquireInstanceLock(dir, 'browser', undefined, start)).rejects.toBeInstanceOf(InstanceLockedError);
  });

  it('with the real /proc: a reused pid does not block, the running holder does', async () => {
    if (process.platform !== 'linux') return;
    await lockOf({ pid: other.pid, processStart: '1' });
    const lock = await acquireInstanceLock(dir, 'browser');
    await lock.release();
    await lockOf({ pid: other.pid, processStart: await procStart(other.pid ?? 0) });
    await expect(lockHolder(dir)).resolves.toMatchObject({ pid: other.pid });
    await expect(acquireInstanceLock(dir, 'browser')).rejects.toBeInstanceOf(InstanceLockedError);
  });
});

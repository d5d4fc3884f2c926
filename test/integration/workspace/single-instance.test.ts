/**
 * Issue 19, item 9: two instances on one data folder overwrote each other's drafts, settings and outbox. The
 * second start is refused in German and English, naming the holder's pid and address; an instance killed with
 * SIGKILL leaves a lock behind that does not block the next start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startBrowserMode } from '@main/bridge/browser-mode';
import { InstanceLockedError } from '@main/lib/instance-lock';
import { ROOT_DIR } from '@main/app/paths';

let dir: string;
let child: ChildProcess | undefined;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kb-single-'));
});
afterEach(async () => {
  child?.kill('SIGKILL');
  child = undefined;
  await rm(dir, { recursive: true, force: true });
});

/** Browser mode in a child process on `dir`; resolves with its port once it listens. */
async function startChild(): Promise<{ child: ChildProcess; port: number }> {
  const started = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, '../../support/app-process.ts'), dir, join(dir, 'no-renderer')],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  child = started;
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: started.stdout }).once('line', resolve);
    started.once('exit', (code) => {
      reject(new Error(`the app exited with ${String(code)} before it was ready`));
    });
  });
  return { child: started, port: (JSON.parse(line) as { port: number }).port };
}

const options = () => ({ userDataDir: dir, rendererDir: join(dir, 'no-renderer'), version: 'test', credentialStore: null });

// Each test starts the app in a child process through tsx, which takes seconds on a busy machine.
describe('one instance per data folder', { timeout: 90_000 }, () => {
  it('refuses a second browser-mode start, naming the holding process and its address in German and English', async () => {
    const first = await startChild();

    const second = await startBrowserMode({ ...options(), log: () => undefined }).then(
      () => undefined,
      (err: unknown) => err,
    );

    expect(second).toBeInstanceOf(InstanceLockedError);
    const message = (second as Error).message;
    expect(message).toContain(`Kostenbrücke läuft bereits mit dem Datenordner ${dir}`);
    expect(message).toContain(`Kostenbrücke is already running on the data folder ${dir}`);
    expect(message).toContain(`Prozess ${String(first.child.pid)}`);
    expect(message).toContain(`http://127.0.0.1:${String(first.port)}/#token=`);
  });

  it('the CLI prints the refusal and exits non-zero', async () => {
    const first = await startChild();

    const cli = spawn(process.execPath, ['--import', 'tsx', join(ROOT_DIR, 'electron/bridge/web-cli.ts'), '--no-open'], {
      env: { ...process.env, APP_USER_DATA_DIR: dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    cli.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => cli.once('exit', resolve));

    expect(code).toBe(1);
    expect(stderr).toContain(`Kostenbrücke läuft bereits mit dem Datenordner ${dir}`);
    expect(stderr).toContain('is already running');
    expect(stderr).toContain(`process ${String(first.child.pid)}`);
    expect(stderr).toContain(`http://127.0.0.1:${String(first.port)}/`);
  });

  it('a lock left by a killed instance does not block the next start', async () => {
    const first = await startChild();
    const exited = new Promise((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGKILL');
    await exited;

    const next = await startBrowserMode({ ...options(), log: () => undefined });

    expect(next.bridge.port).toBeGreaterThan(0);
    await next.close();
    // Closing released the lock: a further start succeeds as well.
    const again = await startBrowserMode({ ...options(), log: () => undefined });
    await again.close();
  });
});

/**
 * Starts `team-desk.ts` as a process of its own (a desk a test can kill with SIGKILL) and talks to it over the IPC
 * channel of `fork`.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { DeskConfig } from '@test/support/team-desk';

export type DeskReply = { ok: boolean; value?: unknown; key?: string; message?: string };

export type DeskProcess = {
  child: ChildProcess;
  call: (message: Record<string, unknown>) => Promise<DeskReply>;
};

export function startDesk(config: DeskConfig): Promise<DeskProcess> {
  const child = fork(join(import.meta.dirname, 'team-desk.ts'), [JSON.stringify(config)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, (reply: DeskReply) => void>();
  let next = 0;
  return new Promise((resolve, reject) => {
    child.on('message', (message: DeskReply & { ready?: boolean; id?: number }) => {
      if (message.ready) {
        resolve({
          child,
          call: (request) =>
            new Promise((done) => {
              const id = ++next;
              waiting.set(id, done);
              child.send({ id, ...request });
            }),
        });
        return;
      }
      if (message.id !== undefined) waiting.get(message.id)?.(message);
      waiting.delete(message.id ?? -1);
    });
    child.once('exit', (code) => {
      // A killed desk answers nothing more: what was asked of it counts as not done.
      for (const done of waiting.values()) done({ ok: false, key: 'desk-gone' });
      waiting.clear();
      reject(new Error(`the desk exited with ${String(code)} before it was ready`));
    });
  });
}

/** SIGKILL: the desk ends without finishing, releasing or renewing anything. */
export async function killDesk(desk: DeskProcess): Promise<void> {
  if (desk.child.exitCode !== null || desk.child.signalCode !== null) return;
  const exited = new Promise((r) => desk.child.once('exit', r));
  desk.child.kill('SIGKILL');
  await exited;
}

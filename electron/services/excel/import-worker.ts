/**
 * Entry of the import worker thread (started by isolated-import.ts; the build emits it as its own file next to
 * main.js): runs the imports it is sent, one after the other, and posts each result back. Whatever a crafted
 * workbook does to this thread's heap or time ends here, not in the main process.
 */
import { parentPort, type MessagePort } from 'node:worker_threads';
import { runImportJob, type ImportJob, type ImportProgress } from '@main/services/excel/import-jobs';

/** `progress`: post progress messages while the import runs. */
export type WorkerRequest = { job: ImportJob; bytes: Uint8Array; file: string; progress?: boolean };
export type WorkerReply = { ok: true; result: unknown } | { ok: false; error: string };
/** Sent any number of times before the one reply. */
export type WorkerProgress = { progress: ImportProgress };

async function run({ job, bytes, file, progress }: WorkerRequest, port: MessagePort): Promise<WorkerReply> {
  try {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const report =
      progress === true
        ? (p: ImportProgress) => {
            port.postMessage({ progress: p } satisfies WorkerProgress);
          }
        : undefined;
    return { ok: true, result: await runImportJob(job, buffer, file, report) };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
}

const port = parentPort;
if (port) {
  port.on('message', (request: WorkerRequest) => {
    void run(request, port).then((reply) => {
      port.postMessage(reply);
    });
  });
}

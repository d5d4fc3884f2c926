/**
 * Entry of the import worker thread (started by isolated-import.ts; the build emits it as its own file next to
 * main.js): runs the imports it is sent, one after the other, and posts each result back. Whatever a crafted
 * workbook does to this thread's heap or time ends here, not in the main process.
 */
import { parentPort } from 'node:worker_threads';
import { runImportJob, type ImportJob } from '@main/services/excel/import-jobs';

export type WorkerRequest = { job: ImportJob; bytes: Uint8Array; file: string };
export type WorkerReply = { ok: true; result: unknown } | { ok: false; error: string };

async function run({ job, bytes, file }: WorkerRequest): Promise<WorkerReply> {
  try {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return { ok: true, result: await runImportJob(job, buffer, file) };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
}

const port = parentPort;
if (port) {
  port.on('message', (request: WorkerRequest) => {
    void run(request).then((reply) => {
      port.postMessage(reply);
    });
  });
}

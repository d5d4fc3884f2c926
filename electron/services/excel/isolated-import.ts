/**
 * Runs an import in a worker thread with a heap limit and a time limit, so that a crafted workbook can neither
 * block the main process's event loop nor take it down; whatever stops the worker becomes one clear German issue
 * naming the file and the limit. A worker that ran out of time or memory is thrown away; a healthy one waits a
 * short while for the next import, because starting one (loading exceljs) costs more than most imports.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { appError } from '@shared/domain/app-error';
import { IMPORT_LIMITS, type ImportIssue } from '@shared/domain/excel';
import type { Log } from '@main/lib/log';
import type { ImportJobs, ImportOp, ImportProgress } from '@main/services/excel/import-jobs';
import type { WorkerProgress, WorkerReply, WorkerRequest } from '@main/services/excel/import-worker';
import { workerFailed, workerOutOfMemory, workerTimedOut } from '@main/services/excel/xlsx-limits';

export type IsolationLimits = { heapMb: number; timeoutMs: number };
export type IsolationOptions = {
  limits?: IsolationLimits;
  log?: Log;
  /** Progress of the import as the worker reports it (rows read, the first rows). */
  onProgress?: (progress: ImportProgress) => void;
  /** Aborting stops the worker at once; the import then rejects with a CANCELLED error. */
  signal?: AbortSignal;
};

/** How long a healthy worker waits for the next import before it ends. */
const IDLE_MS = 30_000;

/**
 * The Vite build emits import-worker.js next to the chunk that holds this code (vite.main.config.ts). Source
 * runs (tsx, vitest) start the TypeScript entry through tsx's loader, registered inside the worker by a small
 * bootstrap: Node 20 ignores `--import` in a worker's execArgv.
 */
function workerScript(): { script: URL | string; eval: boolean } {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return { script: new URL('./import-worker.js', here), eval: false };
  // The ESM build of tsx's API: its CommonJS build registers the loader by a path that does not exist.
  const tsxDir = dirname(createRequire(here).resolve('tsx/package.json'));
  const tsx = pathToFileURL(join(tsxDir, 'dist', 'esm', 'api', 'index.mjs')).href;
  const tsconfig = fileURLToPath(new URL('../../../tsconfig.json', here));
  const entry = new URL('./import-worker.ts', here).href;
  const script = `import(${JSON.stringify(tsx)}).then((api) => {
    api.register({ tsconfig: ${JSON.stringify(tsconfig)} });
    return import(${JSON.stringify(entry)});
  });`;
  return { script, eval: true };
}

type Idle = { worker: Worker; heapMb: number; timer: NodeJS.Timeout };
let idle: Idle | undefined;

function takeWorker(heapMb: number): Worker {
  const kept = idle;
  idle = undefined;
  if (kept) {
    clearTimeout(kept.timer);
    if (kept.heapMb === heapMb) {
      kept.worker.ref();
      return kept.worker;
    }
    void kept.worker.terminate();
  }
  const { script, eval: isEval } = workerScript();
  const worker = new Worker(script, { eval: isEval, resourceLimits: { maxOldGenerationSizeMb: heapMb } });
  // An idle worker that fails has no import waiting on it; without a listener its error would be thrown here.
  worker.on('error', () => undefined);
  worker.on('exit', () => {
    if (idle?.worker === worker) {
      clearTimeout(idle.timer);
      idle = undefined;
    }
  });
  return worker;
}

function keepWorker(worker: Worker, heapMb: number): void {
  if (idle) {
    void worker.terminate();
    return;
  }
  worker.unref();
  const timer = setTimeout(() => {
    if (idle?.worker === worker) idle = undefined;
    void worker.terminate();
  }, IDLE_MS);
  timer.unref();
  idle = { worker, heapMb, timer };
}

/**
 * Starts a worker ahead of an import and keeps it as the idle one: loading exceljs takes a moment that the clerk
 * would otherwise wait for after choosing a file.
 */
export function prepareWorker(limits: IsolationLimits = IMPORT_LIMITS.worker): void {
  if (idle?.heapMb === limits.heapMb) return;
  keepWorker(takeWorker(limits.heapMb), limits.heapMb);
}

const cancelled = (): Error => appError('CANCELLED', { key: 'import.cancelled' }, 'Das Einlesen wurde abgebrochen.');

function failure<K extends ImportOp>(op: K, issue: ImportIssue): ImportJobs[K]['output'] {
  const failed = op === 'invoices' ? { ok: false, issues: [issue], accounts: [] } : { ok: false, issues: [issue] };
  return failed as ImportJobs[K]['output'];
}

/** One import of `bytes` (copied: the caller keeps its own) in a worker thread; rejects only when cancelled. */
export function importIsolated<K extends ImportOp>(
  op: K,
  input: ImportJobs[K]['input'],
  bytes: Uint8Array,
  file: string,
  opts: IsolationOptions = {},
): Promise<ImportJobs[K]['output']> {
  const { heapMb, timeoutMs } = opts.limits ?? IMPORT_LIMITS.worker;
  const copy = new Uint8Array(bytes);
  const { signal, onProgress } = opts;
  if (signal?.aborted === true) return Promise.reject(cancelled());
  const request = { job: { op, input }, bytes: copy, file, progress: onProgress !== undefined } as WorkerRequest;
  const worker = takeWorker(heapMb);
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (result: ImportJobs[K]['output'] | Error, healthy: boolean): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      if (healthy) keepWorker(worker, heapMb);
      else void worker.terminate();
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const onAbort = (): void => {
      finish(cancelled(), false);
    };
    const onMessage = (reply: WorkerReply | WorkerProgress): void => {
      if ('progress' in reply) onProgress?.(reply.progress);
      else if (reply.ok) finish(reply.result as ImportJobs[K]['output'], true);
      else {
        opts.log?.(`Excel-Import von „${file}“ gescheitert`, reply.error);
        finish(failure(op, workerFailed(file)), true);
      }
    };
    const onError = (err: Error & { code?: string }): void => {
      if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') finish(failure(op, workerOutOfMemory(file, heapMb)), false);
      else {
        opts.log?.(`Excel-Import von „${file}“: Worker gescheitert`, err);
        finish(failure(op, workerFailed(file)), false);
      }
    };
    const onExit = (code: number): void => {
      if (!settled) opts.log?.(`Excel-Import von „${file}“: Worker ohne Antwort beendet (${String(code)})`);
      finish(failure(op, workerFailed(file)), false);
    };
    const timer = setTimeout(() => {
      opts.log?.(`Excel-Import von „${file}“ nach ${String(timeoutMs)} ms abgebrochen`);
      finish(failure(op, workerTimedOut(file, Math.ceil(timeoutMs / 1000))), false);
    }, timeoutMs);
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    signal?.addEventListener('abort', onAbort);
    worker.postMessage(request, [copy.buffer]);
  });
}

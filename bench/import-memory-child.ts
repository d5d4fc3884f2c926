/**
 * Child of import-memory-bench.ts: the main process of the app as far as an import goes. Loads the import code,
 * notes its resident memory, runs the usage-unit import of the file given as argument the way the app does (worker
 * thread) and prints both peaks as JSON. Resident memory covers the worker thread as well.
 */
import { readFile } from 'node:fs/promises';
import { importIsolated } from '@main/services/excel/isolated-import';

const file = process.argv[2];
if (file === undefined) throw new Error('usage: import-memory-child <file.xlsx>');
const bytes = await readFile(file);
const idle = process.memoryUsage().rss;
let peak = idle;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 10);
const result = await importIsolated('units', {}, bytes, 'Großobjekt.xlsx');
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss, process.resourceUsage().maxRSS * 1024);
console.log(JSON.stringify({ idle, peak, ok: result.ok }));
process.exit(0);

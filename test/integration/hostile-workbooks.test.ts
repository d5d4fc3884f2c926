/**
 * Crafted workbooks through the three importers over the browser bridge (GitHub issue 14): a whole-sheet merge,
 * a 1 GiB theme, 1 GiB of shared strings and a flipped byte in a compressed part. Each must end in one clear
 * German error naming the file within 10 s, while the bridge keeps answering and the process stays under 1 GiB.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserMode, type BrowserMode } from '@main/bridge/browser-mode';
import { TOKEN_HEADER } from '@main/bridge/server';
import { invoiceWorkbook, usageUnitWorkbook } from '@test/fixtures/excel/workbooks';
import { raw } from '@test/unit/bridge/http-client';
import { flippedByte, sharedStringsBomb, themeBomb, wholeSheetMerge } from '@test/unit/excel/hostile-workbooks';

const GIB = 1024 * 1024 * 1024;

type Issue = { severity: string; code: string; message: string };
type Reply = { ok: boolean; value?: { ok: boolean; issues?: Issue[] }; error?: { code: string; message: string } };

let app: BrowserMode;
let base: string;
let headers: Record<string, string>;
const bases: Record<'units' | 'invoices' | 'template', Buffer> = {} as never;
let where: { connectionId: string; billingunit: string; periodTo: string };

async function call(channel: string, input?: unknown): Promise<Reply> {
  const body = JSON.stringify(input === undefined ? {} : { input });
  const reply = await raw(app.bridge.port, { method: 'POST', path: `/ipc/${channel}`, headers, body });
  expect(reply.status).toBe(200);
  return JSON.parse(reply.body) as Reply;
}

async function upload(name: string, bytes: Buffer): Promise<string> {
  const path = `/files/upload?name=${encodeURIComponent(name)}`;
  const reply = await raw(app.bridge.port, {
    method: 'POST',
    path,
    headers: { ...headers, 'Content-Type': 'application/octet-stream' },
    body: bytes,
  });
  expect(reply.status).toBe(200);
  return (JSON.parse(reply.body) as { fileId: string }).fileId;
}

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'kb-excel-hostile-'));
  const rendererDir = join(base, 'renderer');
  await mkdir(rendererDir, { recursive: true });
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Kostenbrücke</title>');
  app = await startBrowserMode({ userDataDir: join(base, 'data'), rendererDir, version: '1.0.0', log: () => undefined });
  const host = `127.0.0.1:${String(app.bridge.port)}`;
  headers = { Host: host, Origin: `http://${host}`, [TOKEN_HEADER]: app.bridge.token, 'Content-Type': 'application/json' };
  const periods = await call('periods:list', { connectionId: 'demo', billingunit: '100200301' });
  const [period] = periods.value as unknown as { to: string }[];
  if (!period) throw new Error('the demo MSC has no period for 100200301');
  where = { connectionId: 'demo', billingunit: '100200301', periodTo: period.to };
  const exported = (await call('excel:export-template', where)).value as unknown as { fileId: string };
  const download = await fetch(`http://${host}/files/download/${exported.fileId}`, {
    headers: { [TOKEN_HEADER]: app.bridge.token },
  });
  bases.template = Buffer.from(await download.arrayBuffer());
  bases.units = await usageUnitWorkbook();
  bases.invoices = await invoiceWorkbook();
}, 60_000);

afterAll(async () => {
  await app.close();
  await rm(base, { recursive: true, force: true });
});

const IMPORTERS = {
  units: { channel: 'excel:import-units', input: (fileId: string) => ({ connectionId: 'demo', fileId }) },
  invoices: { channel: 'excel:import-invoices', input: (fileId: string) => ({ ...where, fileId }) },
  template: { channel: 'excel:import-template', input: (fileId: string) => ({ ...where, fileId }) },
} as const;

const CASES = [
  {
    label: 'a merge over the whole sheet',
    build: wholeSheetMerge,
    code: 'LIMIT_EXCEEDED',
    says: /A1:XFD1048576; erlaubt sind verbundene Zellen nur bis Zeile/,
  },
  {
    label: 'a theme that inflates to 1 GiB',
    build: themeBomb,
    code: 'FILE_TOO_LARGE',
    says: /xl\/theme\/theme1\.xml.*höchstens 64 MB/,
  },
  {
    label: 'shared strings that inflate to 1 GiB',
    build: sharedStringsBomb,
    code: 'FILE_TOO_LARGE',
    says: /xl\/sharedStrings\.xml.*höchstens 64 MB/,
  },
  {
    label: 'a flipped byte in the compressed sheet',
    build: (b: Buffer) => flippedByte(b),
    code: 'FILE_CORRUPT',
    says: /beschädigt: Das Tabellenblatt/,
  },
  {
    label: 'a flipped byte in the compressed shared strings',
    build: (b: Buffer) => flippedByte(b, 'xl/sharedStrings.xml'),
    code: 'FILE_CORRUPT',
    says: /beschädigt: Der Teil „xl\/sharedStrings\.xml“/,
  },
] as const;

describe.each(Object.keys(IMPORTERS) as (keyof typeof IMPORTERS)[])('hostile workbooks through %s over the bridge', (kind) => {
  it.each(CASES)(
    '$label: one clear error within 10 s, the bridge answering meanwhile',
    async ({ build, code, says }) => {
      const name = `Feindlich ${kind}.xlsx`;
      const fileId = await upload(name, build(bases[kind]));
      let peak = process.memoryUsage().rss;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 50);
      try {
        const started = performance.now();
        const importing = call(IMPORTERS[kind].channel, IMPORTERS[kind].input(fileId));
        const info = await call('app:info');
        const infoMs = performance.now() - started;
        const reply = await importing;
        const importMs = performance.now() - started;

        expect(info).toMatchObject({ ok: true, value: { mode: 'browser' } });
        expect(infoMs).toBeLessThan(2_000);
        expect(importMs).toBeLessThan(10_000);
        expect(reply.ok).toBe(true);
        expect(reply.value?.ok).toBe(false);
        expect(reply.value?.issues).toHaveLength(1);
        const [issue] = reply.value?.issues ?? [];
        expect(issue).toMatchObject({ severity: 'error', code });
        expect(issue?.message).toContain(`„${name}“`);
        expect(issue?.message).toMatch(says);
      } finally {
        clearInterval(sampler);
      }
      expect(peak).toBeLessThan(GIB);
    },
    30_000,
  );
});

/**
 * The desktop app's way to ARGE result files (docs/arge.md, "In the app"): one native open dialog that allows
 * several files (D, E835, E898 and the PDFs picked together), through the same adapter main.ts puts over Electron's
 * `dialog` (`electronDialogs`). The dialog module is a stand-in that answers with real files the demo MSC wrote;
 * everything behind it — the IPC gate, the handlers, the stored result — is the app's own. The Electron window itself
 * is covered where the Electron binary is installed (test/e2e/electron.spec.ts).
 */
import { rm, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArgeResultsReply } from '@shared/msc/operator';
import type { Channel, Input, Output } from '@shared/ipc/contract';
import { createAppContext, type AppContext } from '@main/app/app-context';
import { electronDialogs, type ElectronDialogLike } from '@main/app/dialogs';
import { MAX_FILE_BYTES } from '@main/app/file-store';
import { createGate } from '@main/ipc/gate';
import { demoSubmission } from '@test/integration/sandbox/demo-submission';
import { ourFrame, tempDir, TRUST } from '@test/unit/ipc/helpers';

type OpenOptions = Parameters<ElectronDialogLike<string>['showOpenDialog']>[1];

/** Electron's dialog module as main.ts sees it: records what the app asked and answers with the next reply. */
function dialogModule() {
  const asked: { window: string; options: OpenOptions }[] = [];
  const replies: { canceled: boolean; filePaths: string[] }[] = [];
  const module: ElectronDialogLike<string> = {
    showOpenDialog: (window, options) => {
      asked.push({ window, options });
      return Promise.resolve(replies.shift() ?? { canceled: true, filePaths: [] });
    },
    showSaveDialog: () => Promise.resolve({ canceled: true }),
  };
  return { module, asked, replies };
}

describe('ARGE result files through the desktop open dialog', () => {
  const dialog = dialogModule();
  const dirs: string[] = [];
  let context: AppContext | undefined;
  let call: <C extends Channel>(channel: C, input: Input<C>) => Promise<Output<C>>;

  beforeAll(async () => {
    dirs.push(await tempDir('kb-arge-desktop-'), await tempDir('kb-arge-desktop-files-'));
    const app = createAppContext({
      mode: 'electron',
      version: '1.0.0',
      userDataDir: dirs[0] ?? '',
      log: () => undefined,
      dialogs: electronDialogs(dialog.module, () => 'main-window'),
    });
    context = app;
    const gate = createGate({ handlers: app.handlers, trust: TRUST });
    call = async (channel, input) => {
      const reply = await gate.call(ourFrame, channel, input);
      if (reply.kind !== 'result') throw new Error(`gate: ${reply.kind}`);
      if (!reply.result.ok) throw Object.assign(new Error(reply.result.error.message), { code: reply.result.error.code });
      return reply.result.value as Output<typeof channel>;
    };
  });
  afterAll(async () => {
    await context?.close();
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  it('asks once for several files and reads the picked D, E835, E898 and PDFs into the period', async () => {
    // Arrange: a submitted period the demo MSC billed, its result files in a folder of the clerk's
    const where = { connectionId: 'demo', billingunit: '100200301', periodTo: '2025-12-31' };
    const template = await call('templates:get', where);
    const filled = demoSubmission(template);
    expect((await call('templates:submit', { ...where, filled, ignoreWarnings: true })).status).toBe('commissioned');
    await call('demo:period-status', { ...where, status: 'BILLED' });
    const demo = context?.demo();
    if (!demo) throw new Error('no demo MSC');
    const res = await fetch(`${demo.url}/_operator/arge-results?billingunit=${where.billingunit}&to=${where.periodTo}`, {
      headers: { authorization: `Bearer ${demo.operatorToken}` },
    });
    const written = ArgeResultsReply.parse(await res.json()).files;
    const paths = written.map((f) => join(dirs[1] ?? '', f.name));
    await Promise.all(written.map((f, i) => writeFile(paths[i] ?? '', Buffer.from(f.base64, 'base64'))));
    dialog.replies.push({ canceled: false, filePaths: paths });

    // Act
    const picked = await call('arge-import:pick', { kind: 'results' });
    const outcome = await call('arge-import:results', { ...where, files: picked ?? [] });

    // Assert: one dialog on the app's window, several files allowed, ARGE files and PDFs offered
    expect(dialog.asked).toHaveLength(1);
    expect(dialog.asked[0]?.window).toBe('main-window');
    expect(dialog.asked[0]?.options.properties).toEqual(['openFile', 'multiSelections']);
    const offered = dialog.asked[0]?.options.filters.flatMap((f) => f.extensions.map((e) => e.toLowerCase()));
    expect(offered).toEqual(expect.arrayContaining(['dat', 'pdf']));
    expect(picked?.map((f) => f.name)).toEqual(written.map((f) => f.name));
    expect(outcome).toMatchObject({ ok: true, recipients: filled.billingrecipients.length, issues: [] });
    const stored = (await call('results:get', where)).stored;
    expect(stored?.origin?.files).toEqual(expect.arrayContaining(written.filter((f) => f.kind !== 'PDF').map((f) => f.name)));
    expect(stored?.documents.length).toBe(written.filter((f) => f.kind === 'PDF').length);
  });

  it('takes nothing when the clerk cancels, and refuses a file over the size limit before reading any', async () => {
    dialog.replies.push({ canceled: true, filePaths: [] });
    expect(await call('arge-import:pick', { kind: 'results' })).toBeNull();

    const big = join(dirs[1] ?? '', 'DTD305_TOO_BIG.DAT');
    await writeFile(big, '');
    await truncate(big, MAX_FILE_BYTES + 1);
    dialog.replies.push({ canceled: false, filePaths: [big] });
    await expect(call('arge-import:pick', { kind: 'results' })).rejects.toMatchObject({ code: 'VALIDATION' });
  });
});

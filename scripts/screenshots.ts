/**
 * Screenshots of screens in both languages, to look at them as a clerk would:
 *   npx tsx scripts/screenshots.ts [--out DIR] [--data DIR] [route …]   (routes like `/`, `/archiv`)
 * Starts browser mode on a fresh (or the given) data folder with the embedded demo MSC, opens each route in
 * Debian's Chromium at 1400×900 and writes `<out>/<lang>-<route>.png`. Not part of the tests.
 */
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { buildRenderer } from '@main/app/build';
import { RENDERER_DIR } from '@main/app/paths';
import { startBrowserMode } from '@main/bridge/browser-mode';
import { CHROMIUM_ARGS } from '../playwright.config';

const { values, positionals } = parseArgs({
  options: { out: { type: 'string', default: '/tmp/kb-shots' }, data: { type: 'string' }, 'no-build': { type: 'boolean' } },
  allowPositionals: true,
});
const routes = positionals.length > 0 ? positionals : ['/', '/liegenschaften', '/abrechnung', '/archiv', '/einstellungen'];
const out = values.out;
await mkdir(out, { recursive: true });
// A build folder of its own, so screenshots never overwrite a build another run is serving.
const rendererDir = values['no-build'] ? RENDERER_DIR : join(out, '.renderer');
if (!values['no-build']) await buildRenderer(rendererDir);
const userDataDir = values.data ?? (await mkdtemp(join(tmpdir(), 'kb-shots-')));
const app = await startBrowserMode({
  userDataDir,
  rendererDir,
  version: '0.0.0-shots',
  port: 0,
  log: () => undefined,
});
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(app.bridge.launchUrl);
  await page.locator('[data-app-state="ready"]').waitFor();
  for (const lang of ['de', 'en'] as const) {
    await app.context.handlers['preferences:update']({ language: lang });
    for (const route of routes) {
      await page.goto(`${app.bridge.launchUrl.split('#')[0] ?? ''}#${route}`);
      await page.reload();
      await page.locator('[data-app-state="ready"]').waitFor();
      await page.waitForTimeout(1500);
      const name = route.replace(/[^\w]+/g, '_').replace(/^_|_$/g, '') || 'uebersicht';
      await page.screenshot({ path: join(out, `${lang}-${name}.png`), fullPage: true });
      console.log(join(out, `${lang}-${name}.png`));
    }
  }
} finally {
  await browser.close();
  await app.close();
}

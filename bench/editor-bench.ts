/**
 * The editor with a large property, in browser mode and Chromium: a draft of 2,000 billing recipients × 5
 * distribution keys, (1) from navigating to its Nutzer step until the first grid row is visible, and (2) from
 * dispatching the paste of a column of 2,000 values until it is in the editor's state (the grid applies a paste as
 * one change, so the first row showing its pasted value means all 2,000 are in). The demo MSC has no property that
 * large, so the oil-heated demo property's template is enlarged on its way out of `templates:get`; the draft goes
 * through the real `drafts:save`. Run: npx tsx bench/editor-bench.ts [--recipients 2000] [--runs 3]
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import type { Template } from '@shared/msc/billing-input';
import type { DraftContent } from '@shared/domain/workspace';
import { inBrowserMode, timing } from './browser-runs';

const OPEN_TARGET_MS = 1000;
const PASTE_TARGET_MS = 500;
const UNIT = '100200302';
const PERIOD = '2025-12-31';

const { values } = parseArgs({
  options: { recipients: { type: 'string', default: '2000' }, runs: { type: 'string', default: '3' } },
});
const count = Number(values.recipients);
const runs = Math.max(1, Number(values.runs));
const countText = new Intl.NumberFormat('de-DE').format(count);

const nameOf = (i: number) => `Bench Nutzer ${String(i + 1)}`;

function enlarge(template: Template): Template {
  return {
    ...template,
    distributionkeys: [...template.distributionkeys, { key: '022', text: 'Wohnung' }],
    billingrecipients: Array.from({ length: count }, (_, i) => ({
      residentialunitMscnumber: String(i + 1).padStart(4, '0'),
      residentialunitPmnumber: `B-${String(i + 1)}`,
      partnerPmnumber: `P-B-${String(i + 1)}`,
      name: nameOf(i),
      validfrom: template.billingperiod.from,
      vacancy: false,
    })),
  };
}

function draftOf(template: Template): DraftContent {
  return {
    currency: template.currency,
    expectedvat: template.expectedvat,
    billingrecipients: template.billingrecipients.map((r) => ({
      residentialunitMscnumber: r.residentialunitMscnumber,
      residentialunitPmnumber: r.residentialunitPmnumber,
      partnerPmnumber: r.partnerPmnumber,
      validfrom: r.validfrom,
      validto: template.billingperiod.to,
      vacancy: false,
      allocations: template.distributionkeys.map((k) => ({ key: k.key, value: '65,5' })),
    })),
  };
}

const opens: number[] = [];
const pastes: number[] = [];
let connectionId = '';
await inBrowserMode(
  'editor',
  runs,
  {},
  {
    prepare: async (app) => {
      const { handlers } = app.context;
      const original = handlers['templates:get'];
      handlers['templates:get'] = async (input) => {
        const template = await original(input);
        return input.billingunit === UNIT && input.periodTo === PERIOD ? enlarge(template) : template;
      };
      const [connection] = await handlers['connections:list'](undefined);
      connectionId = connection?.id ?? '';
      const template = await handlers['templates:get']({ connectionId, billingunit: UNIT, periodTo: PERIOD });
      await handlers['drafts:save']({
        connectionId,
        draft: { billingunit: UNIT, periodTo: PERIOD, content: draftOf(template) },
        expectedRevision: 0,
      });
    },
    measure: async ({ page, baseUrl }) => {
      const t0 = performance.now();
      // Only the fragment changes: the hash router navigates within the running page, as a click in the menu does.
      await page.goto(`${baseUrl}#/abrechnung/${connectionId}/${UNIT}/${PERIOD}/erfassen/nutzer`);
      await page.getByText(nameOf(0), { exact: true }).waitFor();
      opens.push(performance.now() - t0);

      const grid = page.locator('[data-testid="editor-grid"][data-section="billingrecipients"]');
      const first = grid.getByLabel('010 – m² Wohnfläche, Zeile 1', { exact: true });
      // The step's message badges may still move the grid when the first click lands; then it is clicked again.
      for (let attempt = 0; ; attempt++) {
        await first.click({ force: true });
        const active = await grid
          .locator('.dsg-active-cell')
          .waitFor({ timeout: 1000 })
          .then(() => true)
          .catch(() => false);
        if (active) break;
        if (attempt === 10) throw new Error('the first distribution cell could not be selected');
      }
      const column = Array.from({ length: count }, (_, i) => `${String(i % 90)},25`).join('\n');
      // Measured inside the page: from dispatching the paste until the first row shows its pasted value.
      const elapsed = await page.evaluate(
        `(async () => {
        const input = document.querySelector('[aria-label="010 – m² Wohnfläche, Zeile 1"]');
        const t = new DataTransfer();
        t.setData('text/plain', ${JSON.stringify(column)});
        const t0 = performance.now();
        document.dispatchEvent(new ClipboardEvent('paste', { clipboardData: t, bubbles: true, cancelable: true }));
        for (;;) {
          await new Promise((r) => requestAnimationFrame(r));
          if (input && input.isConnected && input.value === '0,25') return performance.now() - t0;
          if (performance.now() - t0 > 30000) return -1;
        }
      })()`,
      );
      if (typeof elapsed !== 'number' || elapsed < 0) throw new Error('the pasted column did not arrive in the grid');
      pastes.push(elapsed);
    },
  },
);

timing(`editor: open Nutzer step (${countText} recipients × 5 keys) to first grid row`, opens, OPEN_TARGET_MS);
timing(`editor: paste a column of ${countText} values until applied`, pastes, PASTE_TARGET_MS);

/**
 * axe on what a clerk sees: serious and critical violations fail the test, with the rule and the elements named.
 * axe judges colours as they are at the moment it runs, so it waits for a settled screen first: no bridge call
 * under way (its answer would redraw), no transition or finite animation running (a dialog fading in has its
 * text at partial opacity), no element pressed. Without that the result depended on timing (issue 19, item 18).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import type { Page, Request } from '@playwright/test';

const bridgeCalls = new WeakMap<Page, Set<Request>>();

/**
 * Counts the page's bridge calls in flight (the event stream, open for good, does not count). The app fixture
 * watches from the start; a page first seen here is watched from now on.
 */
export function watchBridgeCalls(page: Page): Set<Request> {
  let calls = bridgeCalls.get(page);
  if (calls) return calls;
  const inFlight = new Set<Request>();
  calls = inFlight;
  bridgeCalls.set(page, inFlight);
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/ipc/')) inFlight.add(r);
  });
  const done = (r: Request) => {
    inFlight.delete(r);
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return calls;
}

/** True once two frames have passed with nothing moving and nothing pressed (runs in the page). */
const STILL_IN_PAGE = `new Promise((resolve) => {
  requestAnimationFrame(() => requestAnimationFrame(() => {
    const moving = document.getAnimations().filter((a) => {
      if (a.playState !== 'running' && a.playState !== 'pending') return false;
      // Spinners and skeletons loop for as long as they are shown; they never settle and hold no text.
      return a.effect === null || a.effect.getComputedTiming().endTime !== Infinity;
    });
    resolve(moving.length === 0 && document.querySelector(':active') === null);
  }));
})`;

/** Read again after the page was asked: a call may have started meanwhile. */
const idle = (calls: ReadonlySet<Request>): boolean => calls.size === 0;

export async function waitForSettledScreen(page: Page): Promise<void> {
  const calls = watchBridgeCalls(page);
  await expect
    .poll(async () => calls.size === 0 && (await page.evaluate(STILL_IN_PAGE)) === true && idle(calls), {
      message: 'the screen settles (no bridge call, transition or pressed element) before axe runs',
    })
    .toBe(true);
}

export async function expectNoSeriousA11yViolations(page: Page, include?: string): Promise<void> {
  await waitForSettledScreen(page);
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include !== undefined) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, serious.join('\n')).toEqual([]);
}

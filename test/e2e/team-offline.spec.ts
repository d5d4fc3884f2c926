/**
 * The editor of a team desk while its database is gone (issue 23, item 4): two browser-mode desks on one throw-away
 * PostgreSQL, desk A through a TCP relay the test cuts, desk B directly — so A loses the database while B keeps it.
 * The banner appears at once; what A's clerk types is kept in the window (the save state says so) across the steps;
 * on the database's return A saves by itself with the revision check, and B reads the typed values. When B saved the
 * same period meanwhile, A gets the conflict dialog naming B's clerk instead of overwriting B's stand.
 * Screenshots in German and English go to E2E_SHOTS (default: the test's output folder).
 */
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { expect, test } from '@test/e2e/fixtures';
import { expectNoSeriousA11yViolations } from '@test/e2e/axe';
import { editorPage } from '@test/e2e/pages/editor-page';
import { teamDatabase, type Desk } from '@test/e2e/team-desks';
import { startTcpProxy, type TcpProxy } from '@test/support/tcp-proxy';

const UNIT = '100200302';
const PERIOD = '2025-12-31';
const where = { connectionId: 'demo', billingunit: UNIT, periodTo: PERIOD };

test.describe('a team desk whose database goes away', () => {
  const team = teamDatabase('each');
  const proxies: TcpProxy[] = [];
  test.afterEach(async () => {
    for (const p of proxies.splice(0)) await p.close();
  });

  /** A desk in the editor of the period both desks work on. */
  async function openDesk(browser: Browser, rendererDir: string, url: string, clerk: string, language: 'de' | 'en') {
    const desk = await team.open(browser, rendererDir, url, clerk, language);
    await desk.page.goto(
      `${desk.app.bridge.launchUrl.split('#')[0] ?? ''}#/abrechnung/demo/${UNIT}/${PERIOD}/erfassen/brennstoffe`,
    );
    return desk;
  }

  /** Desk A reaches the database through a relay the test cuts; desk B directly. */
  async function twoDesks(browser: Browser, rendererDir: string, name: string, language: 'de' | 'en') {
    const url = new URL(await team.cluster().database(name));
    const proxy = await startTcpProxy(Number(url.port));
    proxies.push(proxy);
    const relayed = new URL(url);
    relayed.port = String(proxy.port);
    const a = await openDesk(browser, rendererDir, relayed.toString(), 'Frau Berger', language);
    const b = await openDesk(browser, rendererDir, url.toString(), 'Herr Yilmaz', language);
    return { a, b, proxy };
  }

  const savedDraft = (d: Desk) => d.app.context.handlers['drafts:get'](where);

  test('what the clerk types while the database is gone is kept across steps and saved on its return', async ({
    browser,
    rendererBuilt,
  }, testInfo) => {
    const shots = process.env.E2E_SHOTS ?? testInfo.outputDir;
    const { a, b, proxy } = await twoDesks(browser, rendererBuilt, 'offline_kept', 'de');
    const editor = editorPage(a.page);
    const calorific = editor.field('Heizwert (kWh je Liter)');
    await expect(calorific).toHaveValue('10,08');
    const deliveries = 'energysources[0].deliveries';
    await expect(editor.grid(deliveries)).toHaveAttribute('data-settled', 'true');

    // The database goes away: the banner says so at once, before anything was typed.
    await proxy.cut();
    const banner = a.page.getByTestId('team-offline');
    await expect(banner).toContainText('Team-Datenbank nicht erreichbar', { timeout: 3000 });
    await expect(b.page.getByTestId('team-offline')).toBeHidden();

    // The clerk types a delivery by keyboard and the calorific value.
    await editor.tabInto(deliveries);
    await a.page.keyboard.type('15.03.2025');
    await a.page.keyboard.press('Tab');
    await a.page.keyboard.type('1.500');
    await a.page.keyboard.press('Tab');
    await a.page.keyboard.type('2.380,00');
    await a.page.keyboard.press('Tab');
    await calorific.fill('10,40');
    await calorific.blur();
    await expect(editor.saveState).toHaveText('Lokal behalten – noch nicht gespeichert');

    // On to the next step: a heating invoice by keyboard.
    await editor.step('Heizungsbetriebskosten').click();
    const invoices = 'heatingsysteminvoices';
    await editor.typeInto(invoices, 'Rechnungsdatum', 1, '20.05.2025');
    await editor.typeInto(invoices, 'Brutto (€)', 1, '1.190,00');
    await a.page.keyboard.press('Enter');
    await expect(editor.total(`total-${invoices}`)).toContainText('1.190,00');
    await expect(editor.saveState).toHaveText('Lokal behalten – noch nicht gespeichert');
    await expect(banner).toBeVisible();
    // Said once, by the banner: the outbox's failed looks for work are no damaged file.
    await expect(a.page.getByTestId('storage-problems')).toBeHidden();
    await expectNoSeriousA11yViolations(a.page);
    await a.page.screenshot({ path: join(shots, 'team-offline-editor-de.png') });

    // Back and forth between the steps: nothing typed is lost, and nothing reached the database.
    await editor.step('Brennstoffe').click();
    await expect(editor.cell(deliveries, 'Rechnungsdatum', 1)).toHaveValue('15.03.2025');
    await expect(editor.cell(deliveries, 'Menge', 1)).toHaveValue('1.500');
    await expect(calorific).toHaveValue('10,4');
    await editor.step('Heizungsbetriebskosten').click();
    await expect(editor.cell(invoices, 'Rechnungsdatum', 1)).toHaveValue('20.05.2025');
    await expect(editor.total(`total-${invoices}`)).toContainText('1.190,00');
    expect(await savedDraft(b)).toBeNull();

    // The database comes back: the banner goes and the editor saves by itself, with the revision check.
    await proxy.restore();
    await expect(banner).toBeHidden({ timeout: 20_000 });
    await expect(editor.saveState).toHaveText('Gespeichert', { timeout: 20_000 });
    const saved = await savedDraft(b);
    expect(saved).toMatchObject({ revision: 1, updatedBy: 'Frau Berger' });
    expect(saved?.content.energysources?.[0]?.calorificvalue).toMatch(/^10\.4/);
    expect(saved?.content.energysources?.[0]?.deliveries?.[0]).toMatchObject({ invoicedate: '2025-03-15', quantity: '1500.000' });

    // Desk B opens the period and reads what A typed.
    await b.page.reload();
    const editorB = editorPage(b.page);
    await expect(editorB.field('Heizwert (kWh je Liter)')).toHaveValue('10,4');
    await expect(editorB.cell(deliveries, 'Rechnungsdatum', 1)).toHaveValue('15.03.2025');
    await editorB.step('Heizungsbetriebskosten').click();
    await expect(editorB.cell(invoices, 'Rechnungsdatum', 1)).toHaveValue('20.05.2025');
    await expect(editorB.total(`total-${invoices}`)).toContainText('1.190,00');
  });

  test('a stand another desk saved meanwhile leads to the conflict dialog on the return, not to an overwrite', async ({
    browser,
    rendererBuilt,
  }, testInfo) => {
    const shots = process.env.E2E_SHOTS ?? testInfo.outputDir;
    const { a, b, proxy } = await twoDesks(browser, rendererBuilt, 'offline_conflict', 'en');
    const editor = editorPage(a.page);
    const calorific = a.page.getByRole('textbox', { name: /calorific/i });
    await calorific.fill('10.20');
    await calorific.blur();
    await expect.poll(async () => (await savedDraft(b))?.revision).toBe(1);
    await expect(editor.saveState).toHaveText('Saved');

    await proxy.cut();
    const banner = a.page.getByTestId('team-offline');
    await expect(banner).toContainText('Team database not reachable', { timeout: 3000 });
    await calorific.fill('10.30');
    await calorific.blur();
    await expect(editor.saveState).toHaveText('Kept locally – not saved yet');
    await expect(a.page.getByTestId('storage-problems')).toBeHidden();
    await expectNoSeriousA11yViolations(a.page);
    await a.page.screenshot({ path: join(shots, 'team-offline-editor-en.png') });

    // Meanwhile desk B saves the same period on top of revision 1.
    const current = await savedDraft(b);
    const [source] = current?.content.energysources ?? [];
    if (!current || !source) throw new Error('no draft with an energy source');
    await b.app.context.handlers['drafts:save']({
      connectionId: 'demo',
      draft: {
        billingunit: UNIT,
        periodTo: PERIOD,
        content: { ...current.content, energysources: [{ ...source, calorificvalue: '10.500' }] },
      },
      expectedRevision: 1,
    });

    // Back: A's save based on revision 1 is refused and the dialog names B's clerk; B's stand is untouched.
    await proxy.restore();
    const dialog = a.page.getByRole('dialog', { name: 'Someone else saved this draft' });
    await expect(dialog).toContainText('Herr Yilmaz saved this draft on', { timeout: 20_000 });
    await expect(banner).toBeHidden();
    expect(await savedDraft(b)).toMatchObject({ revision: 2, updatedBy: 'Herr Yilmaz' });
    await expect(calorific).toHaveValue('10.3');
    await expectNoSeriousA11yViolations(a.page);
    await a.page.screenshot({ path: join(shots, 'team-offline-conflict-en.png') });

    // "Keep my version": A's value is saved on top of B's as revision 3.
    await dialog.getByRole('button', { name: 'Keep my version' }).click();
    await expect(editor.saveState).toHaveText('Saved');
    const after = await savedDraft(b);
    expect(after).toMatchObject({ revision: 3, updatedBy: 'Frau Berger' });
    expect(after?.content.energysources?.[0]?.calorificvalue).toMatch(/^10\.3/);
  });
});

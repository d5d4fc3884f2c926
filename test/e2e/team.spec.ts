/**
 * Two browser-mode desks with their own data folders on one throw-away PostgreSQL, joined as an administrator joins
 * them (KB_TEAM_DB): each clerk gives their name once; desk B sees desk A's draft appear and who has the period
 * open; B's save based on the older stand shows the conflict dialog naming A's clerk; the Archiv lists both clerks'
 * work; the database going away is said at once (issue 23). Screenshots in German and English go to
 * E2E_SHOTS (default: the test's output folder).
 */
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { expect, test } from '@test/e2e/fixtures';
import { expectNoSeriousA11yViolations } from '@test/e2e/axe';
import { archivePage } from '@test/e2e/pages/archive-page';
import { editorPage } from '@test/e2e/pages/editor-page';
import { demoSubmission } from '@test/integration/sandbox/demo-submission';
import { openTeamDesk, teamDatabase, type Desk } from '@test/e2e/team-desks';

const UNIT = '100200302';
const PERIOD = '2025-12-31';

test.describe('two desks on one team database', () => {
  // Two desks, two demo MSCs and a database on a shared machine: slower than one desk.
  test.setTimeout(360_000);

  const team = teamDatabase();

  const where = { connectionId: 'demo', billingunit: UNIT, periodTo: PERIOD };
  const savedDraft = (d: Desk) => d.app.context.handlers['drafts:get'](where);
  const savedCalorific = async (d: Desk) => (await savedDraft(d))?.content.energysources?.[0]?.calorificvalue ?? '';

  async function openDesk(browser: Browser, rendererDir: string, url: string, clerk: string): Promise<Desk> {
    const desk = team.keep(await openTeamDesk(browser, rendererDir, url, null));
    const { page } = desk;
    // Asked once: the name is what the archive and the other desks show.
    const question = page.getByRole('dialog', { name: 'Wie heißen Sie?' });
    await expect(question).toBeVisible();
    await question.getByRole('textbox', { name: 'Ihr Name' }).fill(clerk);
    await question.getByRole('button', { name: 'Weiter' }).click();
    await expect(question).toBeHidden();
    return desk;
  }

  test('B sees A draft appear, B conflicting save shows the dialog, the Archiv lists both clerks', async ({
    browser,
    rendererBuilt,
  }, testInfo) => {
    const shots = process.env.E2E_SHOTS ?? testInfo.outputDir;
    const url = await team.cluster().database('e2e');
    const a = await openDesk(browser, rendererBuilt, url, 'Frau Berger');
    const b = await openDesk(browser, rendererBuilt, url, 'Herr Yilmaz');
    const editorUrl = (d: Desk) =>
      `${d.app.bridge.launchUrl.split('#')[0] ?? ''}#/abrechnung/demo/${UNIT}/${PERIOD}/erfassen/brennstoffe`;

    // B opens the period first; A opens it too and changes the calorific value.
    await b.page.goto(editorUrl(b));
    const editorB = editorPage(b.page);
    const calorificB = editorB.field('Heizwert (kWh je Liter)');
    await expect(calorificB).toHaveValue('10,08');
    await a.page.goto(editorUrl(a));
    const editorA = editorPage(a.page);
    const calorificA = editorA.field('Heizwert (kWh je Liter)');
    await calorificA.fill('10,25');
    await calorificA.blur();
    await expect.poll(() => savedCalorific(a)).toMatch(/^10\.25/);

    // B sees A's draft appear, named with A's clerk, and that A has the period open.
    const newer = b.page.getByTestId('team-newer');
    await expect(newer).toContainText('Frau Berger hat diesen Entwurf am');
    await newer.getByRole('button', { name: 'Diesen Stand laden' }).click();
    await expect(calorificB).toHaveValue('10,25');
    await expect(newer).toBeHidden();
    const presence = b.page.getByTestId('team-presence');
    await expect(presence.getByRole('table', { name: 'Ebenfalls geöffnet' })).toContainText('Frau Berger', { timeout: 20_000 });

    // A saves again; B, still on A's first stand, types: the save is refused and the dialog names A's clerk.
    await calorificA.fill('10,35');
    await calorificA.blur();
    await expect.poll(() => savedCalorific(a)).toMatch(/^10\.35/);
    await expect(newer).toBeVisible();
    await calorificB.fill('9,95');
    await calorificB.blur();
    const dialog = b.page.getByRole('dialog', { name: 'Jemand anderes hat diesen Entwurf gespeichert' });
    await expect(dialog).toContainText('Frau Berger hat diesen Entwurf am');
    await expectNoSeriousA11yViolations(b.page);
    await b.page.screenshot({ path: join(shots, 'team-conflict-de.png') });

    // "Meinen Stand behalten": B's value is saved on top of A's as a new revision.
    await dialog.getByRole('button', { name: 'Meinen Stand behalten' }).click();
    await expect(dialog).toBeHidden();
    await expect(editorB.saveState).toHaveText('Gespeichert');
    await expect.poll(() => savedCalorific(a)).toMatch(/^9\.95/);
    await expect.poll(async () => (await savedDraft(a))?.updatedBy).toBe('Herr Yilmaz');
    await expect(a.page.getByTestId('team-newer')).toContainText('Herr Yilmaz');
    await a.page.screenshot({ path: join(shots, 'team-newer-presence-de.png') });

    // Each desk checks against its own demo MSC; the Archiv on B lists both clerks' entries.
    for (const d of [a, b]) {
      const h = d.app.context.handlers;
      await h['templates:check']({ ...where, filled: demoSubmission(await h['templates:get'](where)) });
    }
    const archive = archivePage(b.page);
    await archive.navItem.click();
    await expect(archive.rows).toHaveCount(2);
    await expect(archive.rows.filter({ hasText: 'Frau Berger' })).toHaveCount(1);
    await expect(archive.rows.filter({ hasText: 'Herr Yilmaz' })).toHaveCount(1);
    await expectNoSeriousA11yViolations(b.page);
    await b.page.screenshot({ path: join(shots, 'team-archive-de.png') });

    // Einstellungen: set by the administrator, the clerk's name, the demo note; in German and English.
    await a.page.getByRole('navigation', { name: 'Hauptbereiche' }).getByRole('link', { name: 'Einstellungen' }).click();
    await expect(a.page.getByTestId('team-by-admin')).toContainText('Vom Administrator festgelegt');
    await expect(a.page.getByTestId('team-state')).toContainText('Verbunden');
    // Tall enough for the whole section: the frame scrolls only its main, and a screenshot shows what is in view.
    await a.page.setViewportSize({ width: 1280, height: 2000 });
    const teamSection = a.page.locator('section[aria-labelledby="settings-team-db"]');
    await teamSection.scrollIntoViewIfNeeded();
    await expectNoSeriousA11yViolations(a.page);
    await teamSection.screenshot({ path: join(shots, 'team-settings-de.png') });

    // The database goes away: both desks say so at once; it comes back and the banner goes.
    await team.cluster().pause();
    try {
      await expect(a.page.getByTestId('team-offline')).toContainText('Team-Datenbank nicht erreichbar');
      await expect(b.page.getByTestId('team-offline')).toBeVisible();
      await expectNoSeriousA11yViolations(b.page);
      await b.page.screenshot({ path: join(shots, 'team-offline-de.png') });
    } finally {
      await team.cluster().resume();
    }
    await expect(a.page.getByTestId('team-offline')).toBeHidden({ timeout: 20_000 });

    for (const d of [a, b]) await d.app.context.handlers['preferences:update']({ language: 'en' });
    await a.page.reload();
    await expect(a.page.getByRole('heading', { name: 'Team database' })).toBeVisible();
    await expect(a.page.getByTestId('team-by-admin')).toContainText('Set by the administrator');
    await teamSection.screenshot({ path: join(shots, 'team-settings-en.png') });
    await b.page.reload();
    await expect(archive.rows).toHaveCount(2);
    await expect(b.page.getByRole('columnheader', { name: 'Clerk' })).toBeVisible();
    await b.page.screenshot({ path: join(shots, 'team-archive-en.png') });
    const calorificEn = (d: Desk) => d.page.getByRole('textbox', { name: /calorific/i });
    await b.page.goto(editorUrl(b));
    await expect(calorificEn(b)).toHaveValue('9.95');
    // A saves once more (through A's handlers this time); B, on the older stand, types and gets the dialog in English.
    const current = await savedDraft(a);
    if (!current) throw new Error('no draft');
    const [source] = current.content.energysources ?? [];
    if (!source) throw new Error('no energy source');
    await a.app.context.handlers['drafts:save']({
      connectionId: 'demo',
      draft: {
        billingunit: UNIT,
        periodTo: PERIOD,
        content: { ...current.content, energysources: [{ ...source, calorificvalue: '10.450' }] },
      },
      expectedRevision: current.revision,
    });
    await calorificEn(b).click();
    await b.page.keyboard.press('Control+A');
    await b.page.keyboard.type('9.85');
    await calorificEn(b).blur();
    const dialogEn = b.page.getByRole('dialog', { name: 'Someone else saved this draft' });
    await expect(dialogEn).toContainText('Frau Berger saved this draft on');
    await expectNoSeriousA11yViolations(b.page);
    await b.page.screenshot({ path: join(shots, 'team-conflict-en.png') });
  });

  test('a desk joins from Einstellungen: the test on save says what is wrong in the clerk words', async ({
    appPage,
  }, testInfo) => {
    const shots = process.env.E2E_SHOTS ?? testInfo.outputDir;
    const url = new URL(await team.cluster().database('joined'));
    await appPage.getByRole('navigation', { name: 'Hauptbereiche' }).getByRole('link', { name: 'Einstellungen' }).click();
    await appPage.setViewportSize({ width: 1280, height: 2000 });
    const section = appPage.locator('section[aria-labelledby="settings-team-db"]');
    await expect(section).toContainText('Dieser Arbeitsplatz arbeitet mit seinem eigenen Datenordner');

    // A pasted address fills the fields; the password goes to the field, not into any file.
    await section
      .getByRole('textbox', { name: 'Adresse einfügen (optional)' })
      .fill('postgres://kostenbruecke:geheim@127.0.0.1:1/joined?sslmode=disable');
    await section.getByRole('button', { name: 'Felder ausfüllen' }).click();
    await expect(section.getByRole('textbox', { name: 'Server' })).toHaveValue('127.0.0.1');
    await expect(section.getByRole('switch', { name: 'Geschützte Verbindung (TLS)' })).not.toBeChecked();
    const save = section.getByRole('button', { name: 'Verbindung testen und speichern' });
    await save.click();
    await expect(section.getByTestId('team-save-error')).toContainText('Der Datenbank-Server ist nicht erreichbar');
    await expectNoSeriousA11yViolations(appPage);
    await section.screenshot({ path: join(shots, 'team-join-error-de.png') });

    await section.getByRole('textbox', { name: 'Port' }).fill(url.port);
    await section.getByRole('textbox', { name: 'Datenbank' }).fill('gibtsnicht');
    await section.getByRole('textbox', { name: 'Benutzer' }).fill('postgres');
    await save.click();
    await expect(section.getByTestId('team-save-error')).toContainText('Diese Datenbank gibt es auf dem Server nicht');

    await section.getByRole('textbox', { name: 'Datenbank' }).fill('joined');
    await save.click();
    const question = appPage.getByRole('dialog', { name: 'Wie heißen Sie?' });
    await expect(question).toBeVisible();
    await expectNoSeriousA11yViolations(appPage);
    await appPage.screenshot({ path: join(shots, 'team-clerk-question-de.png') });
    await question.getByRole('textbox', { name: 'Ihr Name' }).fill('Frau Krause');
    await question.getByRole('button', { name: 'Weiter' }).click();
    await expect(section.getByTestId('team-state')).toContainText('Verbunden');
    await expect(section.getByRole('textbox', { name: 'Ihr Name' })).toHaveValue('Frau Krause');
    await expect(section).toContainText('jeder Arbeitsplatz betreibt dafür seinen eigenen Demo-Messdienst');
    await expect(section.getByTestId('team-takeover')).toContainText('Lokale Daten übernehmen');
    await expectNoSeriousA11yViolations(appPage);
    await section.screenshot({ path: join(shots, 'team-joined-de.png') });

    // Once, with the counts compared; afterwards the section says what was taken over.
    await section.getByRole('button', { name: 'Lokale Daten übernehmen' }).click();
    const confirm = appPage.getByRole('dialog', { name: 'Lokale Daten übernehmen?' });
    await confirm.getByRole('button', { name: 'Lokale Daten übernehmen' }).click();
    await expect(section.getByTestId('team-takeover')).toContainText('der lokale Ordner enthielt nichts zu übernehmen');
    await appPage.getByRole('radio', { name: 'English' }).check();
    await expect(section.getByRole('heading', { name: 'Team database' })).toBeVisible();
    await expect(section.getByTestId('team-takeover')).toContainText('the local folder held nothing to take over');
    await section.screenshot({ path: join(shots, 'team-joined-en.png') });
  });
});

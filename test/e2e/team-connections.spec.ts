/**
 * The office's MSC connections on two desks (issue 23): a connection Frau Berger sets up at desk A appears at
 * desk B without a reload, marked as missing its password there; B's clerk enters the desk's own password and both
 * desks work on one workspace of it (A's draft is B's draft). A change A saves while B edits the old version is
 * refused at B naming A's clerk; a new address from A asks B for its password again, in English too. No password
 * reaches the database. Each desk's embedded demo MSC stands in for the MSC. Screenshots go to E2E_SHOTS.
 */
import { join } from 'node:path';
import { expect, test } from '@test/e2e/fixtures';
import { expectNoSeriousA11yViolations } from '@test/e2e/axe';
import { connectionsPage } from '@test/e2e/pages/connections-page';
import { editorPage } from '@test/e2e/pages/editor-page';
import { settingsPage } from '@test/e2e/pages/settings-page';
import { storedConnectionDefinitions, teamDatabase, type Desk } from '@test/e2e/team-desks';

const UNIT = '100200302';
const PERIOD = '2025-12-31';
const NAME = 'Techem Büro';

test.describe('the office connections on two desks', () => {
  // Two desks with their demo MSCs and a database on a shared machine.
  test.setTimeout(240_000);

  const team = teamDatabase();

  test('set up at one desk, the other enters its own password, both work on it, and changes are refused or asked for', async ({
    browser,
    rendererBuilt,
  }, testInfo) => {
    const shots = process.env.E2E_SHOTS ?? testInfo.outputDir;
    const url = await team.cluster().database('e2e_connections');
    const a = await team.open(browser, rendererBuilt, url, 'Frau Berger', 'de');
    const b = await team.open(browser, rendererBuilt, url, 'Herr Yilmaz', 'de');
    const atA = connectionsPage(a.page);
    const atB = connectionsPage(b.page);
    await atB.navItem.click();
    await expect(atB.card('Demo-Messdienst')).toBeVisible();

    // Act: A sets up the office's connection with its password
    await atA.navItem.click();
    await atA.newButton.click();
    await atA.form.name.fill(NAME);
    await a.page.getByLabel('Messdienstunternehmen').selectOption({ label: 'Techem, Eschborn' });
    await a.page.getByLabel('Eingebauter Demo-Messdienst (nur zum Ausprobieren)').check();
    await atA.form.clientId.fill('demo');
    await atA.form.secret.fill('demo-secret');
    await atA.form.save.click();
    await expect(atA.status(NAME)).toContainText('Verbunden');

    // Assert: B lists it without a reload, saying that this desk lacks the password and where to enter it
    const lostAtB = atB.card(NAME).getByTestId('secret-lost');
    await expect(lostAtB).toContainText('Kennwort fehlt an diesem Arbeitsplatz');
    await expect(lostAtB).toContainText('das Kennwort bewahrt jeder Arbeitsplatz selbst auf');
    await expect(lostAtB).toContainText('Bitte unter „Bearbeiten“ eingeben.');
    await expect(atB.status(NAME)).toContainText('Kennwort fehlt');
    // Said once, in the notice: the status does not repeat it
    await expect(atB.status(NAME)).not.toContainText('kein Kennwort gespeichert');
    await expect(atA.card(NAME).getByTestId('secret-lost')).toHaveCount(0);
    await expectNoSeriousA11yViolations(b.page);
    await b.page.screenshot({ path: join(shots, 'team-connection-missing-secret-de.png') });

    // Act: B enters its own password
    await atB.editButton(NAME).click();
    await expect(b.page.getByTestId('secret-lost')).toContainText('Bitte hier eingeben.');
    await atB.form.secret.fill('demo-secret');
    await atB.form.save.click();

    // Assert: connected at B, and the database holds no password
    await expect(atB.status(NAME)).toContainText('Verbunden');
    await expect(atB.card(NAME).getByTestId('secret-lost')).toHaveCount(0);
    const stored = await storedConnectionDefinitions(url);
    expect(stored).toContain(NAME);
    expect(stored).not.toContain('demo-secret');

    // Act: A types into the period of the office's connection
    const id = (await a.app.context.handlers['connections:list']()).find((c) => c.name === NAME)?.id ?? '';
    const editorAt = (d: Desk) =>
      `${d.app.bridge.launchUrl.split('#')[0] ?? ''}#/abrechnung/${id}/${UNIT}/${PERIOD}/erfassen/brennstoffe`;
    await a.page.goto(editorAt(a));
    const calorificA = editorPage(a.page).field('Heizwert (kWh je Liter)');
    await calorificA.fill('10,25');
    await calorificA.blur();
    await expect(editorPage(a.page).saveState).toHaveText('Gespeichert');

    // Assert: B opens the same period of the same connection and finds A's value
    await b.page.goto(editorAt(b));
    await expect(editorPage(b.page).field('Heizwert (kWh je Liter)')).toHaveValue('10,25');

    // Arrange: B opens the connection's form; A saves another cut-off day meanwhile
    await b.page.goto(`${b.app.bridge.launchUrl.split('#')[0] ?? ''}#/einstellungen`);
    await atB.editButton(NAME).click();
    await atB.form.name.fill('Techem Büro Süd');
    await atA.navItem.click();
    await atA.editButton(NAME).click();
    await atA.form.name.fill('Techem Büro Nord');
    await atA.form.save.click();
    await expect(atA.status('Techem Büro Nord')).toContainText('Verbunden');

    // Act: B saves the old version
    await atB.form.save.click();

    // Assert: refused, naming A's clerk; nothing of B's change is stored
    await expect(b.page.getByRole('alert')).toContainText(
      'Die Verbindung „Techem Büro Süd“ wurde inzwischen von Frau Berger geändert. Bitte die Liste neu laden',
    );
    await b.page.screenshot({ path: join(shots, 'team-connection-changed-elsewhere-de.png') });
    expect(await storedConnectionDefinitions(url)).toContain('Techem Büro Nord');

    // Act: A moves the connection to an address of its own, with its password; B's clerk reads in English
    await atA.editButton('Techem Büro Nord').click();
    await a.page.getByLabel('Über das Internet (Adresse vom Messdienst)').check();
    await atA.form.url.fill('http://127.0.0.1:9/api');
    await atA.form.secret.fill('neues-Kennwort');
    await atA.form.save.click();
    await expect(atA.card('Techem Büro Nord')).toBeVisible();
    await b.page.goto(`${b.app.bridge.launchUrl.split('#')[0] ?? ''}#/einstellungen`);
    await settingsPage(b.page).language('English').check();

    // Assert: B's password was for the old address: B is asked for one again, in English
    const card = b.page.getByTestId('connection-card').filter({ hasText: 'Techem Büro Nord' });
    await expect(card.getByTestId('secret-lost')).toContainText('Password missing at this desk');
    await expect(card.getByTestId('secret-lost')).toContainText('each desk keeps the password itself');
    await expect(card).toContainText('Techem (Eschborn) · http://127.0.0.1:9/api');
    // Checked anew at B after A's change: not how the old address answered
    await expect(card.getByTestId('connection-status')).toContainText('Password missing');
    await expectNoSeriousA11yViolations(b.page);
    await b.page.screenshot({ path: join(shots, 'team-connection-missing-secret-en.png') });
    expect(await storedConnectionDefinitions(url)).not.toContain('neues-Kennwort');
  });
});

/**
 * A client certificate of the office's connection on two desks (issue 23): Frau Berger sets up the connection at desk
 * A with her certificate files; desk B is told that the certificate is missing at this desk (each desk keeps its own
 * files), enters its password, still sees the certificate missing, chooses its own files and is connected; A keeps
 * hers. A third desk reads the notice in English. No path and no file content reaches the database. Screenshots go
 * to E2E_SHOTS.
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '@test/e2e/fixtures';
import { expectNoSeriousA11yViolations } from '@test/e2e/axe';
import { connectionsPage } from '@test/e2e/pages/connections-page';
import { storedConnectionDefinitions, teamDatabase } from '@test/e2e/team-desks';

const NAME = 'Techem mTLS';
const CERT = '-----BEGIN CERTIFICATE-----\nMIIBdesk\n-----END CERTIFICATE-----\n';
const KEY = '-----BEGIN PRIVATE KEY-----\nMIIEgeheim\n-----END PRIVATE KEY-----\n';

/** Chooses a certificate and its key through the browser's file picker, as the clerk does in the form. */
async function chooseFiles(page: Page): Promise<void> {
  const files = [
    { name: 'firma.pem', buffer: Buffer.from(CERT) },
    { name: 'firma.key', buffer: Buffer.from(KEY) },
  ];
  for (const [i, file] of files.entries()) {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Datei wählen …' }).nth(i).click();
    await (await chooser).setFiles({ ...file, mimeType: 'application/x-pem-file' });
  }
}

test.describe('client certificates of the office connections on two desks', () => {
  test.setTimeout(240_000);

  const team = teamDatabase();

  test('each desk chooses its own certificate files; a desk without them is told so in its words', async ({
    browser,
    rendererBuilt,
  }, testInfo) => {
    const shots = process.env.E2E_SHOTS ?? testInfo.outputDir;
    const url = await team.cluster().database('e2e_certificates');
    const a = await team.open(browser, rendererBuilt, url, 'Frau Berger', 'de');
    const b = await team.open(browser, rendererBuilt, url, 'Herr Yilmaz', 'de');
    const atA = connectionsPage(a.page);
    const atB = connectionsPage(b.page);
    const certField = (page: Page) => page.getByRole('textbox', { name: 'Client-Zertifikat (PEM-Datei)' });

    // Act: A sets up the connection with its password and its certificate files
    await atA.navItem.click();
    await atA.newButton.click();
    await atA.form.name.fill(NAME);
    await a.page.getByLabel('Messdienstunternehmen').selectOption({ label: 'Techem, Eschborn' });
    await a.page.getByLabel('Eingebauter Demo-Messdienst (nur zum Ausprobieren)').check();
    await atA.form.clientId.fill('demo');
    await atA.form.secret.fill('demo-secret');
    await a.page.getByRole('button', { name: /Weitere Einstellungen/ }).click();
    await chooseFiles(a.page);
    await expect(certField(a.page)).toHaveValue(new RegExp(`^${a.dir}/zertifikate/cert-`));
    await atA.form.save.click();
    await expect(atA.status(NAME)).toContainText('Verbunden');

    // Assert: the database knows only that a certificate is needed
    const stored = await storedConnectionDefinitions(url);
    expect(stored).toContain(NAME);
    expect(stored).not.toContain(a.dir);
    expect(stored).not.toContain('BEGIN');

    // Assert: B is told the certificate is missing at this desk, and where to choose the files
    await atB.navItem.click();
    const missingAtB = atB.card(NAME).getByTestId('certificate-missing');
    await expect(missingAtB).toContainText('Zertifikat fehlt an diesem Arbeitsplatz');
    await expect(missingAtB).toContainText('die Zertifikatsdateien bewahrt jeder Arbeitsplatz selbst auf');
    await expect(missingAtB).toContainText('Bitte unter „Bearbeiten“ die Dateien wählen.');
    await expectNoSeriousA11yViolations(b.page);
    await atB.card(NAME).screenshot({ path: join(shots, 'team-certificate-missing-de.png') });

    // Act: B enters only its password; the form says the files are still to be chosen, with their fields open
    await atB.editButton(NAME).click();
    await expect(b.page.getByTestId('certificate-missing')).toContainText(
      'Bitte unter „Weitere Einstellungen“ die Dateien wählen.',
    );
    await expect(certField(b.page)).toHaveValue('');
    await expectNoSeriousA11yViolations(b.page);
    await b.page.getByTestId('certificate-missing').scrollIntoViewIfNeeded();
    await b.page.screenshot({ path: join(shots, 'team-certificate-missing-form-de.png') });
    await atB.form.secret.fill('demo-secret');
    await atB.form.save.click();

    // Assert: the check names the missing certificate, said once (in the notice), not a file error
    await expect(atB.status(NAME)).toContainText('Zertifikat fehlt');
    await expect(atB.status(NAME)).not.toContainText('gelesen');
    await expect(atB.card(NAME).getByTestId('secret-lost')).toHaveCount(0);
    await expect(missingAtB).toBeVisible();
    await atB.card(NAME).screenshot({ path: join(shots, 'team-certificate-missing-status-de.png') });

    // Act: B chooses its own files
    await atB.editButton(NAME).click();
    await chooseFiles(b.page);
    await expect(certField(b.page)).toHaveValue(new RegExp(`^${b.dir}/zertifikate/cert-`));
    await atB.form.save.click();

    // Assert: connected at B; A still has its own files; neither desk's paths are in the database
    await expect(atB.status(NAME)).toContainText('Verbunden');
    await expect(missingAtB).toHaveCount(0);
    await atA.editButton(NAME).click();
    await expect(certField(a.page)).toHaveValue(new RegExp(`^${a.dir}/zertifikate/cert-`));
    const after = await storedConnectionDefinitions(url);
    expect(after).not.toContain(a.dir);
    expect(after).not.toContain(b.dir);

    // Assert: a third desk reads it in English
    const c = await team.open(browser, rendererBuilt, url, 'Frau Novak', 'en');
    await c.page.goto(`${c.app.bridge.launchUrl.split('#')[0] ?? ''}#/einstellungen`);
    const cardAtC = c.page.getByTestId('connection-card').filter({ hasText: NAME });
    await expect(cardAtC.getByTestId('certificate-missing')).toContainText('Certificate missing at this desk');
    await expect(cardAtC.getByTestId('certificate-missing')).toContainText('Please choose the files under “Edit”.');
    await expectNoSeriousA11yViolations(c.page);
    await cardAtC.screenshot({ path: join(shots, 'team-certificate-missing-en.png') });
  });
});

/**
 * An ARGE A file into the units' matching (issue 22, docs/arge.md "A files"): the clerk reads the MSC's matching
 * file in the matching panel of a property; the matching becomes COMPLETED with the pairs of the file, a
 * contradicting record is named at its line; German and English, axe clean.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { criteriaToA } from '@shared/arge/order-criteria';
import { writeArgeFile } from '@shared/arge/write';
import { demoWorld } from '@main/sandbox/seed';
import { test, expect } from '@test/e2e/fixtures';
import { expectNoSeriousA11yViolations } from '@test/e2e/axe';

const UNIT = '100200301';
test.describe.configure({ timeout: 180_000 });

test('the MSC’s A file becomes the property’s matching; a contradiction is named at its line', async ({
  appPage,
  browserApp,
}) => {
  // Arrange: an A file of three pairs and one record contradicting the first
  const bu = demoWorld().billingunits.find((b) => b.billingunitMscnumber === UNIT);
  if (!bu) throw new Error('no demo property');
  const matched = bu.units
    .slice(0, 3)
    .map((u, i) => ({ residentialunitMscnumber: u.residentialunitMscnumber, residentialunitPmnumber: `WE-${String(i + 1)}` }));
  const head = { billingunitMscnumber: UNIT, customerNumber: bu.customerMscnumber };
  const records = [
    ...criteriaToA({ ...head, matched }),
    ...criteriaToA({
      ...head,
      matched: [{ residentialunitMscnumber: matched[0]?.residentialunitMscnumber ?? '', residentialunitPmnumber: 'WE-99' }],
    }),
  ];
  const folder = await mkdtemp(join(tmpdir(), 'kb-arge-a-'));
  const file = join(folder, 'DTA305_20260110120000.DAT');
  await writeFile(file, writeArgeFile(records));
  const [connection] = await browserApp.context.handlers['connections:list'](undefined);

  // Act: open the property and read the file in its matching panel
  await appPage.goto(`${appPage.url().split('#')[0] ?? ''}#/liegenschaften/${connection?.id ?? ''}/${UNIT}`);
  await expect(appPage.getByRole('heading', { level: 1 })).toHaveText(`Liegenschaft ${UNIT}`);
  const chooser = appPage.waitForEvent('filechooser');
  await appPage.getByRole('button', { name: 'ARGE-Zuordnungsdatei (A) einlesen' }).click();
  await (await chooser).setFiles([file]);

  // Assert: three pairs taken, the contradiction named, the matching completed with them
  const panel = appPage.getByTestId('arge-criteria-import');
  await expect(panel).toContainText(`Liegenschaft ${UNIT}: 3 Nutzeinheiten zugeordnet.`);
  await expect(panel.getByTestId('arge-criteria-issues')).toContainText('Zeile 4');
  await expect(panel.getByTestId('arge-criteria-issues')).toContainText('WE-99 wurde nicht übernommen');
  await expect(appPage.getByTestId('matching-status')).toHaveAttribute('data-status', 'COMPLETED');
  await expect(appPage.getByTestId('matching-result')).toContainText('WE-2');
  await expect(appPage.getByTestId('matching-from-file')).toHaveText('Zuordnung aus der ARGE-Datei DTA305_20260110120000.DAT');
  await expectNoSeriousA11yViolations(appPage);
  await appPage.screenshot({ path: test.info().outputPath('arge-a-de.png'), fullPage: true });

  // Assert: the same in English, after a reload (the matching is kept)
  await browserApp.context.handlers['preferences:update']({ language: 'en' });
  await appPage.reload();
  await expect(appPage.getByTestId('matching-status')).toHaveAttribute('data-status', 'COMPLETED');
  await expect(appPage.getByRole('button', { name: 'Read ARGE matching file (A)' })).toBeVisible();
  await expectNoSeriousA11yViolations(appPage);
  await appPage.screenshot({ path: test.info().outputPath('arge-a-en.png'), fullPage: true });
  await rm(folder, { recursive: true, force: true });
});

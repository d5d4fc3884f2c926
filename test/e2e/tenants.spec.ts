/**
 * Nutzer und Mieterwechsel (issue 12 items 4 and 6): a tenant change recorded by keyboard, refused by the demo MSC at
 * its field, corrected, delivered, and then shown by the period's template.
 */
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectNoSeriousA11yViolations } from './axe';
import { tenantsPage } from './pages/tenants-page';

const BILLINGUNIT = '100200301';

async function openTenants(page: Page, connectionId: string): Promise<void> {
  await page.goto(`${page.url().split('#')[0] ?? ''}#/liegenschaften/${connectionId}/${BILLINGUNIT}`);
  await page.getByRole('link', { name: 'Nutzer und Mieterwechsel' }).click();
}

/** Types into the focused field, then moves on with Tab, as a clerk does. */
async function typeAndTab(page: Page, text: string): Promise<void> {
  await page.keyboard.type(text);
  await page.keyboard.press('Tab');
}

test('a tenant change with vacancy is refused at its field without the vacancy, then delivered and shown by the template', async ({
  appPage: page,
  browserApp,
}) => {
  // Arrange
  const [connection] = await browserApp.context.handlers['connections:list'](undefined);
  const connectionId = connection?.id ?? '';
  const osr = tenantsPage(page);
  await openTenants(page, connectionId);
  await expect(osr.heading).toHaveText(`Nutzer und Mieterwechsel – Liegenschaft ${BILLINGUNIT}`);
  await osr.unitLink('0002').click();
  await expect(osr.panelTitle).toHaveText('Nutzeinheit 0002');
  await expect(osr.status).toHaveText('Unverändert');

  // Act: the change without vacancy leaves May and June without recipient, all by keyboard
  await osr.tenantChange.focus();
  await page.keyboard.press('Enter');
  await expect(osr.field('Auszug am (letzter Tag)')).toBeFocused();
  await typeAndTab(page, '30.04.2025');
  await typeAndTab(page, '01.07.2025');
  await typeAndTab(page, 'P-301-040');
  await typeAndTab(page, 'Elif');
  await typeAndTab(page, 'Yilmaz');
  await page.keyboard.press('Tab'); // past "Mieter ist eine Firma"
  await expect(osr.field('Zeit zwischen Auszug und Einzug als Leerstand melden')).toBeFocused();
  await page.keyboard.press('Space');
  await osr.save.focus();
  await page.keyboard.press('Enter');

  // Assert: pending, then refused with the MSC's message at the new contract's start
  await expect(osr.status).toHaveText('Nicht übermittelt');
  await expect(osr.deliver).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(osr.status).toHaveText('Abgelehnt');
  const elif = osr.contract('Elif Yilmaz');
  await expect(osr.fieldMessage(elif, 'validfrom')).toContainText(
    'Vom 01.05.2025 bis 30.06.2025 ist niemand Abrechnungsempfänger',
  );
  await expectNoSeriousA11yViolations(page);

  // Act: record it again with the vacancy billed to the owner, and deliver
  await osr.tenantChange.click();
  await osr.field('Auszug am (letzter Tag)').fill('30.04.2025');
  await osr.field('Einzug am').fill('2025-07-01');
  await osr.field('Partnernummer Mieter').fill('P-301-040');
  await osr.field('Vorname Mieter').fill('Elif');
  await osr.field('Name Mieter').fill('Yilmaz');
  await osr.field('Partnernummer Eigentümer').fill('E-301');
  await osr.field('Eigentümer ist eine Firma').check();
  await osr.field('Firma Eigentümer').fill('Karl-Heine GmbH');
  await osr.save.click();
  await expect(osr.status).toHaveText('Nicht übermittelt');
  await osr.deliver.click();

  // Assert: delivered; the contracts say who receives the bill when
  await expect(osr.status).toHaveText('Übermittelt');
  await expect(osr.statusLines).toContainText('Zuletzt übermittelt am');
  await expect(osr.contracts.getByTestId('osr-contract')).toHaveCount(3);
  await expect(osr.contract('Thomas Schneider')).toContainText('30.04.2025');
  await expect(osr.contract('Karl-Heine GmbH')).toContainText('Leerstand');
  await expect(osr.contract('Elif Yilmaz')).toContainText('01.07.2025');
  await expect(osr.contracts.getByTestId('osr-field-message')).toHaveCount(0);
  await expect(osr.unitRow('0002')).toContainText('Elif Yilmaz');

  // Assert: the next template of the property names the new tenant and the vacancy
  await page.goto(`${page.url().split('#')[0] ?? ''}#/abrechnung/${connectionId}/${BILLINGUNIT}/2025-12-31/erfassen/nutzer`);
  await expect(page.getByText('Elif Yilmaz').first()).toBeVisible();
  await expect(page.getByText('Leerstand (Karl-Heine GmbH)').first()).toBeVisible();
  await expect(page.getByTestId('osr-recipient-notice')).toHaveCount(0);

  // Assert: the Archiv records both deliveries with the MSC's answers, the accepted one first
  await page.getByRole('link', { name: 'Archiv', exact: true }).click();
  const deliveries = page.getByTestId('delivery-row').filter({ hasText: 'Nutzer gemeldet (OSR)' });
  await expect(deliveries).toHaveCount(2);
  await expect(deliveries.nth(0)).toContainText('angenommen');
  await expect(deliveries.nth(1)).toContainText('abgelehnt');
  await expect(deliveries.nth(0)).toContainText('Nutzeinheit 0002');
});

test('a pending change is named in the editor and delivered from there; delivering all changes at once', async ({
  appPage: page,
  browserApp,
}) => {
  // Arrange: two units with a saved change
  const handlers = browserApp.context.handlers;
  const [connection] = await handlers['connections:list'](undefined);
  const connectionId = connection?.id ?? '';
  const units = await handlers['osr:units']({ connectionId, billingunit: BILLINGUNIT });
  for (const number of ['0004', '0005']) {
    const view = units.units.find((u) => u.residentialunitMscnumber === number);
    const roles = view?.current;
    if (!roles) throw new Error(`unit ${number} has no roles`);
    await handlers['osr:save']({
      connectionId,
      billingunit: BILLINGUNIT,
      residentialunit: number,
      roles: {
        ...roles,
        partners: [...roles.partners, { partnerPmnumber: `E-${number}`, name: 'Karl-Heine GmbH', commercial: true }],
        billingcontracts: [
          { ...roles.billingcontracts[0]!, validto: '2025-08-31' },
          { validfrom: '2025-09-01', vacancy: true, billingrecipient: { partnerPmnumber: `E-${number}`, owner: true } },
        ],
      },
    });
  }
  const osr = tenantsPage(page);

  // Act: the editor's recipient step names the pending change and delivers it
  await page.goto(`${page.url().split('#')[0] ?? ''}#/abrechnung/${connectionId}/${BILLINGUNIT}/2025-12-31/erfassen/nutzer`);
  const notice = page.getByTestId('osr-recipient-notice');
  await expect(notice).toContainText('Nutzeinheit 0004: eine Änderung ist noch nicht übermittelt');
  await notice.getByRole('button', { name: 'Nutzeinheit 0004 jetzt übermitteln' }).click();

  // Assert: 0004 leaves the notice, the template shows its vacancy
  await expect(notice).not.toContainText('Nutzeinheit 0004');
  await expect(page.getByText('Leerstand (Karl-Heine GmbH)').first()).toBeVisible();

  // Act: the rest with one click on the tenants screen
  await notice.getByRole('link', { name: 'Nutzer von 0005 ansehen' }).click();
  await expect(osr.panelTitle).toHaveText('Nutzeinheit 0005');
  await expect(osr.status).toHaveText('Nicht übermittelt');
  await expectNoSeriousA11yViolations(page);
  await osr.deliverAll.click();

  // Assert
  await expect(osr.status).toHaveText('Übermittelt');
  await expect(osr.unitRow('0004')).toContainText('Übermittelt');
  await expect(osr.deliverAll).toBeDisabled();
});

/** A 50-row ERP tenant list of the Leipzig property: history, the current tenants, 6 new ones and one broken date. */
async function tenantListWorkbook(): Promise<Buffer> {
  const current: [string, string, string][] = [
    ['Anna', 'Müller', '2015-03-01'],
    ['Thomas', 'Schneider', '2012-09-01'],
    ['Jonas', 'Becker', '2019-01-01'],
    ['Sabine', 'Fischer', '2016-06-01'],
    ['Michael', 'Weber', '2017-01-01'],
    ['Julia', 'Hoffmann', '2018-04-01'],
    ['Stefan', 'Schäfer', '2014-10-01'],
    ['Katharina', 'Koch', '2020-02-01'],
    ['Andreas', 'Bauer', '2013-05-01'],
    ['Claudia', 'Richter', '2021-07-01'],
    ['Markus', 'Klein', '2016-01-01'],
    ['Petra', 'Wolf', '2015-09-01'],
    ['Tobias', 'Schröder', '2019-11-01'],
    ['', 'Bäckerei Schmitt GmbH', '2010-01-01'],
    ['Nicole', 'Neumann', '2022-03-01'],
    ['Daniel', 'Schwarz', '2018-08-01'],
  ];
  const rows: unknown[][] = [];
  current.forEach(([first, name, since], i) => {
    const unit = String(i + 1).padStart(4, '0');
    const old = Number(since.slice(0, 4));
    const history = i < 11 ? 2 : 1;
    for (let h = history; h >= 1; h--)
      rows.push([
        unit,
        `A-${unit}-${String(h)}`,
        'Frühere',
        `Mieterin ${String(h)}`,
        `01.01.${String(old - 2 * h)}`,
        `31.12.${String(old - 2 * h)}`,
      ]);
    const moves = i >= 5 && i <= 10;
    const out = i === 2 ? '30.04.2025' : moves ? '30.09.2025' : null;
    rows.push([unit, `P-301-${String(i + 1).padStart(3, '0')}`, first, name, since.split('-').reverse().join('.'), out]);
    if (i === 2) rows.push([unit, 'P-301-017', 'Leonie', 'Wagner', '01.05.2025', null]);
    if (moves) rows.push([unit, `P-301-1${String(i).padStart(2, '0')}`, 'Neu', `Mieter ${unit}`, '01.10.2025', null]);
  });
  rows[3] = [...(rows[3] ?? []).slice(0, 4), '31.02.2003', null];
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Mieter');
  ws.addRow(['WE-Nr.', 'Mieternummer', 'Vorname', 'Name', 'Einzug', 'Auszug']);
  for (const r of rows) ws.addRow(r);
  if (rows.length !== 50) throw new Error(`the list has ${String(rows.length)} rows`);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

test('a tenant list from the ERP shows what changes per unit; its 6 changed units are saved and delivered', async ({
  appPage: page,
  browserApp,
}) => {
  // Reading, saving and delivering six units takes more than the default minute on a machine busy with other work
  test.setTimeout(150_000);
  // Arrange
  const [connection] = await browserApp.context.handlers['connections:list'](undefined);
  const osr = tenantsPage(page);
  await openTenants(page, connection?.id ?? '');
  await expect(osr.unitRow('0016')).toBeVisible();
  const workbook = await tenantListWorkbook();
  // The clerk assigned the columns of this ERP's list by hand last year
  const lastYear = browserApp.context.files.put('Mieterliste 2024.xlsx', new Uint8Array(workbook)).id;
  const columns = { residentialunit: 'A', partnerPmnumber: 'B', firstname: 'C', name: 'D', movein: 'E', moveout: 'F' };
  await browserApp.context.handlers['excel:import-tenants']({
    connectionId: connection?.id ?? '',
    fileId: lastYear,
    columns,
    headerRow: 1,
  });

  // Act
  await osr.importOpen.click();
  const chooser = page.waitForEvent('filechooser');
  await osr.importPick.click();
  await (await chooser).setFiles({ name: 'Mieterliste.xlsx', mimeType: 'application/octet-stream', buffer: workbook });

  // Assert: the preview says what changes, the broken row is named by sheet, row and column
  await expect(osr.importSummary).toHaveText('6 Nutzeinheiten ändern sich, 10 bleiben gleich.');
  await expect(page.getByTestId('tenant-columns-remembered')).toHaveText(
    'Die Spalten sind so zugeordnet wie bei Ihrer letzten Mieterliste für diese Verbindung.',
  );
  await expect(osr.importIssues).toContainText('Blatt „Mieter“, Zeile 5, Spalte E („Einzug“)');
  await expect(osr.previewUnits).toHaveCount(6);
  await expectNoSeriousA11yViolations(page);
  await expect(osr.previewUnit('0006')).toContainText('Julia Hoffmann: 01.01.2025 – 30.09.2025');
  await expect(osr.previewUnit('0006')).toContainText('Neu Mieter 0006: 01.10.2025 – offen');

  // Act: save, then deliver all
  await osr.importSave.click();
  await expect(osr.importSaved).toContainText('6 Änderungen gespeichert', { timeout: 30_000 });
  await expect(osr.unitRow('0006')).toContainText('Nicht übermittelt');
  await osr.deliverAll.click();

  // Assert
  for (const unit of ['0006', '0007', '0008', '0009', '0010', '0011'])
    await expect(osr.unitRow(unit)).toContainText('Übermittelt');
  await expect(osr.unitRow('0001')).toContainText('Unverändert');
  await osr.unitLink('0009').click();
  await expect(osr.contract('Neu Mieter 0009')).toContainText('01.10.2025');
  await expect(osr.deliverAll).toBeDisabled();
});

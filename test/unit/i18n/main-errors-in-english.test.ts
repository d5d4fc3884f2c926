/**
 * Refusals of the main process, produced by the real services, read in the clerk's language: English names the
 * property, unit and connection from the parameters and carries no German phrase of the service; German reads exactly
 * the service's own message. Rendered by renderer/lib/error-text.ts after the IPC gate's conversion.
 */
import { rm } from 'node:fs/promises';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import de from '@renderer/locales/de/errors.json' with { type: 'json' };
import en from '@renderer/locales/en/errors.json' with { type: 'json' };
import { appErrorText } from '@renderer/lib/error-text';
import { toAppError } from '@main/ipc/errors';
import { openAgreementStore, type AgreementStore } from '@main/services/arge/agreement-store';
import { createFileExchangeClient } from '@main/services/arge/file-exchange-client';
import { createMscClient } from '@main/services/msc-client/index';
import { agreementExample } from '@test/fixtures/arge-agreement';
import { tempDir } from '@test/unit/ipc/helpers';

const i18n = i18next.createInstance();
void i18n.init({
  resources: { de: { errors: de }, en: { errors: en } },
  lng: 'en',
  fallbackLng: 'de',
  interpolation: { escapeValue: false },
  initAsync: false,
});
const english = i18n.cloneInstance({ lng: 'en' });
const german = i18n.cloneInstance({ lng: 'de' });

async function refusal(task: Promise<unknown>) {
  const error = await task.then(
    () => expect.unreachable('the service did not refuse'),
    (e: unknown) => toAppError(e),
  );
  return { error, en: appErrorText(english, error), de: appErrorText(german, error) };
}

describe('main-process refusals in the clerk language', () => {
  let dir = '';
  let store: AgreementStore;
  const connection = {
    name: 'ARGE Nord',
    mscCode: '33',
    target: { kind: 'file-exchange', customerNumber: '4711', orderCriterion: 'unit' },
  } as const;

  beforeEach(async () => {
    dir = await tempDir('kb-error-text-');
    store = await openAgreementStore(dir);
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('a file-exchange connection names the property and itself in English', async () => {
    const client = createFileExchangeClient({ connection, store });
    const noAgreement = await refusal(client.getTemplate('700100', '2025-12-31'));
    expect(noAgreement.en).toBe('No agreement has been entered for property 700100 at “ARGE Nord”.');
    expect(noAgreement.de).toBe(noAgreement.error.message);
    expect(noAgreement.de).toBe('Für die Liegenschaft 700100 ist bei „ARGE Nord“ keine Vereinbarung erfasst.');
  });

  it('says which operation a file exchange cannot do, without the German operation phrase', async () => {
    await store.save(agreementExample);
    const client = createFileExchangeClient({ connection, store });
    const refused = await refusal(client.getBillingResult('700100', '2025-12-31'));
    expect(refused.error.key).toBe('fileExchange.onlyWithApi.getBillingResult');
    expect(refused.en).toBe(
      '“ARGE Nord” gives no billing results through the interface: files are exchanged with this measuring service.',
    );
    expect(refused.en).not.toMatch(/Abrechnungsergebnis|Schnittstelle/);
    expect(refused.de).toBe(refused.error.message);
  });

  it('an MSC call refuses bad input naming the call and the property in English', async () => {
    const client = createMscClient({ baseUrl: 'http://127.0.0.1:9', profile: 'seed', auth: { kind: 'none' } });
    const refused = await refusal(client.getTemplate('700100', '2025-13-45'));
    expect(refused.error.code).toBe('VALIDATION');
    expect(refused.en).toMatch(/^Asking for the template of property 700100, period ending 2025-13-45: invalid input – /);
    expect(refused.de).toBe(refused.error.message);
    expect(refused.de).toMatch(/^Abruf der Schablone \(Liegenschaft 700100, Zeitraum bis 2025-13-45\): ungültige Eingabe – /);
    await client.close();
  });
});

import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Conf from 'conf';
import { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_CONNECTION_ID, defineMappingKind, type ConnectionInput } from '@shared/domain/connection';
import { createFileSecretStore } from '@main/services/settings/secret-store';
import { createSettingsStore, type SettingsStore } from '@main/services/settings/settings-store';
import { SettingsError } from '@main/services/settings/settings-error';
import { deserializeSettings } from '@main/services/settings/settings-file';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kb-settings-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const settingsPath = () => join(dir, 'settings.json');
let tick = 0;
function openStore(): SettingsStore {
  // The same `conf` the browser mode uses; electron-store shares this API.
  const backend = new Conf<Record<string, unknown>>({ cwd: dir, configName: 'settings', deserialize: deserializeSettings });
  return createSettingsStore({
    backend,
    secrets: createFileSecretStore(join(dir, 'secrets.json')),
    certificatesDir: join(dir, 'zertifikate'),
    now: () => new Date(Date.UTC(2025, 2, 1, 8, 0, tick++)),
  });
}

const ista: ConnectionInput = {
  name: 'ista Produktion',
  mscCode: '40',
  target: { kind: 'url', url: 'https://api.ista.example/bved' },
  profile: 'bved-v1',
  auth: {
    kind: 'oauth2-client-credentials',
    clientId: 'hv-schmidt',
    clientSecret: 'TOPSECRET-42',
    tokenUrl: 'https://login.ista.example/token',
  },
};

async function errorOf(p: Promise<unknown>): Promise<SettingsError> {
  const err = await p.catch((e: unknown) => e);
  expect(err).toBeInstanceOf(SettingsError);
  return err as SettingsError;
}

describe('settings store', () => {
  it('creates the demo connection with its secret on first start', async () => {
    const store = openStore();
    const [demo] = await store.list();
    expect(demo).toMatchObject({
      id: DEMO_CONNECTION_ID,
      name: 'Demo-Messdienst',
      target: { kind: 'embedded-demo' },
      auth: { kind: 'oauth2-client-credentials', clientId: 'demo' },
      hasSecret: true,
    });
    expect(await store.getSecret(DEMO_CONNECTION_ID)).toBe('demo-secret');
    expect((await store.read()).activeConnectionId).toBe(DEMO_CONNECTION_ID);
    expect(await store.problems()).toEqual([]);
  });

  it('saves a connection without its secret in the settings file and keeps the secret on edit', async () => {
    const store = openStore();
    const saved = await store.save(ista);
    expect(saved).toMatchObject({ name: 'ista Produktion', hasSecret: true, auth: { clientId: 'hv-schmidt' } });
    expect(saved.auth).not.toHaveProperty('clientSecret');
    const fileText = await readFile(settingsPath(), 'utf8');
    expect(fileText).toContain('hv-schmidt');
    expect(fileText).not.toContain('TOPSECRET-42');

    const edited = await openStore().save({
      ...ista,
      id: saved.id,
      name: 'ista',
      auth: { ...ista.auth, clientSecret: '' } as ConnectionInput['auth'],
    });
    expect(edited).toMatchObject({ id: saved.id, name: 'ista', createdAt: saved.createdAt, hasSecret: true });
    expect(edited.updatedAt > saved.updatedAt).toBe(true);
    const reopened = openStore();
    expect(await reopened.getSecret(saved.id)).toBe('TOPSECRET-42');
    expect((await reopened.list()).map((c) => c.name)).toEqual(['Demo-Messdienst', 'ista']);
  });

  it('refuses invalid input with German messages naming the field, and stores nothing', async () => {
    const store = openStore();
    const badUrl = await errorOf(store.save({ ...ista, target: { kind: 'url', url: 'ftp://x' } }));
    expect(badUrl.appError.code).toBe('VALIDATION');
    expect(badUrl.message).toContain('target.url: muss mit https:// beginnen');
    const garbage = await errorOf(store.save({ ...ista, target: { kind: 'url', url: 'messdienst' } }));
    expect(garbage.appError.code).toBe('VALIDATION');
    expect(garbage.message).toContain('target.url: ist keine gültige Adresse');
    const plainHttp = await errorOf(store.save({ ...ista, target: { kind: 'url', url: 'http://api.ista.example' } }));
    expect(plainHttp.message).toContain('target.url: muss mit https:// beginnen');
    const badCode = await errorOf(store.save({ ...ista, mscCode: '12' }));
    expect(badCode.message).toContain('mscCode: ist kein bekannter Messdienst (Tabelle U');
    const noSecret = await errorOf(store.save({ ...ista, auth: { kind: 'oauth2-client-credentials', clientId: 'x' } }));
    expect(noSecret.message).toBe('Für die Anmeldung per OAuth2 fehlt das Client-Secret.');
    const clash = await errorOf(store.save({ ...ista, name: ' demo-messdienst ' }));
    expect(clash.message).toBe('Es gibt schon eine Verbindung namens „Demo-Messdienst“.');
    const missingCert = await errorOf(
      store.save({ ...ista, clientCertificate: { certPath: join(dir, 'nope.pem'), keyPath: join(dir, 'nope.key') } }),
    );
    expect(missingCert.message).toBe('Die Zertifikat-Datei lässt sich nicht verwenden. Bitte über „Datei wählen …“ übernehmen.');
    const unknown = await errorOf(store.save({ ...ista, id: 'gibt-es-nicht' }));
    expect(unknown.appError).toMatchObject({ code: 'CONFLICT', details: { reason: 'not-found' } });
    expect((await openStore().list()).map((c) => c.id)).toEqual([DEMO_CONNECTION_ID]);
  });

  it('accepts readable client certificate files and switching to no auth drops the secret', async () => {
    await mkdir(join(dir, 'zertifikate'));
    await writeFile(join(dir, 'zertifikate', 'client.pem'), 'PEM');
    await writeFile(join(dir, 'zertifikate', 'client.key'), 'KEY');
    const store = openStore();
    const saved = await store.save({
      ...ista,
      clientCertificate: { certPath: join(dir, 'zertifikate', 'client.pem'), keyPath: join(dir, 'zertifikate', 'client.key') },
    });
    expect(saved.clientCertificate?.certPath).toBe(join(dir, 'zertifikate', 'client.pem'));
    const local = await store.save({ ...ista, id: saved.id, target: { kind: 'url', url: 'http://127.0.0.1:8080' } });
    expect(local.target).toEqual({ kind: 'url', url: 'http://127.0.0.1:8080' });
    const open = await store.save({ ...ista, id: saved.id, auth: { kind: 'none' } });
    expect(open.hasSecret).toBe(false);
    expect(await store.getSecret(saved.id)).toBeUndefined();
  });

  it('removes a connection with its secret and mappings; the demo does not come back', async () => {
    const kind = defineMappingKind('excel-columns:setup', z.record(z.string(), z.string()));
    const store = openStore();
    const saved = await store.save(ista);
    await store.rememberMapping(saved.id, kind, { Wohnung: 'residentialunitPmnumber' });
    await store.setActive(saved.id);
    await store.remove(saved.id);
    await store.remove(DEMO_CONNECTION_ID);
    const reopened = openStore();
    expect(await reopened.list()).toEqual([]);
    expect(await reopened.read()).toMatchObject({ activeConnectionId: null, mappings: {} });
    expect(await reopened.getSecret(saved.id)).toBeUndefined();
    expect(await reopened.getSecret(DEMO_CONNECTION_ID)).toBeUndefined();
  });

  it('remembers mappings per connection, validated by the kind schema', async () => {
    const columns = defineMappingKind('excel-columns:setup', z.record(z.string(), z.enum(['residentialunitPmnumber', 'name'])));
    const accounts = defineMappingKind('account-cost-types', z.array(z.object({ account: z.string(), costType: z.string() })));
    const store = openStore();
    await store.rememberMapping(DEMO_CONNECTION_ID, columns, { 'Whg.-Nr.': 'residentialunitPmnumber' });
    await store.rememberMapping(DEMO_CONNECTION_ID, accounts, [{ account: '8400', costType: '203' }]);
    const reopened = openStore();
    expect(await reopened.getMapping(DEMO_CONNECTION_ID, columns)).toEqual({ 'Whg.-Nr.': 'residentialunitPmnumber' });
    expect(await reopened.getMapping(DEMO_CONNECTION_ID, accounts)).toEqual([{ account: '8400', costType: '203' }]);

    const bad = await errorOf(reopened.rememberMapping(DEMO_CONNECTION_ID, columns, { A: 'unbekannt' } as never));
    expect(bad.message).toContain('„excel-columns:setup“ wurde nicht gemerkt');
    await expect(reopened.rememberMapping('nope', columns, {})).rejects.toMatchObject({
      appError: { code: 'CONFLICT', details: { reason: 'not-found' } },
    });

    // A later app version narrows the schema: the stored mapping is not used, and that is reported.
    const stricter = defineMappingKind(
      'account-cost-types',
      z.array(z.object({ account: z.string().regex(/^\d{6}$/), costType: z.string() })),
    );
    expect(await reopened.getMapping(DEMO_CONNECTION_ID, stricter)).toBeUndefined();
    expect((await reopened.problems()).map((p) => p.message)).toEqual([
      'Die gemerkte Zuordnung „account-cost-types“ passt nicht mehr und wird nicht verwendet.',
    ]);
  });

  it('sets a settings file that is not JSON aside and starts from defaults', async () => {
    await writeFile(settingsPath(), '{"schemaVersion": 1, "connections": [');
    const store = openStore();
    expect((await store.list()).map((c) => c.id)).toEqual([DEMO_CONNECTION_ID]);
    expect((await store.problems())[0]?.message).toContain('Die Einstellungsdatei war beschädigt');
    const aside = (await readdir(dir)).filter((n) => n.startsWith('settings.json.corrupt-'));
    expect(aside).toHaveLength(1);
    expect(await readFile(join(dir, aside[0]!), 'utf8')).toBe('{"schemaVersion": 1, "connections": [');
  });

  it('keeps the readable connections of a torn settings file, sets it aside and names the connections to check', async () => {
    // Issue 19, item 12: a torn settings.json used to reset every connection to the defaults.
    const store = openStore();
    const kept = await store.save(ista);
    await store.save({ ...ista, name: 'Techem Test', mscCode: '51' });
    const whole = await readFile(settingsPath(), 'utf8');
    const torn = whole.slice(0, whole.lastIndexOf('"updatedAt"'));
    await writeFile(settingsPath(), torn);

    const reopened = openStore();

    expect((await reopened.list()).map((c) => c.id)).toEqual([DEMO_CONNECTION_ID, kept.id]);
    const [problem] = await reopened.problems();
    expect(problem).toMatchObject({ key: 'settingsTornCheck', params: { check: '„Techem Test“' } });
    expect(problem?.message).toContain('Übernommen: „Demo-Messdienst“, „ista Produktion“.');
    expect(problem?.message).toContain('Bitte prüfen Sie in den Einstellungen: „Techem Test“.');
    expect(await readFile(problem!.movedTo!, 'utf8')).toBe(torn);
    expect(await reopened.getSecret(kept.id)).toBe('TOPSECRET-42');
  });

  it('keeps the valid parts of an invalid settings file, backs up the original and reports what was dropped', async () => {
    const store = openStore();
    const saved = await store.save(ista);
    const original = JSON.parse(await readFile(settingsPath(), 'utf8')) as { connections: Record<string, unknown>[] };
    original.connections.push({ ...original.connections[1], id: 'kaputt', name: 'Kalo', mscCode: 'XX' });
    await writeFile(settingsPath(), JSON.stringify({ ...original, mappings: 'falsch' }));

    const reopened = openStore();
    expect((await reopened.list()).map((c) => c.id)).toEqual([DEMO_CONNECTION_ID, saved.id]);
    const [problem] = await reopened.problems();
    expect(problem?.message).toContain('Verbindung 3 „Kalo“ verworfen (mscCode: ist kein bekannter Messdienst');
    expect(problem?.message).toContain('gemerkte Zuordnungen verworfen');
    const backup = JSON.parse(await readFile(problem!.movedTo!, 'utf8')) as { connections: unknown[] };
    expect(backup.connections).toHaveLength(3);
    // The repaired file is valid again: the next start reports nothing.
    expect(await openStore().problems()).toEqual([]);
    expect(await openStore().getSecret(saved.id)).toBe('TOPSECRET-42');
  });

  it('notices a lost secret and asks for it again', async () => {
    const store = openStore();
    const saved = await store.save(ista);
    await rm(join(dir, 'secrets.json'));
    const reopened = openStore();
    expect(await reopened.get(saved.id)).toMatchObject({ hasSecret: false, secretLost: 'missing' });
    expect((await reopened.problems()).map((p) => p.message)).toContain(
      'Für die Verbindung „ista Produktion“ ist kein Client-Secret mehr gespeichert; bitte in den Einstellungen neu eingeben.',
    );
  });
});

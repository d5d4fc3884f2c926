/**
 * Chooses where connection secrets go, once, on first use: Electron's safeStorage where the desktop app has it,
 * else the OS credential store if a probe shows it works, else the user-only file. The choice is reported as it
 * is, so no screen calls a plain file encrypted.
 *
 * A data folder can move between the desktop app and browser mode. Whatever the new place can read moves there
 * (plain entries into safeStorage or the credential store, the credential store's into safeStorage); what it cannot
 * read (safeStorage entries in browser mode) stays untouched for the desktop app, and the settings store asks for
 * those secrets again, saying why.
 */
import type { SecretStorage } from '@shared/domain/connection';
import { createEncryptedSecretStore, createFileSecretStore } from '@main/services/settings/secret-store';
import type { SecretCipher, SecretFile, SecretStore } from '@main/services/settings/secret-store';
import {
  createKeyringSecretStore,
  probeCredentialStore,
  withCredentialImport,
} from '@main/services/settings/keyring-secret-store';
import type { CredentialStore } from '@main/services/settings/keyring-secret-store';

export type SecretBackendOptions = {
  /** The secrets file (plain, or encrypted with `cipher`). */
  path: string;
  /**
   * Electron's safeStorage: used first where it really encrypts; where it only obfuscates (Linux "basic_text") it
   * only reads back the file it wrote, whose secrets then move on to the credential store or the user-only file.
   */
  cipher?: SecretCipher | undefined;
  /**
   * Opens the OS credential store; rejects (or the probe fails) where there is none. With safeStorage it is only
   * opened to take over secrets browser mode kept there.
   */
  credentials?: (() => Promise<CredentialStore>) | undefined;
  /** Account names in the credential store are `<id> @ <scope>`, so two data folders never share a secret. */
  scope: string;
  probeTimeoutMs?: number;
  log?: (message: string) => void;
};

export const PROBE_TIMEOUT_MS = 3000;
const PROBE_ID = '(probe)';

/** A SecretStore that picks its backend on first use; `storage()` says which it picked. */
export function createSecretStore(options: SecretBackendOptions): SecretStore {
  const log = options.log ?? (() => undefined);
  const timeoutMs = options.probeTimeoutMs ?? PROBE_TIMEOUT_MS;
  const accountOf = (id: string) => `${id} @ ${options.scope}`;
  let chosen: Promise<SecretStore> | undefined;
  let current: SecretStore | undefined;

  /** Brings the file's entries into its own encoding; what cannot be read here stays untouched for who can. */
  async function convert(file: SecretFile): Promise<void> {
    const left = await file.convert();
    if (left.length > 0) log(`Secrets of ${left.join(', ')} in ${file.path} stay as they are: they cannot be converted here.`);
  }

  async function choose(): Promise<SecretStore> {
    const { cipher, credentials: openCredentials } = options;
    if (cipher && !cipher.obfuscatesOnly) {
      const encrypted = createEncryptedSecretStore(options.path, cipher);
      // Plain secrets browser mode left in this data folder are encrypted now, so none stays readable on disk.
      await convert(encrypted);
      if (!openCredentials) return encrypted;
      return withCredentialImport({ file: encrypted, credentials: openCredentials, accountOf, timeoutMs, warn: log });
    }
    // Entries safeStorage's obfuscating fallback wrote are still read back (and moved on) with it.
    const file = createFileSecretStore(options.path, cipher);
    const keyring = openCredentials ? await workingCredentialStore(openCredentials) : undefined;
    if (!keyring) {
      if (cipher) await convert(file);
      return file;
    }
    return createKeyringSecretStore({ credentials: keyring, file, accountOf, warn: log });
  }

  async function workingCredentialStore(open: () => Promise<CredentialStore>): Promise<CredentialStore | undefined> {
    let credentials: CredentialStore;
    try {
      credentials = await open();
    } catch (err) {
      log(`No OS credential store (${err instanceof Error ? err.message : String(err)}); secrets go to ${options.path}.`);
      return undefined;
    }
    const probe = await probeCredentialStore(credentials, accountOf(PROBE_ID), timeoutMs);
    if (!probe.ok) {
      log(`The OS credential store does not work here (${probe.reason}); secrets go to ${options.path}.`);
      return undefined;
    }
    return credentials;
  }

  const store = async (): Promise<SecretStore> => (current = await (chosen ??= choose()));

  return {
    get: async (id) => (await store()).get(id),
    set: async (id, secret) => {
      await (await store()).set(id, secret);
    },
    delete: async (id) => {
      await (await store()).delete(id);
    },
    lossOf: async (id) => (await store()).lossOf(id),
    problems: () => current?.problems?.() ?? [],
    storage: async (): Promise<SecretStorage> => (await store()).storage(),
  };
}

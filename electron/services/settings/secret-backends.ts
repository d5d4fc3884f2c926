/**
 * Chooses where connection secrets go, once, on first use: Electron's safeStorage where the desktop app has it,
 * else the OS credential store if a probe shows it works, else the user-only file. The choice is reported as it
 * is, so no screen calls a plain file encrypted.
 */
import type { SecretStorage } from '@shared/domain/connection';
import { createEncryptedSecretStore, createFileSecretStore, recodeSecretFile } from '@main/services/settings/secret-store';
import type { SecretCipher, SecretStore } from '@main/services/settings/secret-store';
import { createKeyringSecretStore, probeCredentialStore } from '@main/services/settings/keyring-secret-store';
import type { CredentialStore } from '@main/services/settings/keyring-secret-store';

export type SecretBackendOptions = {
  /** The secrets file (plain, or encrypted with `cipher`). */
  path: string;
  /**
   * Electron's safeStorage: used first where it really encrypts; where it only obfuscates (Linux "basic_text") it
   * only reads back the file it wrote, whose secrets then move on to the credential store or the user-only file.
   */
  cipher?: SecretCipher | undefined;
  /** Opens the OS credential store; rejects (or the probe fails) where there is none. */
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
  const file = createFileSecretStore(options.path);
  let chosen: Promise<SecretStore> | undefined;
  let current: SecretStore | undefined;

  async function recode(cipher: SecretCipher, to: 'plain' | 'encrypted'): Promise<void> {
    const lost = await recodeSecretFile(options.path, cipher, to);
    if (lost.length > 0) log(`Secrets of ${lost.join(', ')} in ${options.path} could not be decrypted and must be re-entered.`);
  }

  async function choose(): Promise<SecretStore> {
    const { cipher } = options;
    if (cipher && !cipher.obfuscatesOnly) {
      await recode(cipher, 'encrypted');
      return createEncryptedSecretStore(options.path, cipher);
    }
    if (cipher) await recode(cipher, 'plain');
    if (!options.credentials) return file;
    const accountOf = (id: string) => `${id} @ ${options.scope}`;
    let credentials: CredentialStore;
    try {
      credentials = await options.credentials();
    } catch (err) {
      log(`No OS credential store (${err instanceof Error ? err.message : String(err)}); secrets go to ${options.path}.`);
      return file;
    }
    const probe = await probeCredentialStore(credentials, accountOf(PROBE_ID), options.probeTimeoutMs ?? PROBE_TIMEOUT_MS);
    if (!probe.ok) {
      log(`The OS credential store does not work here (${probe.reason}); secrets go to ${options.path}.`);
      return file;
    }
    return createKeyringSecretStore({ credentials, file, accountOf, warn: log });
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
    problems: () => current?.problems?.() ?? [],
    storage: async (): Promise<SecretStorage> => (await store()).storage(),
  };
}

/**
 * Secrets in the operating system's credential store (Windows Credential Manager, macOS Keychain, the Secret
 * Service on Linux). The binding comes in as a narrow `CredentialStore`, so this stays plain Node and testable
 * with a fake; the composition root binds it to @napi-rs/keyring.
 */
import { randomBytes } from 'node:crypto';
import type { SecretFile, SecretStore } from '@main/services/settings/secret-store';
import { SettingsError } from '@main/services/settings/settings-error';

/** What the secret store needs of an OS credential store: one password per account name. */
export type CredentialStore = {
  /** `undefined` when the account has no password stored. */
  get: (account: string) => Promise<string | undefined>;
  set: (account: string, secret: string) => Promise<void>;
  delete: (account: string) => Promise<void>;
};

export type ProbeResult = { ok: true } | { ok: false; reason: string };

/**
 * Whether the credential store really works here: writes, reads back and deletes a test entry, all within
 * `timeoutMs` (a Secret Service that is not running can leave D-Bus calls hanging instead of failing).
 */
export async function probeCredentialStore(store: CredentialStore, account: string, timeoutMs: number): Promise<ProbeResult> {
  const value = randomBytes(12).toString('hex');
  const roundTrip = async (): Promise<ProbeResult> => {
    await store.set(account, value);
    const back = await store.get(account);
    await store.delete(account);
    return back === value ? { ok: true } : { ok: false, reason: 'the test entry read back differently' };
  };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<ProbeResult>((resolve) => {
    timer = setTimeout(() => {
      resolve({ ok: false, reason: `no answer within ${String(timeoutMs)} ms` });
    }, timeoutMs);
  });
  try {
    return await Promise.race([roundTrip(), timeout]);
  } catch (err) {
    return { ok: false, reason: err instanceof Error ? err.message : String(err) };
  } finally {
    clearTimeout(timer);
  }
}

export type KeyringSecretStoreOptions = {
  credentials: CredentialStore;
  /** The user-only secrets file: moved into the credential store on first use, then emptied. */
  file: SecretFile;
  /** The credential store's account name of a connection's secret (unique per data folder). */
  accountOf: (id: string) => string;
  /** Where a secret that could not be moved is reported (it stays in the file and keeps working). */
  warn?: (message: string) => void;
};

/**
 * Secrets in the credential store. Secrets still in the secrets file (from a start without a credential store)
 * are moved over first, one by one, each removed from the file only after it reads back intact.
 */
export function createKeyringSecretStore({
  credentials,
  file,
  accountOf,
  warn = () => undefined,
}: KeyringSecretStoreOptions): SecretStore {
  let migrated: Promise<void> | undefined;
  const ready = (): Promise<void> => (migrated ??= migrate());

  async function migrate(): Promise<void> {
    for (const id of await file.ids()) {
      const secret = await file.get(id);
      if (secret === undefined) continue;
      try {
        await credentials.set(accountOf(id), secret);
        if ((await credentials.get(accountOf(id))) !== secret) throw new Error('the secret read back differently');
        await file.delete(id);
      } catch (err) {
        warn(
          `The secret of connection "${id}" stays in ${file.path}: moving it to the OS credential store failed (${reason(err)}).`,
        );
      }
    }
  }

  async function read(id: string): Promise<string | undefined> {
    try {
      return await credentials.get(accountOf(id));
    } catch (err) {
      throw storageError('keyring-read', 'gelesen', err);
    }
  }

  return {
    storage: () => Promise.resolve({ backend: 'os-keyring' }),
    async get(id) {
      await ready();
      // A secret the move could not take is still in the file and must keep working.
      return (await read(id)) ?? (await file.get(id));
    },
    async set(id, secret) {
      await ready();
      try {
        await credentials.set(accountOf(id), secret);
      } catch (err) {
        throw storageError('keyring-write', 'gespeichert', err);
      }
      // An older copy left in the file would outlive the new secret in plain text.
      await file.delete(id);
    },
    async delete(id) {
      await ready();
      try {
        await credentials.delete(accountOf(id));
      } catch (err) {
        throw storageError('keyring-delete', 'entfernt', err);
      }
      await file.delete(id);
    },
    lossOf: (id) => file.lossOf(id),
    problems: () => file.problems?.() ?? [],
  };
}

export type CredentialImportOptions = {
  /** The desktop app's encrypted secrets file. */
  file: SecretFile;
  /** Opens the OS credential store; only called once a secret is not in the file. */
  credentials: () => Promise<CredentialStore>;
  accountOf: (id: string) => string;
  /** How long one call may take (a Secret Service that is not running can leave D-Bus calls hanging). */
  timeoutMs: number;
  warn?: (message: string) => void;
};

/**
 * The desktop app's encrypted secrets file, which also takes over the secrets browser mode kept for this data
 * folder in the OS credential store: a secret not in the file is looked up there the first time it is asked for
 * (the settings store asks for every connection's at start), encrypted into the file and then removed from the
 * credential store, so there is one copy, where the desktop app keeps its secrets.
 */
export function withCredentialImport({
  file,
  credentials,
  accountOf,
  timeoutMs,
  warn = () => undefined,
}: CredentialImportOptions): SecretStore {
  let opened: Promise<CredentialStore | undefined> | undefined;
  const open = (): Promise<CredentialStore | undefined> =>
    (opened ??= withTimeout(credentials(), timeoutMs).catch(() => undefined));

  async function take(id: string): Promise<string | undefined> {
    const store = await open();
    if (!store) return undefined;
    let secret: string | undefined;
    try {
      secret = await withTimeout(store.get(accountOf(id)), timeoutMs);
    } catch {
      // Asked once, not again for every connection: the desktop app does not depend on the credential store.
      opened = Promise.resolve(undefined);
      return undefined;
    }
    if (secret === undefined) return undefined;
    try {
      await file.set(id, secret);
      if ((await file.get(id)) !== secret) throw new Error('the secret read back differently');
      await withTimeout(store.delete(accountOf(id)), timeoutMs);
    } catch (err) {
      warn(
        `The secret of connection "${id}" stays in the OS credential store: moving it to ${file.path} failed (${reason(err)}).`,
      );
    }
    return secret;
  }

  return {
    storage: () => file.storage(),
    get: async (id) => (await file.get(id)) ?? (await take(id)),
    set: (id, secret) => file.set(id, secret),
    delete: (id) => file.delete(id),
    lossOf: (id) => file.lossOf(id),
    problems: () => file.problems?.() ?? [],
  };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`no answer within ${String(ms)} ms`));
    }, ms);
  });
  return Promise.race([work, timeout]).finally(() => {
    clearTimeout(timer);
  });
}

function reason(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function storageError(what: 'keyring-read' | 'keyring-write' | 'keyring-delete', verb: string, err: unknown): SettingsError {
  return new SettingsError(
    'STORAGE',
    `Das Kennwort konnte nicht im Anmeldeinformationsspeicher des Betriebssystems ${verb} werden (${reason(err)}). ` +
      'Bitte prüfen Sie, ob der Schlüsselbund entsperrt ist, und versuchen Sie es erneut.',
    { reason: what },
  );
}

/**
 * Connection secrets, kept out of the settings file, in one of three places (chosen in secret-backends.ts): the
 * OS credential store (keyring-secret-store.ts), the secrets file with each secret encrypted by Electron's
 * safeStorage (passed in as a cipher), or, where neither exists, the same file in plain text, readable only by the
 * user's account.
 *
 * Every entry of the file says how it is stored, because one data folder can be used by the desktop app and by
 * browser mode in turn: browser mode cannot decrypt the desktop app's entries, so it leaves them as they are (the
 * desktop app still reads them) and asks for those secrets again; the desktop app encrypts the plain entries that
 * browser mode wrote.
 */
import { chmod, stat } from 'node:fs/promises';
import { z } from 'zod';
import type { SecretLoss, SecretStorage, SettingsProblem } from '@shared/domain/connection';
import { moveAsideCorrupt, readJsonIfExists, writeJsonAtomic } from '@main/lib/atomic-file';

export type SecretStore = {
  get: (id: string) => Promise<string | undefined>;
  set: (id: string, secret: string) => Promise<void>;
  delete: (id: string) => Promise<void>;
  /** Why `get` found no secret for `id`, so the clerk is told why it must be entered again. */
  lossOf: (id: string) => Promise<SecretLoss>;
  /** Files that could not be used (set aside) and secrets that could not be decrypted. */
  problems?(): readonly SettingsProblem[];
  /** Where the secrets go, as the connection form tells the clerk. */
  storage: () => Promise<SecretStorage>;
};

/** The secrets file, which can also list what it holds and bring every entry it can read into its own encoding. */
export type SecretFile = SecretStore & {
  readonly path: string;
  ids: () => Promise<string[]>;
  /**
   * Rewrites each entry not yet in the encoding new secrets get (plain → encrypted, or an obfuscated entry →
   * plain); returns the ids it had to leave as they are (not decryptable here, or encryption failed).
   */
  convert: () => Promise<string[]>;
};

/** The subset of Electron's safeStorage the encrypted store needs. */
export type SecretCipher = {
  encrypt: (plain: string) => Buffer;
  decrypt: (data: Buffer) => string;
  /**
   * True for safeStorage's Linux fallback ("basic_text"), whose key is built into Chromium: it protects nothing,
   * so it is only used to read back entries it wrote before, never to store.
   */
  obfuscatesOnly?: boolean;
};

type Encoding = 'plain' | 'encrypted';
type Entry = { encoding: Encoding; value: string };

const EncodingSchema = z.enum(['plain', 'encrypted']);
/** Version 1 had one encoding for the whole file (before browser mode and the desktop app could share it). */
const FileV1 = z.object({ version: z.literal(1), encoding: EncodingSchema, secrets: z.record(z.string(), z.string()) }).strict();
const FileV2 = z
  .object({
    version: z.literal(2),
    secrets: z.record(z.string(), z.object({ encoding: EncodingSchema, value: z.string() }).strict()),
  })
  .strict();

/**
 * Plain entries, file mode 0600 (browser mode, or where no OS keychain is at hand). `cipher` is Electron's
 * obfuscating Linux fallback, if the desktop app has it: entries it wrote are read back and, on `convert`, stored
 * plain, which is what they effectively were.
 */
export function createFileSecretStore(path: string, cipher?: SecretCipher): SecretFile {
  return createSecretFile(path, 'plain', cipher);
}

/** New entries encrypted one by one with `cipher` (Electron's safeStorage in the desktop app), stored base64. */
export function createEncryptedSecretStore(path: string, cipher: SecretCipher): SecretFile {
  return createSecretFile(path, 'encrypted', cipher);
}

function createSecretFile(path: string, storeAs: Encoding, cipher: SecretCipher | undefined): SecretFile {
  const problems: SettingsProblem[] = [];
  let loaded: Promise<Map<string, Entry>> | undefined;
  let chain: Promise<unknown> = Promise.resolve();

  const load = (): Promise<Map<string, Entry>> => (loaded ??= readSecrets(path, problems));

  function serial<T>(task: () => Promise<T>): Promise<T> {
    const run = chain.then(task, task);
    chain = run.catch(() => undefined);
    return run;
  }

  async function replace(map: Map<string, Entry>, next: Map<string, Entry>): Promise<void> {
    await writeJsonAtomic(path, { version: 2, secrets: Object.fromEntries(next) });
    map.clear();
    for (const [id, entry] of next) map.set(id, entry);
  }

  function encode(secret: string): Entry {
    if (storeAs === 'plain') return { encoding: 'plain', value: secret };
    if (!cipher) throw new Error('no cipher to encrypt with');
    return { encoding: 'encrypted', value: cipher.encrypt(secret).toString('base64') };
  }

  /** The secret of an entry; throws where it cannot be decrypted. */
  function decode(entry: Entry): string {
    if (entry.encoding === 'plain') return entry.value;
    if (!cipher) throw new Error('no cipher to decrypt with');
    return cipher.decrypt(Buffer.from(entry.value, 'base64'));
  }

  function reportUndecryptable(id: string): void {
    const message = `Das gespeicherte Secret der Verbindung „${id}“ lässt sich nicht entschlüsseln; bitte neu eingeben.`;
    if (!problems.some((p) => p.message === message)) problems.push({ file: path, message, at: new Date().toISOString() });
  }

  return {
    path,
    storage: () => Promise.resolve({ backend: storeAs === 'plain' ? 'file' : 'electron-safe-storage', path }),
    ids: async () => [...(await load()).keys()],
    async get(id) {
      const entry = (await load()).get(id);
      if (entry === undefined) return undefined;
      // Without any cipher (browser mode) an encrypted entry is the desktop app's: not an error, just not ours.
      if (entry.encoding === 'encrypted' && !cipher) return undefined;
      try {
        return decode(entry);
      } catch {
        reportUndecryptable(id);
        return undefined;
      }
    },
    async lossOf(id) {
      const entry = (await load()).get(id);
      if (entry === undefined) return 'missing';
      return cipher ? 'undecryptable' : 'desktop-encrypted';
    },
    set: (id, secret) =>
      serial(async () => {
        const map = await load();
        await replace(map, new Map(map).set(id, encode(secret)));
      }),
    delete: (id) =>
      serial(async () => {
        const map = await load();
        if (!map.has(id)) return;
        const next = new Map(map);
        next.delete(id);
        await replace(map, next);
      }),
    convert: () =>
      serial(async () => {
        const map = await load();
        const next = new Map(map);
        const left: string[] = [];
        let changed = false;
        for (const [id, entry] of map) {
          if (entry.encoding === storeAs) continue;
          try {
            next.set(id, encode(decode(entry)));
            changed = true;
          } catch {
            left.push(id);
          }
        }
        if (changed) await replace(map, next);
        return left;
      }),
    problems: () => problems,
  };
}

async function readSecrets(path: string, problems: SettingsProblem[]): Promise<Map<string, Entry>> {
  let raw: unknown;
  try {
    raw = await readJsonIfExists(path);
  } catch (err) {
    if (!(err instanceof SyntaxError)) throw err;
    problems.push(await setAside(path, 'Die Secret-Datei ist beschädigt (kein gültiges JSON)'));
    return new Map();
  }
  if (raw === undefined) return new Map();
  const entries = parseSecrets(raw);
  if (!entries) {
    problems.push(await setAside(path, 'Die Secret-Datei ist nicht verwendbar (unbekannter Aufbau)'));
    return new Map();
  }
  await tightenMode(path);
  return entries;
}

function parseSecrets(raw: unknown): Map<string, Entry> | undefined {
  const v2 = FileV2.safeParse(raw);
  if (v2.success) return new Map(Object.entries(v2.data.secrets));
  const v1 = FileV1.safeParse(raw);
  if (!v1.success) return undefined;
  const { encoding, secrets } = v1.data;
  return new Map(Object.entries(secrets).map(([id, value]) => [id, { encoding, value }]));
}

async function setAside(path: string, why: string): Promise<SettingsProblem> {
  const at = new Date();
  const movedTo = await moveAsideCorrupt(path, at);
  const where = movedTo === undefined ? '' : ` Sie wurde nach ${movedTo} verschoben.`;
  return {
    file: path,
    movedTo,
    message: `${why}; gespeicherte Secrets müssen neu eingegeben werden.${where}`,
    at: at.toISOString(),
  };
}

/** A secrets file someone made group/world-readable is set back to 0600 (no-op on Windows). */
async function tightenMode(path: string): Promise<void> {
  if (process.platform === 'win32') return;
  const { mode } = await stat(path);
  if ((mode & 0o077) !== 0) await chmod(path, 0o600);
}

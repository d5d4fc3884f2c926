/**
 * Connection secrets, kept out of the settings file, in one of three places (chosen in secret-backends.ts): the
 * OS credential store (keyring-secret-store.ts), a file encrypted with Electron's safeStorage (passed in as a
 * cipher), or, where neither exists, a plain JSON file only the user's account can read.
 */
import { chmod, stat } from 'node:fs/promises';
import { z } from 'zod';
import type { SecretStorage, SettingsProblem } from '@shared/domain/connection';
import { moveAsideCorrupt, readJsonIfExists, writeJsonAtomic } from '@main/lib/atomic-file';

export type SecretStore = {
  get: (id: string) => Promise<string | undefined>;
  set: (id: string, secret: string) => Promise<void>;
  delete: (id: string) => Promise<void>;
  /** Files that could not be used (set aside) and secrets that could not be decrypted. */
  problems?(): readonly SettingsProblem[];
  /** Where the secrets go, as the connection form tells the clerk. */
  storage: () => Promise<SecretStorage>;
};

/** A secrets file, which can also list what it holds (to move it into the OS credential store). */
export type SecretFile = SecretStore & { ids: () => Promise<string[]>; readonly path: string };

/** The subset of Electron's safeStorage the encrypted store needs. */
export type SecretCipher = {
  encrypt: (plain: string) => Buffer;
  decrypt: (data: Buffer) => string;
  /**
   * True for safeStorage's Linux fallback ("basic_text"), whose key is built into Chromium: it protects nothing,
   * so it is only used to read back a file it wrote before, never to store.
   */
  obfuscatesOnly?: boolean;
};

type Codec = { encoding: 'plain' | 'encrypted'; encode: (plain: string) => string; decode: (stored: string) => string };

const SecretFile = z
  .object({ version: z.literal(1), encoding: z.enum(['plain', 'encrypted']), secrets: z.record(z.string(), z.string()) })
  .strict();

/** Secrets in plain JSON, file mode 0600 (browser mode, where no OS keychain is at hand). */
export function createFileSecretStore(path: string): SecretFile {
  return createSecretFile(path, { encoding: 'plain', encode: (s) => s, decode: (s) => s }, 'file');
}

/** Secrets encrypted one by one with `cipher` (Electron's safeStorage in the desktop app), stored base64. */
export function createEncryptedSecretStore(path: string, cipher: SecretCipher): SecretFile {
  const codec: Codec = {
    encoding: 'encrypted',
    encode: (s) => cipher.encrypt(s).toString('base64'),
    decode: (s) => cipher.decrypt(Buffer.from(s, 'base64')),
  };
  return createSecretFile(path, codec, 'electron-safe-storage');
}

function createSecretFile(path: string, codec: Codec, backend: 'file' | 'electron-safe-storage'): SecretFile {
  const problems: SettingsProblem[] = [];
  let loaded: Promise<Map<string, string>> | undefined;
  let chain: Promise<unknown> = Promise.resolve();

  const load = (): Promise<Map<string, string>> => (loaded ??= readSecrets(path, codec, problems));

  function serial<T>(task: () => Promise<T>): Promise<T> {
    const run = chain.then(task, task);
    chain = run.catch(() => undefined);
    return run;
  }

  async function persist(map: Map<string, string>): Promise<void> {
    await writeJsonAtomic(path, { version: 1, encoding: codec.encoding, secrets: Object.fromEntries(map) });
  }

  return {
    path,
    storage: () => Promise.resolve({ backend, path }),
    ids: async () => [...(await load()).keys()],
    async get(id) {
      const stored = (await load()).get(id);
      if (stored === undefined) return undefined;
      try {
        return codec.decode(stored);
      } catch {
        problems.push({
          file: path,
          message: `Das gespeicherte Secret der Verbindung „${id}“ lässt sich nicht entschlüsseln; bitte neu eingeben.`,
          at: new Date().toISOString(),
        });
        return undefined;
      }
    },
    set: (id, secret) =>
      serial(async () => {
        const map = await load();
        const next = new Map(map).set(id, codec.encode(secret));
        await persist(next);
        map.set(id, next.get(id) ?? '');
      }),
    delete: (id) =>
      serial(async () => {
        const map = await load();
        if (!map.has(id)) return;
        const next = new Map(map);
        next.delete(id);
        await persist(next);
        map.delete(id);
      }),
    problems: () => problems,
  };
}

/**
 * Rewrites the secrets file in the encoding the chosen backend reads (`plain` or `encrypted` with `cipher`), so a
 * switch between the user-only file and safeStorage keeps every secret instead of setting the file aside. Returns
 * the ids whose secret could not be decrypted (they are dropped; the settings store then asks to re-enter them).
 */
export async function recodeSecretFile(path: string, cipher: SecretCipher, to: 'plain' | 'encrypted'): Promise<string[]> {
  const parsed = SecretFile.safeParse(await readJsonIfExists(path).catch(() => undefined));
  if (!parsed.success || parsed.data.encoding === to) return [];
  const secrets: Record<string, string> = {};
  const lost: string[] = [];
  for (const [id, stored] of Object.entries(parsed.data.secrets)) {
    try {
      const plain = to === 'plain' ? cipher.decrypt(Buffer.from(stored, 'base64')) : stored;
      secrets[id] = to === 'plain' ? plain : cipher.encrypt(plain).toString('base64');
    } catch {
      lost.push(id);
    }
  }
  await writeJsonAtomic(path, { version: 1, encoding: to, secrets });
  return lost;
}

async function readSecrets(path: string, codec: Codec, problems: SettingsProblem[]): Promise<Map<string, string>> {
  let raw: unknown;
  try {
    raw = await readJsonIfExists(path);
  } catch (err) {
    if (!(err instanceof SyntaxError)) throw err;
    problems.push(await setAside(path, 'Die Secret-Datei ist beschädigt (kein gültiges JSON)'));
    return new Map();
  }
  if (raw === undefined) return new Map();
  const parsed = SecretFile.safeParse(raw);
  if (!parsed.success || parsed.data.encoding !== codec.encoding) {
    const why = parsed.success ? `sie ist „${parsed.data.encoding}“ gespeichert statt „${codec.encoding}“` : 'unbekannter Aufbau';
    problems.push(await setAside(path, `Die Secret-Datei ist nicht verwendbar (${why})`));
    return new Map();
  }
  await tightenMode(path);
  return new Map(Object.entries(parsed.data.secrets));
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

/**
 * Electron's safeStorage as the secret store's cipher, in plain Node (the composition root passes safeStorage in),
 * so the rule for Linux is tested without Electron: DPAPI on Windows and the Keychain on macOS encrypt; on Linux
 * only a secret service (libsecret, KWallet) does. Without one Electron falls back to "basic_text", a key built
 * into Chromium that protects nothing: such a cipher is marked `obfuscatesOnly`, is never used to store and never
 * reported as encryption (secrets then go to the OS credential store or the user-only file, named as plain).
 */
import type { SecretCipher } from '@main/services/settings/secret-store';

/** The part of Electron's safeStorage used here (the synchronous API, as the SecretStore is built on it). */
export type SafeStorageLike = {
  isEncryptionAvailable: () => boolean;
  encryptString: (plain: string) => Buffer;
  decryptString: (data: Buffer) => string;
  /** Linux only: `basic_text`, `gnome_libsecret`, `kwallet`, `kwallet5`, `kwallet6` or `unknown`. */
  getSelectedStorageBackend: () => string;
};

/** Linux backends that do not really encrypt; `unknown` counts as one, since nothing shows it would. */
const OBFUSCATING_BACKENDS: readonly string[] = ['basic_text', 'unknown'];

export function cipherFromSafeStorage(
  safeStorage: SafeStorageLike,
  platform: NodeJS.Platform = process.platform,
): SecretCipher | undefined {
  if (!safeStorage.isEncryptionAvailable()) return undefined;
  const obfuscatesOnly = platform === 'linux' && OBFUSCATING_BACKENDS.includes(safeStorage.getSelectedStorageBackend());
  return {
    encrypt: (s: string) => safeStorage.encryptString(s),
    decrypt: (b: Buffer) => safeStorage.decryptString(b),
    obfuscatesOnly,
  };
}

/** Electron-only storage parts handed to the app context: settings via electron-store, secrets via safeStorage. */
import type { SafeStorage } from 'electron';
import ElectronStore from 'electron-store';
import type { SettingsBackendFactory } from '@main/app/app-context';
import type { SecretCipher } from '@main/services/settings/secret-store';

export const electronStoreBackend: SettingsBackendFactory = (options) => new ElectronStore<Record<string, unknown>>(options);

/**
 * safeStorage (DPAPI on Windows, the Keychain on macOS, libsecret/KWallet on Linux). On Linux without a secret
 * service Electron falls back to "basic_text", a key built into Chromium: that is no protection, so it is marked
 * `obfuscatesOnly` and never used (or reported) as encryption; the app context then tries the OS credential store
 * and else a user-only file, and moves what the old file held there.
 */
/* eslint-disable @typescript-eslint/no-deprecated -- the SecretStore is synchronous; the async safeStorage API would need it to change */
export function safeStorageCipher(safeStorage: SafeStorage): SecretCipher | undefined {
  if (!safeStorage.isEncryptionAvailable()) return undefined;
  const obfuscatesOnly =
    process.platform === 'linux' && ['basic_text', 'unknown'].includes(safeStorage.getSelectedStorageBackend());
  return {
    encrypt: (s: string) => safeStorage.encryptString(s),
    decrypt: (b: Buffer) => safeStorage.decryptString(b),
    obfuscatesOnly,
  };
}
/* eslint-enable @typescript-eslint/no-deprecated */

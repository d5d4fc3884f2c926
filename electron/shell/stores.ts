/** Electron-only storage parts handed to the app context: settings via electron-store, secrets via safeStorage. */
import type { SafeStorage } from 'electron';
import ElectronStore from 'electron-store';
import type { SettingsBackendFactory } from '@main/app/app-context';
import type { SecretCipher } from '@main/services/settings/secret-store';

export const electronStoreBackend: SettingsBackendFactory = (options) => new ElectronStore<Record<string, unknown>>(options);

/** The OS keychain (DPAPI on Windows) when available; otherwise the caller falls back to a user-only file. */
/* eslint-disable @typescript-eslint/no-deprecated -- the SecretStore is synchronous; the async safeStorage API would need it to change */
export function safeStorageCipher(safeStorage: SafeStorage): SecretCipher | undefined {
  if (!safeStorage.isEncryptionAvailable()) return undefined;
  return {
    encrypt: (s: string) => safeStorage.encryptString(s),
    decrypt: (b: Buffer) => safeStorage.decryptString(b),
  };
}
/* eslint-enable @typescript-eslint/no-deprecated */

/** Electron-only storage parts handed to the app context: settings via electron-store, secrets via safeStorage. */
import type { SafeStorage } from 'electron';
import ElectronStore from 'electron-store';
import type { SettingsBackendFactory } from '@main/app/app-context';
import type { SecretCipher } from '@main/services/settings/secret-store';
import { cipherFromSafeStorage } from '@main/services/settings/safe-storage-cipher';

export const electronStoreBackend: SettingsBackendFactory = (options) => new ElectronStore<Record<string, unknown>>(options);

/**
 * safeStorage (DPAPI on Windows, the Keychain on macOS, libsecret/KWallet on Linux); on Linux without a secret
 * service it is only Electron's "basic_text" obfuscation, which the cipher marks as such (safe-storage-cipher.ts).
 */
/* eslint-disable @typescript-eslint/no-deprecated -- the SecretStore is synchronous; the async safeStorage API would need it to change */
export function safeStorageCipher(safeStorage: SafeStorage): SecretCipher | undefined {
  return cipherFromSafeStorage({
    isEncryptionAvailable: () => safeStorage.isEncryptionAvailable(),
    encryptString: (s) => safeStorage.encryptString(s),
    decryptString: (b) => safeStorage.decryptString(b),
    getSelectedStorageBackend: () => safeStorage.getSelectedStorageBackend(),
  });
}
/* eslint-enable @typescript-eslint/no-deprecated */

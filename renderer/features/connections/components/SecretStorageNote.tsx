import { Code } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { useSecretStorage } from '@renderer/features/connections/queries';

/**
 * Where a password typed here goes, as the main process really stores it: the OS credential store, a file
 * encrypted by Electron's safeStorage, or a plain file only the clerk's account can read (never called encrypted).
 */
export function SecretStorageNote() {
  const { t } = useTranslation('connections');
  const storage = useSecretStorage();
  if (!storage) return null;
  return (
    <span data-testid="secret-storage">
      <Trans
        t={t}
        i18nKey={`secret.${storage.backend}`}
        values={{ path: storage.path ?? '' }}
        components={[<Code key="path" className="connection-path" />]}
      />
    </span>
  );
}

import { useTranslation } from 'react-i18next';
import type { SecretLoss } from '@shared/domain/connection';
import { useAppMode } from '@renderer/features/connections/queries';
import { ConnectionNotice } from '@renderer/features/connections/components/ConnectionNotice';

type Props = { reason: SecretLoss; where: 'card' | 'form' };

const LOSS_KEYS = {
  undecryptable: 'secretLost.undecryptable',
  missing: 'secretLost.missing',
  'address-changed': 'secretLost.addressChanged',
  'other-desk': 'secretLost.otherDesk.text',
} as const;

/**
 * Why the stored password of a connection cannot be used and must be entered again. The commonest case is a data
 * folder the desktop app used before: its safeStorage encryption cannot be read in browser mode (the desktop app
 * still can, so nothing was deleted).
 */
export function SecretLostNotice({ reason, where }: Props) {
  const { t } = useTranslation('connections');
  const mode = useAppMode() ?? 'browser';
  const why = reason === 'desktop-encrypted' ? t(`secretLost.desktopEncrypted.${mode}`) : t(LOSS_KEYS[reason]);
  // A team connection this desk never had the password of: asked for the first time, not "again".
  const first = reason === 'other-desk' ? 'secretLost.otherDesk.' : 'secretLost.';
  return (
    <ConnectionNotice where={where} title={t(`${first}title`)} testId="secret-lost" reason={reason}>
      {why} {t(`${first}${where}`)}
    </ConnectionNotice>
  );
}

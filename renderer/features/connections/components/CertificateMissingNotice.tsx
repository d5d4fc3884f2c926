import { useTranslation } from 'react-i18next';
import { ConnectionNotice } from '@renderer/features/connections/components/ConnectionNotice';

type Props = { where: 'card' | 'form' };

/**
 * A team connection that needs a client certificate this desk has not chosen yet: the files are copies in each
 * desk's own data folder, so every desk chooses its own once (docs/team-workspace.md, "MSC connections").
 */
export function CertificateMissingNotice({ where }: Props) {
  const { t } = useTranslation('connections');
  return (
    <ConnectionNotice where={where} title={t('certificateMissing.title')} testId="certificate-missing">
      {t('certificateMissing.text')} {t(`certificateMissing.${where}`)}
    </ConnectionNotice>
  );
}

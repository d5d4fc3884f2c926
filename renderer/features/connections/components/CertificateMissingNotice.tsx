import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Props = { where: 'card' | 'form' };

/**
 * A team connection that needs a client certificate this desk has not chosen yet: the files are copies in each
 * desk's own data folder, so every desk chooses its own once (docs/team-workspace.md, "MSC connections").
 */
export function CertificateMissingNotice({ where }: Props) {
  const { t } = useTranslation('connections');
  return (
    <Alert
      color="yellow"
      variant="light"
      p="xs"
      mt={where === 'card' ? 'sm' : 0}
      title={t('certificateMissing.title')}
      data-testid="certificate-missing"
    >
      {t('certificateMissing.text')} {t(`certificateMissing.${where}`)}
    </Alert>
  );
}

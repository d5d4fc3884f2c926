import { useTranslation } from 'react-i18next';
import { PageHeader } from '@renderer/components/PageHeader';

export function ArchivePage() {
  const { t } = useTranslation('archive');
  return <PageHeader title={t('title')} />;
}

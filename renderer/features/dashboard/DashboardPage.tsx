import { useTranslation } from 'react-i18next';
import { PageHeader } from '@renderer/components/PageHeader';

export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  return <PageHeader title={t('title')} />;
}

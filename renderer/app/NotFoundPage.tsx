import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@renderer/components/PageHeader';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('notFound.title')} description={t('notFound.body')} />
      <Anchor component={Link} to="/">
        {t('notFound.back')}
      </Anchor>
    </>
  );
}

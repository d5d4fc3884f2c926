import { Alert, Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '@renderer/components/PageHeader';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { ConnectionForm } from '@renderer/features/connections/components/ConnectionForm';
import { useConnectionList } from '@renderer/features/connections/queries';
import { NEW_CONNECTION, SETTINGS_PATH } from '@renderer/features/connections/paths';
import '@renderer/features/connections/connections.css';

/** `/einstellungen/verbindungen/:connectionId`: the form for a new (`neu`) or an existing connection. */
export function ConnectionEditPage() {
  const { t } = useTranslation('connections');
  const { connectionId = NEW_CONNECTION } = useParams();
  const navigate = useNavigate();
  const list = useConnectionList();
  const isNew = connectionId === NEW_CONNECTION;
  const connection = isNew ? undefined : list.data?.find((c) => c.id === connectionId);
  const back = () => {
    void navigate(SETTINGS_PATH);
  };
  const title = isNew || !connection ? t('edit.newTitle') : t('edit.editTitle', { name: connection.name });

  return (
    <>
      <PageHeader
        title={isNew || connection ? title : t('section.title')}
        description={t('edit.description')}
        actions={
          <Button component={Link} to={SETTINGS_PATH} variant="default" size="sm">
            {t('edit.back')}
          </Button>
        }
      />
      {list.isPending && !isNew && <Text c="dimmed">{t('section.loading')}</Text>}
      {list.error && !isNew && (
        <ErrorNotice title={t('section.loadFailed')} error={list.error} onRetry={() => void list.refetch()} />
      )}
      {list.data && !isNew && !connection && (
        <Alert color="yellow" role="status" maw={720}>
          {t('edit.notFound')}
        </Alert>
      )}
      {(isNew || connection) && (
        <ConnectionForm key={connection?.id ?? NEW_CONNECTION} connection={connection} onSaved={back} onCancel={back} />
      )}
    </>
  );
}

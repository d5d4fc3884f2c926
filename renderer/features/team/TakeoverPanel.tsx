import { useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@renderer/components/ConfirmDialog';
import { useFormat } from '@renderer/lib/format';
import { useActiveConnection } from '@renderer/lib/useActiveConnection';
import { useTakeOver, useTakeoverState } from '@renderer/features/team/queries';
import { takeoverDoneText } from '@renderer/features/team/takeover-text';

/**
 * "Lokale Daten in die Team-Datenbank übernehmen" for the connection in use: once, with the counts compared; the
 * folder is read-only afterwards.
 */
export function TakeoverPanel() {
  const { t } = useTranslation('team');
  const format = useFormat();
  const active = useActiveConnection();
  const connection = active.state === 'ready' ? active.connection : undefined;
  const state = useTakeoverState(connection?.id);
  const takeOver = useTakeOver();
  const [asking, setAsking] = useState(false);
  if (!connection || state.isPending) return null;
  const done = state.data ?? takeOver.data;
  return (
    <Stack gap="xs" data-testid="team-takeover">
      <Text size="sm" fw={600}>
        {t('takeover.title', { connection: connection.name })}
      </Text>
      {done ? (
        <Alert color="green" title={t('takeover.doneTitle')}>
          {takeoverDoneText(done, t, format)}
        </Alert>
      ) : (
        <>
          <Text size="sm">{t('takeover.text')}</Text>
          <Button
            variant="default"
            w="fit-content"
            onClick={() => {
              setAsking(true);
            }}
          >
            {t('takeover.button')}
          </Button>
        </>
      )}
      <ConfirmDialog
        opened={asking}
        title={t('takeover.confirmTitle')}
        confirmLabel={t('takeover.button')}
        color="blue"
        busy={takeOver.isPending}
        error={takeOver.error}
        errorTitle={t('takeover.failed')}
        spinner
        onConfirm={() => {
          takeOver.mutate(
            { connectionId: connection.id },
            {
              onSuccess: () => {
                setAsking(false);
              },
            },
          );
        }}
        onCancel={() => {
          setAsking(false);
        }}
      >
        {t('takeover.confirm')}
      </ConfirmDialog>
    </Stack>
  );
}

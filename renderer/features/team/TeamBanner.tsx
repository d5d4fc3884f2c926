import { useState } from 'react';
import { Alert, Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ClerkName } from '@shared/ipc/channels/team';
import { useErrorText } from '@renderer/lib/useErrorText';
import { useSetClerk, useTeamStatus } from '@renderer/features/team/queries';

/**
 * On every screen of a team desk: the database being out of reach is said at once (what was typed stays in the
 * window and is saved on its return), and the clerk's name is asked once, since archive entries and conflicts show it.
 */
export function TeamBanner() {
  const { t } = useTranslation('team');
  const status = useTeamStatus();
  const data = status.data;
  if (data?.mode !== 'team') return null;
  return (
    <>
      {!data.online && (
        <Alert color="red" role="alert" title={t('banner.offlineTitle')} mb="md" data-testid="team-offline">
          {t('banner.offline')}
        </Alert>
      )}
      {data.clerk === null && <ClerkQuestion />}
    </>
  );
}

function ClerkQuestion() {
  const { t } = useTranslation('team');
  const errorText = useErrorText();
  const save = useSetClerk();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const valid = ClerkName.safeParse(name).success;
  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      // react-remove-scroll injects a <style> element, which the strict CSP refuses; the frame scrolls its main only.
      lockScroll={false}
      title={t('clerk.title')}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (valid) save.mutate({ clerk: name.trim() });
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('clerk.text')}</Text>
          <TextInput
            label={t('clerk.label')}
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
            }}
            error={touched && !valid ? t('clerk.missing') : undefined}
            data-autofocus
            autoComplete="name"
          />
          {save.error && (
            <Text size="sm" c="red" role="alert">
              {errorText(save.error)}
            </Text>
          )}
          <Button type="submit" loading={save.isPending}>
            {t('clerk.save')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}

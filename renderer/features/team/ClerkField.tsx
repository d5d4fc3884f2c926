import { useState } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ClerkName } from '@shared/ipc/channels/team';
import { useErrorText } from '@renderer/lib/useErrorText';
import { useSetClerk } from '@renderer/features/team/queries';

/** The clerk's name on this desk, as the archive and other desks' conflict messages show it. */
export function ClerkField({ clerk }: { clerk: string | null }) {
  const { t } = useTranslation('team');
  const errorText = useErrorText();
  const save = useSetClerk();
  const [name, setName] = useState(clerk ?? '');
  const valid = ClerkName.safeParse(name).success;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) save.mutate({ clerk: name.trim() });
      }}
    >
      <Group align="flex-end" wrap="nowrap" maw={560}>
        <TextInput
          label={t('clerk.label')}
          description={t('clerk.hint')}
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
          }}
          error={save.error ? errorText(save.error) : undefined}
          style={{ flex: 1 }}
        />
        <Button type="submit" variant="default" disabled={!valid || name.trim() === clerk} loading={save.isPending}>
          {t('clerk.change')}
        </Button>
      </Group>
    </form>
  );
}

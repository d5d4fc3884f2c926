import { useState } from 'react';
import { Alert, Button, Group, NumberInput, PasswordInput, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TeamDbForm, TeamStatus } from '@shared/ipc/channels/team';
import { ToneBadge } from '@renderer/components/ToneBadge';
import { ConfirmDialog } from '@renderer/components/ConfirmDialog';
import { useErrorText } from '@renderer/lib/useErrorText';
import { SettingsSection } from '@renderer/features/settings/components/SettingsSection';
import { useLeaveTeamDb, useSaveTeamDb, useTeamStatus } from '@renderer/features/team/queries';
import { ClerkField } from '@renderer/features/team/ClerkField';
import { TakeoverPanel } from '@renderer/features/team/TakeoverPanel';
import { parseTeamUrl } from '@shared/domain/team-url';

type Values = { host: string; port: number | string; database: string; user: string; password: string; tls: boolean };
const EMPTY: Values = { host: '', port: 5432, database: '', user: '', password: '', tls: true };

/** Einstellungen → Team-Datenbank: how this desk joins the office's database, and what it does there. */
export function TeamDbSection() {
  const { t } = useTranslation('team');
  const status = useTeamStatus();
  // Above the form, which starts afresh from a newly saved connection: the outcome of the save stays in view.
  const save = useSaveTeamDb();
  const data = status.data;
  return (
    <SettingsSection id="settings-team-db" title={t('settings.title')} description={t('settings.description')}>
      {data && (
        <Stack gap="md">
          <TeamState status={data} />
          {data.source === 'env' ? (
            <SetByAdministrator status={data} />
          ) : (
            <TeamDbFormView key={JSON.stringify(data.connection)} status={data} save={save} />
          )}
          {data.mode === 'team' && (
            <>
              <ClerkField key={data.clerk ?? ''} clerk={data.clerk} />
              <Text size="sm">{t('settings.demoNote')}</Text>
              {data.online && <TakeoverPanel />}
            </>
          )}
        </Stack>
      )}
    </SettingsSection>
  );
}

function TeamState({ status }: { status: TeamStatus }) {
  const { t } = useTranslation('team');
  if (status.mode === 'local') return <Text size="sm">{t('settings.local')}</Text>;
  const c = status.connection;
  return (
    <Group gap="sm" data-testid="team-state">
      <ToneBadge color={status.online ? 'green' : 'red'}>
        {status.online ? t('settings.online') : t('settings.offline')}
      </ToneBadge>
      {c && (
        <Text size="sm">
          {t('settings.connectedTo', { user: c.user, host: c.host, port: c.port, database: c.database })}
          {c.tls ? ` · ${t('settings.tlsOn')}` : ` · ${t('settings.tlsOff')}`}
        </Text>
      )}
      {!status.online && status.problem && (
        <Text size="sm" c="red">
          {t(`problem.${status.problem}`)}
        </Text>
      )}
    </Group>
  );
}

function SetByAdministrator({ status }: { status: TeamStatus }) {
  const { t } = useTranslation('team');
  return (
    <Alert color="blue" title={t('settings.byAdminTitle')} data-testid="team-by-admin">
      {t('settings.byAdmin', { database: status.connection?.database ?? '' })}
    </Alert>
  );
}

function TeamDbFormView({ status, save }: { status: TeamStatus; save: ReturnType<typeof useSaveTeamDb> }) {
  const { t } = useTranslation('team');
  const errorText = useErrorText();
  const leave = useLeaveTeamDb();
  const c = status.connection;
  // Keyed by the stored connection (see TeamDbSection), so the fields start from it and a saved change resets them.
  const [values, setValues] = useState<Values>(() =>
    c ? { host: c.host, port: c.port, database: c.database, user: c.user, password: '', tls: c.tls } : EMPTY,
  );
  const [url, setUrl] = useState('');
  const [urlWrong, setUrlWrong] = useState(false);
  const [confirmLeave, setConfirmLeave] = useState(false);
  const set = (change: Partial<Values>) => {
    setValues((v) => ({ ...v, ...change }));
  };
  const port = typeof values.port === 'number' ? values.port : Number(values.port);
  const complete = values.host.trim() && values.database.trim() && values.user.trim() && Number.isInteger(port);
  const needsPassword = !c?.hasPassword && values.password === '';

  const submit = () => {
    if (!complete) return;
    const form: TeamDbForm = {
      host: values.host.trim(),
      port,
      database: values.database.trim(),
      user: values.user.trim(),
      tls: values.tls,
      ...(values.password === '' ? {} : { password: values.password }),
    };
    save.mutate(form, {
      onSuccess: () => {
        set({ password: '' });
      },
    });
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm" maw={560}>
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            label={t('form.url')}
            description={t('form.urlHint')}
            placeholder="postgres://kostenbruecke@server:5432/kostenbruecke"
            value={url}
            onChange={(e) => {
              setUrl(e.currentTarget.value);
              setUrlWrong(false);
            }}
            error={urlWrong ? t('form.urlWrong') : undefined}
            style={{ flex: 1 }}
          />
          <Button
            variant="default"
            onClick={() => {
              const parsed = parseTeamUrl(url);
              if (!parsed) {
                setUrlWrong(true);
                return;
              }
              set({ ...parsed, password: parsed.password ?? values.password });
              setUrl('');
            }}
          >
            {t('form.takeUrl')}
          </Button>
        </Group>
        <Group grow align="flex-start">
          <TextInput
            label={t('form.host')}
            required
            value={values.host}
            onChange={(e) => {
              set({ host: e.currentTarget.value });
            }}
          />
          <NumberInput
            label={t('form.port')}
            required
            min={1}
            max={65535}
            allowDecimal={false}
            value={values.port}
            onChange={(v) => {
              set({ port: v });
            }}
          />
        </Group>
        <TextInput
          label={t('form.database')}
          required
          value={values.database}
          onChange={(e) => {
            set({ database: e.currentTarget.value });
          }}
        />
        <Group grow align="flex-start">
          <TextInput
            label={t('form.user')}
            required
            value={values.user}
            onChange={(e) => {
              set({ user: e.currentTarget.value });
            }}
          />
          <PasswordInput
            label={t('form.password')}
            description={c?.hasPassword ? t('form.passwordKept') : t('form.passwordWhere')}
            value={values.password}
            onChange={(e) => {
              set({ password: e.currentTarget.value });
            }}
            autoComplete="new-password"
          />
        </Group>
        <Switch
          label={t('form.tls')}
          description={t('form.tlsHint')}
          checked={values.tls}
          onChange={(e) => {
            set({ tls: e.currentTarget.checked });
          }}
        />
        {save.error && (
          <Alert color="red" role="alert" title={t('form.failedTitle')} data-testid="team-save-error">
            {errorText(save.error)}
          </Alert>
        )}
        {save.isSuccess && (
          <Text size="sm" c="green" role="status">
            {t('form.saved')}
          </Text>
        )}
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!complete || needsPassword}>
            {t('form.save')}
          </Button>
          {status.mode === 'team' && (
            <Button
              variant="default"
              color="red"
              onClick={() => {
                setConfirmLeave(true);
              }}
            >
              {t('form.leave')}
            </Button>
          )}
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirmLeave}
        title={t('form.leaveTitle')}
        confirmLabel={t('form.leave')}
        busy={leave.isPending}
        error={leave.error}
        errorTitle={t('form.failedTitle')}
        onConfirm={() => {
          leave.mutate(undefined, {
            onSuccess: () => {
              setConfirmLeave(false);
            },
          });
        }}
        onCancel={() => {
          setConfirmLeave(false);
        }}
      >
        {t('form.leaveText')}
      </ConfirmDialog>
    </form>
  );
}

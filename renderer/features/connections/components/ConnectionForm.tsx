import { Alert, Button, Group, NativeSelect, Paper, Radio, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Connection, SecretLoss } from '@shared/domain/connection';
import { MSC_COMPANIES } from '@shared/domain/codes';
import { PathProfileSchema } from '@shared/msc/operations';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { useCodeLabel } from '@renderer/lib/codes';
import { useConnectionForm } from '@renderer/features/connections/useConnectionForm';
import { keepsSecret } from '@renderer/features/connections/form-values';
import type { ConnectionFormState } from '@renderer/features/connections/useConnectionForm';
import { FormTextField } from '@renderer/features/connections/components/FormTextField';
import { CertificateField } from '@renderer/features/connections/components/CertificateField';
import { SecretStorageNote } from '@renderer/features/connections/components/SecretStorageNote';
import { SecretLostNotice } from '@renderer/features/connections/components/SecretLostNotice';
import { CertificateMissingNotice } from '@renderer/features/connections/components/CertificateMissingNotice';

type Props = { connection: Connection | undefined; onSaved: (saved: Connection) => void; onCancel: () => void };

/** Creates or edits a connection; saving also checks it, and the Einstellungen list then shows the result. */
export function ConnectionForm({ connection, onSaved, onCancel }: Props) {
  const { t } = useTranslation('connections');
  const codeLabel = useCodeLabel();
  const form = useConnectionForm(connection, onSaved);
  const { values, set, errors } = form;
  const error = errors.mscCode;
  const mscError = error ? t(`error.${error.key}`, error.params ?? {}) : undefined;

  return (
    <Paper
      component="form"
      withBorder
      p="md"
      maw={720}
      className="connection-form"
      noValidate
      aria-label={t(connection ? 'edit.editTitle' : 'edit.newTitle', { name: connection?.name ?? '' })}
      onSubmit={(e) => {
        e.preventDefault();
        void form.submit();
      }}
    >
      <Stack gap="md">
        <FormTextField form={form} name="name" label={t('form.name')} description={t('form.nameHint')} required />
        <NativeSelect
          id="cf-mscCode"
          label={t('form.msc')}
          value={values.mscCode}
          error={mscError}
          data={MSC_COMPANIES.map((c) => ({ value: c.code, label: codeLabel('mscCompany', c.code) }))}
          onChange={(e) => {
            set('mscCode', e.currentTarget.value);
          }}
        />
        <Radio.Group
          label={t('form.target')}
          value={values.targetKind}
          onChange={(v) => {
            set('targetKind', v === 'embedded-demo' || v === 'file-exchange' ? v : 'url');
          }}
        >
          <Stack gap={6} mt={6}>
            <Radio value="url" label={t('form.targetUrl')} />
            <Radio value="embedded-demo" label={t('form.targetDemo')} />
            <Radio value="file-exchange" label={t('form.targetFiles')} description={t('form.targetFilesHint')} />
          </Stack>
        </Radio.Group>
        {values.targetKind === 'url' && (
          <FormTextField form={form} name="url" kind="url" label={t('form.url')} description={t('form.urlHint')} required />
        )}
        {values.targetKind === 'file-exchange' ? (
          <FileExchangeFields form={form} />
        ) : (
          <ApiFields form={form} connection={connection} />
        )}
        {form.invalid && (
          <Alert color="red" variant="light" role="status">
            {t('form.invalid')}
          </Alert>
        )}
        {form.failure &&
          ('key' in form.failure ? (
            <Alert color="red" title={t('form.saveFailed')} role="alert">
              {t(form.failure.key)}
            </Alert>
          ) : (
            <ErrorNotice title={t('form.saveFailed')} error={form.failure.error} />
          ))}
        <Group gap="sm">
          <Button type="submit" loading={form.saving}>
            {form.saving ? t('form.saving') : t('form.save')}
          </Button>
          <Button variant="default" onClick={onCancel} disabled={form.saving}>
            {t('common:action.cancel')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** What only a connection over the API has: the path profile, the tenant-change cut-off, sign-in and certificates. */
function ApiFields({ form, connection }: { form: ConnectionFormState; connection: Connection | undefined }) {
  const { t } = useTranslation('connections');
  const { values, set, errors } = form;
  const errorText = (field: 'profile') => {
    const error = errors[field];
    return error ? t(`error.${error.key}`, error.params ?? {}) : undefined;
  };
  return (
    <>
      <NativeSelect
        id="cf-profile"
        label={t('form.profile')}
        description={t('form.profileHint')}
        value={values.profile}
        error={errorText('profile')}
        data={[...PathProfileSchema.options].reverse().map((p) => ({ value: p, label: t(`form.profiles.${p}`) }))}
        onChange={(e) => {
          const profile = PathProfileSchema.safeParse(e.currentTarget.value);
          if (profile.success) set('profile', profile.data);
        }}
      />
      <NativeSelect
        id="cf-cutoffDay"
        label={t('form.cutoffDay')}
        description={t('form.cutoffDayHint')}
        value={values.cutoffDay}
        data={[
          { value: '', label: t('form.cutoffDayUnknown') },
          ...Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: t('form.cutoffDayOption', { day: i + 1 }) })),
        ]}
        onChange={(e) => {
          set('cutoffDay', e.currentTarget.value);
        }}
      />
      <AuthFields form={form} secretLost={connection?.secretLost} />
      {connection?.certificateMissing && !form.values.certPath && <CertificateMissingNotice where="form" />}
      <AdvancedFields form={form} />
    </>
  );
}

/** A file exchange (ARGE): the PM's customer number at the MSC and what the files carry as the PM's order criterion. */
function FileExchangeFields({ form }: { form: ConnectionFormState }) {
  const { t } = useTranslation('connections');
  const { values, set } = form;
  return (
    <>
      <FormTextField
        form={form}
        name="customerNumber"
        label={t('form.customerNumber')}
        description={t('form.customerNumberHint')}
        required
      />
      <NativeSelect
        id="cf-orderCriterion"
        label={t('form.orderCriterion')}
        description={t('form.orderCriterionHint')}
        value={values.orderCriterion}
        data={[
          { value: 'partner', label: t('form.orderCriterionPartner') },
          { value: 'unit', label: t('form.orderCriterionUnit') },
        ]}
        onChange={(e) => {
          set('orderCriterion', e.currentTarget.value === 'unit' ? 'unit' : 'partner');
        }}
      />
    </>
  );
}

function AuthFields({ form, secretLost }: { form: ConnectionFormState; secretLost: SecretLoss | undefined }) {
  const { t } = useTranslation('connections');
  const { values, set } = form;
  const keeps = keepsSecret(values);
  return (
    <>
      <Radio.Group
        label={t('form.auth')}
        value={values.authKind}
        onChange={(v) => {
          set('authKind', v === 'none' ? 'none' : 'oauth2-client-credentials');
        }}
      >
        <Stack gap={6} mt={6}>
          <Radio value="oauth2-client-credentials" label={t('form.authOauth')} />
          <Radio value="none" label={t('form.authNone')} />
        </Stack>
      </Radio.Group>
      {values.authKind !== 'none' && (
        <>
          <FormTextField form={form} name="clientId" label={t('form.clientId')} required />
          {secretLost && <SecretLostNotice reason={secretLost} where="form" />}
          <FormTextField
            form={form}
            name="clientSecret"
            kind="password"
            label={t('form.clientSecret')}
            required={!keeps}
            description={
              <>
                {keeps && `${t('form.secretKept')} `}
                {values.hasSecret && !keeps && `${t('form.secretAddressChanged')} `}
                <SecretStorageNote />
              </>
            }
          />
        </>
      )}
    </>
  );
}

function AdvancedFields({ form }: { form: ConnectionFormState }) {
  const { t } = useTranslation('connections');
  return (
    <Stack gap="md">
      <Button
        variant="subtle"
        size="compact-sm"
        className="connection-advanced-toggle"
        aria-expanded={form.advancedOpen}
        aria-controls={form.advancedOpen ? 'cf-advanced' : undefined}
        onClick={form.toggleAdvanced}
      >
        {t('form.advanced')}
      </Button>
      {form.advancedOpen && (
        <Stack gap="md" id="cf-advanced">
          {form.values.authKind !== 'none' && (
            <FormTextField
              form={form}
              name="tokenUrl"
              kind="url"
              label={t('form.tokenUrl')}
              description={t('form.tokenUrlHint')}
            />
          )}
          <CertificateField form={form} part="cert" label={t('form.certPath')} description={t('form.certPathHint')} />
          <CertificateField form={form} part="key" label={t('form.keyPath')} />
          <CertificateField form={form} part="ca" label={t('form.caPath')} />
        </Stack>
      )}
    </Stack>
  );
}

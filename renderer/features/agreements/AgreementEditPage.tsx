import { useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import type { DerivedAgreement } from '@shared/ipc/channels/arge';
import { PageHeader } from '@renderer/components/PageHeader';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { api } from '@renderer/lib/api';
import { pickFile } from '@renderer/lib/files';
import { invalidate, useChannel } from '@renderer/lib/queries';
import { emptyAgreementValues, toAgreement, valuesFromAgreement } from '@renderer/features/agreements/agreement-form';
import type { AgreementErrors, AgreementValues } from '@renderer/features/agreements/agreement-form';
import {
  CostTypesSection,
  FuelsAndKeysSection,
  PropertySection,
  UnitsSection,
} from '@renderer/features/agreements/components/AgreementSections';

/** One property's agreement: typed, or taken over from last year's DTM/DTK files and then checked by the clerk. */
export function AgreementEditPage() {
  const { t } = useTranslation('agreement');
  const { connectionId = '', billingunit } = useParams();
  const list = useChannel('arge:agreements', { connectionId });
  const stored = billingunit === undefined ? undefined : list.data?.find((a) => a.agreement.billingunit === billingunit);
  const title = billingunit === undefined ? t('edit.newTitle') : t('edit.title', { billingunit });
  const back = (
    <Anchor component={Link} to="/vereinbarungen" size="sm">
      {t('edit.back')}
    </Anchor>
  );
  if (list.error) return <ErrorNotice title={t('page.loadFailed')} error={list.error} onRetry={() => void list.refetch()} />;
  if (list.isPending) return <Text c="dimmed">{t('edit.loading')}</Text>;
  if (billingunit !== undefined && !stored) {
    return (
      <Stack gap="sm">
        <PageHeader title={title} />
        <Text>{t('edit.notFound', { billingunit })}</Text>
        {back}
      </Stack>
    );
  }
  return (
    <Stack gap="md" data-testid="agreement-edit">
      {back}
      <PageHeader title={title} description={t('edit.description')} />
      <AgreementEditor
        key={billingunit ?? 'neu'}
        connectionId={connectionId}
        initial={stored ? valuesFromAgreement(stored.agreement) : emptyAgreementValues()}
      />
    </Stack>
  );
}

type TakeOver = { names: string[]; derived: DerivedAgreement } | null;

function AgreementEditor({ connectionId, initial }: { connectionId: string; initial: AgreementValues }) {
  const { t } = useTranslation('agreement');
  const navigate = useNavigate();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<AgreementErrors>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  // A new property's page is replaced by its own after saving; the note that it was saved comes along.
  const [saved, setSaved] = useState((useLocation().state as { saved?: boolean } | null)?.saved === true);
  const [files, setFiles] = useState<{ id: string; name: string }[]>([]);
  const [taken, setTaken] = useState<TakeOver>(null);
  const change = (next: (v: AgreementValues) => AgreementValues) => {
    setSaved(false);
    setValues(next);
  };

  const takeOver = async () => {
    setFailure(null);
    try {
      const picked = await pickFile('arge');
      if (!picked) return;
      const all = [...files, { id: picked.fileId, name: picked.name }];
      const derived = await api['arge:agreement-from-files']({ connectionId, fileIds: all.map((f) => f.id) });
      setFiles(all);
      setTaken({ names: all.map((f) => f.name), derived });
      change((v) => valuesFromAgreement(derived.agreement, v));
    } catch (err) {
      setFailure(err);
    }
  };

  const save = async () => {
    setFailure(null);
    const built = toAgreement(values);
    if (!built.ok) {
      setErrors(built.errors);
      const first = Object.keys(built.errors)[0];
      requestAnimationFrame(() => {
        if (first !== undefined) document.getElementById(`ag-${first}`)?.focus();
      });
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const result = await api['arge:agreement-save']({ connectionId, agreement: built.agreement });
      await invalidate(['arge:agreements']);
      setSaved(true);
      void navigate(`/vereinbarungen/${encodeURIComponent(connectionId)}/${result.agreement.billingunit}`, {
        replace: true,
        state: { saved: true },
      });
    } catch (err) {
      setFailure(err);
    } finally {
      setSaving(false);
    }
  };

  const sections = { values, errors, change };
  return (
    <form
      noValidate
      aria-label={t('edit.formLabel')}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Stack gap="md">
        <Group gap="sm" align="center">
          <Button variant="default" onClick={() => void takeOver()}>
            {files.length === 0 ? t('takeOver.button') : t('takeOver.more')}
          </Button>
          <Text size="sm" c="dimmed" maw={560}>
            {t('takeOver.hint')}
          </Text>
        </Group>
        {taken && (
          <Alert color="blue" role="status" title={t('takeOver.done', { names: taken.names.join(', ') })} data-testid="take-over">
            <Text size="sm">{t('takeOver.check')}</Text>
            {taken.derived.unknownCodes.length > 0 && (
              <Text size="sm">{t('takeOver.unknown', { codes: taken.derived.unknownCodes.join(', ') })}</Text>
            )}
            {taken.derived.unreadable > 0 && (
              <Text size="sm">{t('takeOver.unreadable', { count: taken.derived.unreadable })}</Text>
            )}
          </Alert>
        )}
        <PropertySection {...sections} />
        <FuelsAndKeysSection {...sections} />
        <CostTypesSection {...sections} />
        <UnitsSection {...sections} />
        {Object.keys(errors).length > 0 && (
          <Alert color="red" variant="light" role="status">
            {t('edit.invalid')}
          </Alert>
        )}
        {failure !== null && <ErrorNotice title={t('edit.failed')} error={failure} />}
        {saved && (
          <Alert color="green" role="status" data-testid="agreement-saved">
            {t('edit.saved')}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={saving}>
            {t('edit.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

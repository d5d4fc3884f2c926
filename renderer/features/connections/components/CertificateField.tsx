import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CertificatePart } from '@shared/domain/connection';
import { pickFile } from '@renderer/lib/files';
import { ApiError } from '@renderer/lib/api';
import { useTakeCertificate } from '@renderer/features/connections/mutations';
import type { ConnectionFormState } from '@renderer/features/connections/useConnectionForm';

type Props = { form: ConnectionFormState; part: CertificatePart; label: string; description?: string };

const FIELDS = { cert: 'certPath', key: 'keyPath', ca: 'caPath' } as const;

/**
 * A certificate or key file: chosen with the file dialog (desktop) or the browser's picker and copied into the data
 * folder; the field shows the copy and cannot be typed into (a typed path could name a network share or a device).
 */
export function CertificateField({ form, part, label, description }: Props) {
  const { t } = useTranslation('connections');
  const take = useTakeCertificate();
  const [refused, setRefused] = useState(false);
  const name = FIELDS[part];
  const error = form.errors[name];
  const choose = async () => {
    setRefused(false);
    const file = await pickFile('certificate');
    if (!file) return;
    try {
      const taken = await take.mutateAsync({ fileId: file.fileId, part });
      form.set(name, taken.path);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      setRefused(true);
    }
  };
  const errorText = refused ? t('error.certificateInvalid') : error ? t(`error.${error.key}`, error.params ?? {}) : undefined;
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <TextInput
        id={`cf-${name}`}
        label={label}
        description={description}
        value={form.values[name]}
        placeholder={t('form.noFile')}
        error={errorText}
        readOnly
        style={{ flex: 1 }}
      />
      <Button variant="default" loading={take.isPending} onClick={() => void choose()}>
        {t('form.chooseFile')}
      </Button>
      {form.values[name] !== '' && (
        <Button
          variant="subtle"
          aria-label={t('form.removeFile', { what: label })}
          onClick={() => {
            form.set(name, '');
          }}
        >
          {t('form.removeFileShort')}
        </Button>
      )}
    </Group>
  );
}

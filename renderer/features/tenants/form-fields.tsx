import { Checkbox, Group, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { parseDate } from '@shared/domain/dates';
import type { PartnerInput } from '@renderer/features/tenants/roles-change';

export type PartnerText = { partnerPmnumber: string; name: string; firstname: string; commercial: boolean };
export const EMPTY_PARTNER: PartnerText = { partnerPmnumber: '', name: '', firstname: '', commercial: false };

export const partnerText = (p: PartnerInput | undefined): PartnerText =>
  p
    ? { partnerPmnumber: p.partnerPmnumber, name: p.name, firstname: p.firstname ?? '', commercial: p.commercial }
    : EMPTY_PARTNER;

/** Errors are i18n keys of the `tenants` namespace, so the forms stay free of text. */
export type Errors = Record<string, string>;

/** Reads a required (or optional) date typed as 31.12.2025 or 2025-12-31; records an error key under `field`. */
export function readDate(text: string, field: string, errors: Errors, optional = false): string | undefined {
  if (text.trim() === '') {
    if (!optional) errors[field] = 'form.required';
    return undefined;
  }
  const parsed = parseDate(text);
  if (!parsed.ok) {
    errors[field] = 'form.invalidDate';
    return undefined;
  }
  return parsed.value;
}

export function readPartner(p: PartnerText, prefix: string, errors: Errors): PartnerInput {
  if (p.partnerPmnumber.trim() === '') errors[`${prefix}.partnerPmnumber`] = 'form.required';
  if (p.name.trim() === '') errors[`${prefix}.name`] = 'form.required';
  return p;
}

type DateProps = {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  description?: string;
  autoFocus?: boolean;
};

export function DateField({ label, value, onChange, error, description, autoFocus }: DateProps) {
  const { t } = useTranslation('tenants');
  return (
    <TextInput
      label={label}
      description={description}
      placeholder={t('form.datePlaceholder')}
      value={value}
      onChange={(e) => {
        onChange(e.currentTarget.value);
      }}
      error={error === undefined ? undefined : t(error)}
      w={200}
      data-autofocus={autoFocus ? true : undefined}
      autoFocus={autoFocus}
    />
  );
}

type PartnerProps = {
  kind: 'tenant' | 'owner';
  value: PartnerText;
  onChange: (p: PartnerText) => void;
  errors: Errors;
};

export function PartnerFields({ kind, value, onChange, errors }: PartnerProps) {
  const { t } = useTranslation('tenants');
  const err = (f: string) => (errors[`${kind}.${f}`] === undefined ? undefined : t(errors[`${kind}.${f}`] ?? ''));
  const set = (patch: Partial<PartnerText>) => {
    onChange({ ...value, ...patch });
  };
  return (
    <Group align="flex-start" gap="sm">
      <TextInput
        label={t(`form.${kind}.number`)}
        value={value.partnerPmnumber}
        onChange={(e) => {
          set({ partnerPmnumber: e.currentTarget.value });
        }}
        error={err('partnerPmnumber')}
        w={160}
      />
      {!value.commercial && (
        <TextInput
          label={t(`form.${kind}.firstname`)}
          value={value.firstname}
          onChange={(e) => {
            set({ firstname: e.currentTarget.value });
          }}
          w={180}
        />
      )}
      <TextInput
        label={t(value.commercial ? `form.${kind}.company` : `form.${kind}.name`)}
        value={value.name}
        onChange={(e) => {
          set({ name: e.currentTarget.value });
        }}
        error={err('name')}
        w={220}
      />
      <Checkbox
        mt={30}
        label={t(`form.${kind}.commercial`)}
        checked={value.commercial}
        onChange={(e) => {
          set({ commercial: e.currentTarget.checked, ...(e.currentTarget.checked ? { firstname: '' } : {}) });
        }}
      />
    </Group>
  );
}

import type { ReactNode } from 'react';
import { PasswordInput, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ConnectionFormState } from '@renderer/features/connections/useConnectionForm';
import type { FieldName } from '@renderer/features/connections/form-values';

type Props = {
  form: ConnectionFormState;
  name: FieldName;
  label: string;
  description?: ReactNode;
  required?: boolean;
  kind?: 'text' | 'url' | 'password';
};

/** One text field of the connection form, with its error (a locale key) shown at the field in the chosen language. */
export function FormTextField({ form, name, label, description, required = false, kind = 'text' }: Props) {
  const { t } = useTranslation('connections');
  const error = form.errors[name];
  const common = {
    id: `cf-${name}`,
    label,
    description,
    withAsterisk: required,
    value: form.values[name],
    error: error ? t(`error.${error.key}`, error.params ?? {}) : undefined,
    autoComplete: 'off',
    spellCheck: false,
    onChange: (e: { currentTarget: HTMLInputElement }) => {
      form.set(name, e.currentTarget.value);
    },
  };
  return kind === 'password' ? (
    <PasswordInput
      {...common}
      autoComplete="new-password"
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': t('form.showSecret') }}
    />
  ) : (
    <TextInput {...common} type={kind} />
  );
}

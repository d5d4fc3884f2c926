/**
 * State of the connection form: values, errors at the fields (locale keys, so they follow a language switch),
 * and saving. Errors the main process finds (a name taken, an unreadable certificate file, a credential store
 * that refuses the secret) land at their field or in one notice; the typed values are never lost.
 */
import { useState } from 'react';
import type { Connection } from '@shared/domain/connection';
import { ApiError } from '@renderer/lib/api';
import { useSaveConnection } from '@renderer/features/connections/mutations';
import { ADVANCED_FIELDS, EMPTY_FORM, valuesFromConnection, validate } from '@renderer/features/connections/form-values';
import type { FieldErrors, FieldName, FormValues } from '@renderer/features/connections/form-values';

/** A failed save: a locale key of the `connections` namespace, or an error the ErrorNotice translates. */
export type SaveFailure = { key: string } | { error: unknown };

const FIELD_ORDER: readonly FieldName[] = [
  'name',
  'mscCode',
  'url',
  'customerNumber',
  'profile',
  'clientId',
  'clientSecret',
  'tokenUrl',
  'certPath',
  'keyPath',
  'caPath',
];

const isField = (value: unknown): value is FieldName => FIELD_ORDER.includes(value as FieldName);

function failureOf(err: unknown): { errors?: FieldErrors; failure?: SaveFailure } {
  if (!(err instanceof ApiError)) return { failure: { error: err } };
  const details = (err.error.details ?? {}) as { reason?: unknown; field?: unknown };
  if (details.reason === 'duplicate-name') return { errors: { name: { key: 'duplicateName' } } };
  if (details.reason === 'file-unreadable' && isField(details.field)) {
    return { errors: { [details.field]: { key: 'fileUnreadable' } } };
  }
  if (typeof details.reason === 'string' && details.reason.startsWith('keyring-')) return { failure: { key: 'error.keyring' } };
  return { failure: { error: err } };
}

export function useConnectionForm(connection: Connection | undefined, onSaved: (saved: Connection) => void) {
  const [values, setValues] = useState<FormValues>(connection ? valuesFromConnection(connection) : EMPTY_FORM);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  // Open also where this desk must still choose the certificate files the office's connection needs.
  const [advancedOpen, setAdvancedOpen] = useState(
    connection?.certificateMissing === true || ADVANCED_FIELDS.some((f) => values[f].trim() !== ''),
  );
  const save = useSaveConnection();

  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
  };

  /** Shows the errors and moves the focus to the first field that has one (opening "more settings" if needed). */
  const showErrors = (next: FieldErrors) => {
    setErrors(next);
    const first = FIELD_ORDER.find((f) => next[f] !== undefined);
    if (first === undefined) return;
    if (ADVANCED_FIELDS.includes(first)) setAdvancedOpen(true);
    requestAnimationFrame(() => {
      document.getElementById(`cf-${first}`)?.focus();
    });
  };

  const submit = async () => {
    setFailure(null);
    const checked = validate(values);
    if (!checked.ok) {
      showErrors(checked.errors);
      // An issue no field owns still must not leave the clerk wondering why nothing happened.
      if (Object.keys(checked.errors).length === 0) setFailure({ key: 'form.invalid' });
      return;
    }
    setErrors({});
    try {
      onSaved(await save.mutateAsync(checked.input));
    } catch (err) {
      const { errors: atFields, failure: notice } = failureOf(err);
      if (atFields) showErrors(atFields);
      if (notice) setFailure(notice);
    }
  };

  return {
    values,
    set,
    errors,
    invalid: Object.keys(errors).length > 0,
    failure,
    saving: save.isPending,
    submit,
    advancedOpen,
    toggleAdvanced: () => {
      setAdvancedOpen((open) => !open);
    },
  };
}

export type ConnectionFormState = ReturnType<typeof useConnectionForm>;

import { useState } from 'react';
import type { Connection, ConnectionInput } from '@shared/domain/connection';
import { MSC_COMPANIES } from '@shared/domain/codes';
import type { PathProfile } from '@shared/msc/operations';
import { Field, describedBy } from '@renderer/components/Field';
import { ErrorNotice } from '@renderer/components/ErrorNotice';
import { errorMessage } from '@renderer/lib/api';
import { EMPTY_FORM, valuesFromConnection, validate } from '@renderer/features/connections/form-values';
import type { FieldErrors, FieldName, FormValues } from '@renderer/features/connections/form-values';

type Props = { connection: Connection | undefined; onSave: (input: ConnectionInput) => Promise<void>; onCancel: () => void };

const PROFILES: readonly { value: PathProfile; label: string }[] = [
  { value: 'bved-v1', label: 'bved-Schnittstelle Version 1 (üblich)' },
  { value: 'seed', label: 'Ältere Schnittstellenbeschreibung' },
];

export function ConnectionForm({ connection, onSave, onCancel }: Props) {
  const [values, setValues] = useState<FormValues>(connection ? valuesFromConnection(connection) : EMPTY_FORM);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
  };
  const text = (name: FieldName, label: string, hint?: string, type: 'text' | 'password' | 'url' = 'text') => (
    <Field id={`cf-${name}`} label={label} hint={hint} error={errors[name]}>
      <input
        id={`cf-${name}`}
        type={type}
        value={values[name]}
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => {
          set(name, e.target.value);
        }}
        {...describedBy(`cf-${name}`, errors[name], hint)}
      />
    </Field>
  );

  async function submit(e: { preventDefault(): void }) {
    e.preventDefault();
    setSaveError(null);
    const checked = validate(values);
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    setSaving(true);
    try {
      await onSave(checked.input);
    } catch (err) {
      setSaveError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  }

  const isDemo = values.targetKind === 'embedded-demo';
  return (
    <form className="card form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="cf-title">
      <h2 id="cf-title">{connection ? `Verbindung „${connection.name}“ bearbeiten` : 'Neue Verbindung'}</h2>
      {text(
        'name',
        'Bezeichnung',
        'Unter diesem Namen erscheint die Verbindung in Kostenbrücke, z. B. „ista – Hausverwaltung Nord“.',
      )}
      <Field id="cf-mscCode" label="Messdienst" error={errors.mscCode}>
        <select
          id="cf-mscCode"
          value={values.mscCode}
          onChange={(e) => {
            set('mscCode', e.target.value);
          }}
        >
          {MSC_COMPANIES.map((c) => (
            <option key={c.code} value={c.code}>
              {c.label}
            </option>
          ))}
        </select>
      </Field>
      <fieldset className="choice">
        <legend>Wo ist der Messdienst erreichbar?</legend>
        <label>
          <input
            type="radio"
            name="cf-target"
            checked={!isDemo}
            onChange={() => {
              set('targetKind', 'url');
            }}
          />
          Über das Internet (Adresse vom Messdienst)
        </label>
        <label>
          <input
            type="radio"
            name="cf-target"
            checked={isDemo}
            onChange={() => {
              set('targetKind', 'embedded-demo');
            }}
          />
          Eingebauter Demo-Messdienst (nur zum Ausprobieren)
        </label>
      </fieldset>
      {!isDemo &&
        text('url', 'Adresse der Schnittstelle', 'Steht in den Zugangsdaten des Messdienstes, beginnt mit https://', 'url')}
      <Field
        id="cf-profile"
        label="Art der Schnittstelle"
        hint="Steht ebenfalls in den Zugangsdaten. Im Zweifel die übliche wählen."
        error={errors.profile}
      >
        <select
          id="cf-profile"
          value={values.profile}
          onChange={(e) => {
            set('profile', e.target.value as PathProfile);
          }}
        >
          {PROFILES.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
            </option>
          ))}
        </select>
      </Field>
      <fieldset className="choice">
        <legend>Anmeldung beim Messdienst</legend>
        <label>
          <input
            type="radio"
            name="cf-auth"
            checked={values.authKind !== 'none'}
            onChange={() => {
              set('authKind', 'oauth2-client-credentials');
            }}
          />
          Mit Zugangsdaten (Kennung und Kennwort)
        </label>
        <label>
          <input
            type="radio"
            name="cf-auth"
            checked={values.authKind === 'none'}
            onChange={() => {
              set('authKind', 'none');
            }}
          />
          Ohne Anmeldung
        </label>
      </fieldset>
      {values.authKind !== 'none' && (
        <>
          {text('clientId', 'Kennung (Client-ID)')}
          {text(
            'clientSecret',
            'Kennwort (Client-Secret)',
            values.hasSecret
              ? 'Ein Kennwort ist gespeichert. Leer lassen, um es zu behalten.'
              : 'Wird verschlüsselt auf diesem Rechner gespeichert.',
            'password',
          )}
        </>
      )}
      <details className="advanced">
        <summary>Weitere Einstellungen (nur wenn der Messdienst sie verlangt)</summary>
        {values.authKind !== 'none' &&
          text('tokenUrl', 'Abweichende Anmeldeadresse', 'Leer lassen, wenn der Messdienst keine nennt.', 'url')}
        {text(
          'certPath',
          'Client-Zertifikat (Dateipfad)',
          'Nur wenn der Messdienst ein Zertifikat verlangt, z. B. C:\\Zertifikate\\firma.pem',
        )}
        {text('keyPath', 'Privater Schlüssel zum Zertifikat (Dateipfad)')}
        {text('caPath', 'Stammzertifikat des Messdienstes (Dateipfad, optional)')}
      </details>
      {saveError && <ErrorNotice title="Speichern nicht möglich" message={saveError} />}
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={saving}>
          {saving ? 'Wird gespeichert …' : 'Speichern und prüfen'}
        </button>
        <button type="button" className="button" onClick={onCancel} disabled={saving}>
          Abbrechen
        </button>
      </div>
    </form>
  );
}

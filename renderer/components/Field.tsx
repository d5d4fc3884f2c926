import type { ReactNode } from 'react';

type Props = { id: string; label: string; hint?: string | undefined; error?: string | undefined; children: ReactNode };

/** Label, control, hint and error in one column; the control gets `id`, the texts are tied to it for screen readers. */
export function Field({ id, label, hint, error, children }: Props) {
  return (
    <div className={error ? 'field has-error' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && !error && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** aria attributes for the control inside a Field. */
export function describedBy(id: string, error: string | undefined, hint: string | undefined) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  } as const;
}

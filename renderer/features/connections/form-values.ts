/**
 * The connection form's flat values and their mapping to the shared `ConnectionInput` schema, which also does
 * the validation (style rule 16): the clerk sees the same German messages the main process would give.
 */
import { ConnectionInput } from '@shared/domain/connection';
import type { Connection } from '@shared/domain/connection';
import type { PathProfile } from '@shared/msc/operations';

export type FormValues = {
  id?: string;
  name: string;
  mscCode: string;
  targetKind: 'url' | 'embedded-demo';
  url: string;
  profile: PathProfile;
  authKind: 'none' | 'oauth2-client-credentials';
  clientId: string;
  clientSecret: string;
  tokenUrl: string;
  certPath: string;
  keyPath: string;
  caPath: string;
  hasSecret: boolean;
};

export type FieldName = Exclude<keyof FormValues, 'id' | 'hasSecret'>;
export type FieldErrors = Partial<Record<FieldName, string>>;

export const EMPTY_FORM: FormValues = {
  name: '',
  mscCode: '40',
  targetKind: 'url',
  url: '',
  profile: 'bved-v1',
  authKind: 'oauth2-client-credentials',
  clientId: '',
  clientSecret: '',
  tokenUrl: '',
  certPath: '',
  keyPath: '',
  caPath: '',
  hasSecret: false,
};

export function valuesFromConnection(c: Connection): FormValues {
  return {
    id: c.id,
    name: c.name,
    mscCode: c.mscCode,
    targetKind: c.target.kind,
    url: c.target.kind === 'url' ? c.target.url : '',
    profile: c.profile,
    authKind: c.auth.kind,
    clientId: c.auth.kind === 'oauth2-client-credentials' ? c.auth.clientId : '',
    clientSecret: '',
    tokenUrl: c.auth.kind === 'oauth2-client-credentials' ? (c.auth.tokenUrl ?? '') : '',
    certPath: c.clientCertificate?.certPath ?? '',
    keyPath: c.clientCertificate?.keyPath ?? '',
    caPath: c.clientCertificate?.caPath ?? '',
    hasSecret: c.hasSecret,
  };
}

const trimmed = (s: string) => s.trim();
const optional = (s: string) => (s.trim() === '' ? undefined : s.trim());

function draftInput(v: FormValues): unknown {
  const certificate =
    v.certPath.trim() || v.keyPath.trim() || v.caPath.trim()
      ? { certPath: trimmed(v.certPath), keyPath: trimmed(v.keyPath), caPath: optional(v.caPath) }
      : undefined;
  return {
    ...(v.id ? { id: v.id } : {}),
    name: v.name,
    mscCode: v.mscCode,
    target: v.targetKind === 'url' ? { kind: 'url', url: trimmed(v.url) } : { kind: 'embedded-demo' },
    profile: v.profile,
    auth:
      v.authKind === 'none'
        ? { kind: 'none' }
        : { kind: v.authKind, clientId: v.clientId, tokenUrl: optional(v.tokenUrl), clientSecret: optional(v.clientSecret) },
    ...(certificate ? { clientCertificate: certificate } : {}),
  };
}

/** Which form field an issue path of `ConnectionInput` belongs to. */
function fieldOf(path: readonly PropertyKey[]): FieldName | undefined {
  const [head, sub] = path;
  if (head === 'target') return 'url';
  if (head === 'auth') return sub === 'tokenUrl' ? 'tokenUrl' : sub === 'clientSecret' ? 'clientSecret' : 'clientId';
  if (head === 'clientCertificate') return sub === 'keyPath' ? 'keyPath' : sub === 'caPath' ? 'caPath' : 'certPath';
  if (head === 'name' || head === 'mscCode' || head === 'profile') return head;
  return undefined;
}

export type Validated = { ok: true; input: ConnectionInput } | { ok: false; errors: FieldErrors };

export function validate(values: FormValues): Validated {
  const errors: FieldErrors = {};
  if (values.authKind === 'oauth2-client-credentials' && !values.hasSecret && values.clientSecret.trim() === '') {
    errors.clientSecret = 'Bitte das Kennwort eingeben, das Sie vom Messdienst erhalten haben.';
  }
  if (values.targetKind === 'url' && values.url.trim() === '') {
    errors.url = 'Bitte die Adresse eingeben, die Sie vom Messdienst erhalten haben.';
  }
  let parsed: ReturnType<typeof ConnectionInput.safeParse>;
  try {
    // With the address already reported, a stand-in lets the schema still check every other field.
    parsed = ConnectionInput.safeParse(draftInput(errors.url ? { ...values, url: 'https://adresse.invalid' } : values));
  } catch {
    // Some URL refinements throw on text that is no URL at all; that is still the address field's problem.
    errors.url ??= 'Ist keine gültige Adresse (z. B. https://messdienst.example/api).';
    return { ok: false, errors };
  }
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path);
      if (field && errors[field] === undefined)
        errors[field] = values[field].trim() === '' ? 'Bitte ausfüllen.' : capitalize(issue.message);
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  // Only reached when the stand-in was not used, so `parsed.data` carries the clerk's own address.
  return { ok: true, input: parsed.data };
}

function capitalize(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1);
}

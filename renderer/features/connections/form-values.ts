/**
 * The connection form's flat values and their mapping to the shared `ConnectionInput` schema, which also does the
 * validation, so the form refuses exactly what the main process would. The schema's messages are
 * German; each issue is turned into a locale key of the `connections` namespace instead, by field and issue code.
 */
import type { z } from 'zod';
import { ConnectionInput, secretAddress } from '@shared/domain/connection';
import type { Connection, ConnectionTarget, OrderCriterionSetting } from '@shared/domain/connection';
import { isLoopbackHost } from '@shared/domain/url-policy';
import type { PathProfile } from '@shared/msc/operations';

export type FormValues = {
  id?: string;
  name: string;
  mscCode: string;
  targetKind: Connection['target']['kind'];
  url: string;
  /** A file exchange (ARGE): the PM's customer number at the MSC and what M field 6 carries. */
  customerNumber: string;
  orderCriterion: OrderCriterionSetting;
  profile: PathProfile;
  /** Day of the month (`'1'`…`'31'`) of the MSC's cut-off for tenant changes, `''` when not known. */
  cutoffDay: string;
  authKind: 'none' | 'oauth2-client-credentials';
  clientId: string;
  clientSecret: string;
  tokenUrl: string;
  certPath: string;
  keyPath: string;
  caPath: string;
  hasSecret: boolean;
  /** The address the stored secret was entered for (`secretAddress`); another address needs the secret again. */
  secretAddress?: string;
  /** The version edited (`updatedAt`): a team desk refuses the save when another clerk changed it meanwhile. */
  basedOn?: string;
};

export type FieldName = Exclude<keyof FormValues, 'id' | 'hasSecret' | 'secretAddress' | 'basedOn' | 'targetKind' | 'authKind'>;
/** A locale key of `connections:form.error.*` with its parameters. */
export type FieldError = { key: string; params?: Record<string, number> };
export type FieldErrors = Partial<Record<FieldName, FieldError>>;

/** Fields under "Weitere Einstellungen": an error there must open the section. */
export const ADVANCED_FIELDS: readonly FieldName[] = ['tokenUrl', 'certPath', 'keyPath', 'caPath'];

export const EMPTY_FORM: FormValues = {
  name: '',
  mscCode: '40',
  targetKind: 'url',
  url: '',
  customerNumber: '',
  orderCriterion: 'partner',
  profile: 'bved-v1',
  cutoffDay: '',
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
    customerNumber: c.target.kind === 'file-exchange' ? c.target.customerNumber : '',
    orderCriterion: c.target.kind === 'file-exchange' ? c.target.orderCriterion : 'partner',
    profile: c.profile,
    cutoffDay: c.tenantChangeCutoffDay === undefined ? '' : String(c.tenantChangeCutoffDay),
    authKind: c.auth.kind,
    clientId: c.auth.kind === 'oauth2-client-credentials' ? c.auth.clientId : '',
    clientSecret: '',
    tokenUrl: c.auth.kind === 'oauth2-client-credentials' ? (c.auth.tokenUrl ?? '') : '',
    certPath: c.clientCertificate?.certPath ?? '',
    keyPath: c.clientCertificate?.keyPath ?? '',
    caPath: c.clientCertificate?.caPath ?? '',
    hasSecret: c.hasSecret,
    ...(c.hasSecret ? { secretAddress: secretAddress(c.target, c.auth) } : {}),
    basedOn: c.updatedAt,
  };
}

const optional = (s: string) => (s.trim() === '' ? undefined : s.trim());

/** Whether the stored secret can be kept: there is one and the address it belongs to has not changed. */
export function keepsSecret(v: FormValues): boolean {
  if (!v.hasSecret) return false;
  return secretAddress(targetOf(v), { kind: v.authKind, tokenUrl: optional(v.tokenUrl) }) === v.secretAddress;
}

function targetOf(v: FormValues): ConnectionTarget {
  if (v.targetKind === 'url') return { kind: 'url', url: v.url.trim() };
  if (v.targetKind === 'file-exchange')
    return { kind: 'file-exchange', customerNumber: v.customerNumber.trim(), orderCriterion: v.orderCriterion };
  return { kind: 'embedded-demo' };
}

function draftInput(v: FormValues): unknown {
  const certificate =
    v.certPath.trim() || v.keyPath.trim() || v.caPath.trim()
      ? { certPath: v.certPath.trim(), keyPath: v.keyPath.trim(), caPath: optional(v.caPath) }
      : undefined;
  return {
    ...(v.id ? { id: v.id } : {}),
    ...(v.id && v.basedOn ? { basedOn: v.basedOn } : {}),
    name: v.name,
    mscCode: v.mscCode,
    target: targetOf(v),
    profile: v.profile,
    ...(v.cutoffDay === '' ? {} : { tenantChangeCutoffDay: Number(v.cutoffDay) }),
    // Files need no sign-in and no certificate: whatever the form held for an API is not kept.
    auth:
      v.authKind === 'none' || v.targetKind === 'file-exchange'
        ? { kind: 'none' }
        : { kind: v.authKind, clientId: v.clientId, tokenUrl: optional(v.tokenUrl), clientSecret: optional(v.clientSecret) },
    ...(certificate && v.targetKind !== 'file-exchange' ? { clientCertificate: certificate } : {}),
  };
}

/** Which form field an issue path of `ConnectionInput` belongs to. */
function fieldOf(path: readonly PropertyKey[]): FieldName | undefined {
  const [head, sub] = path;
  if (head === 'target') return sub === 'customerNumber' ? 'customerNumber' : 'url';
  if (head === 'auth') return sub === 'tokenUrl' ? 'tokenUrl' : sub === 'clientSecret' ? 'clientSecret' : 'clientId';
  if (head === 'clientCertificate') return sub === 'keyPath' ? 'keyPath' : sub === 'caPath' ? 'caPath' : 'certPath';
  if (head === 'name' || head === 'mscCode' || head === 'profile') return head;
  return undefined;
}

/** Why an address fails the shared URL policy (url-policy.ts decides; this only names the reason). */
function urlError(url: string): FieldError {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { key: 'urlInvalid' };
  }
  if (parsed.protocol === 'http:' && !isLoopbackHost(parsed.hostname)) return { key: 'urlHttpRemote' };
  return { key: 'urlNotHttps' };
}

function errorOf(field: FieldName, value: string, issue: z.core.$ZodIssue): FieldError {
  if (value.trim() === '') return { key: 'required' };
  if (issue.code === 'too_big') return { key: 'tooLong', params: { max: Number(issue.maximum) } };
  if (issue.code === 'too_small') return { key: 'required' };
  if (field === 'url' || field === 'tokenUrl') return urlError(value.trim());
  if (field === 'mscCode') return { key: 'unknownMsc' };
  if (field === 'customerNumber') return { key: 'customerNumberInvalid' };
  if (field === 'profile') return { key: 'unknownProfile' };
  if (issue.code === 'invalid_format') return { key: 'notAbsolute' };
  // A network or device path gets the same answer as any other unusable file (no hint what is out there).
  if (issue.code === 'custom' && ADVANCED_FIELDS.includes(field)) return { key: 'fileUnreadable' };
  return { key: 'invalid' };
}

export type Validated = { ok: true; input: ConnectionInput } | { ok: false; errors: FieldErrors };

export function validate(values: FormValues): Validated {
  const errors: FieldErrors = {};
  const api = values.targetKind !== 'file-exchange';
  if (api && values.authKind === 'oauth2-client-credentials' && !keepsSecret(values) && values.clientSecret.trim() === '') {
    errors.clientSecret = { key: values.hasSecret ? 'secretAddressChanged' : 'secretRequired' };
  }
  if (values.targetKind === 'url' && values.url.trim() === '') errors.url = { key: 'urlRequired' };
  if (values.targetKind === 'file-exchange' && values.customerNumber.trim() === '') errors.customerNumber = { key: 'required' };
  // With the address already reported, a stand-in lets the schema still check every other field.
  const parsed = ConnectionInput.safeParse(draftInput(errors.url ? { ...values, url: 'https://adresse.invalid' } : values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path);
      if (field && errors[field] === undefined) errors[field] = errorOf(field, values[field], issue);
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  // Only reached when the stand-in was not used, so `parsed.data` carries the clerk's own address.
  return { ok: true, input: parsed.data };
}

/**
 * The MSC operations as data: method, path per profile, parameters, body and replies.
 * The demo MSC routes from this table, the client builds its requests from it, and the OpenAPI
 * description is generated from it, so a path or body exists in exactly one place.
 */
import { z } from 'zod';
import { OverviewPage, OverviewQuery, SetupAccepted, SetupRequest, SetupStatus } from '@shared/msc/billing-unit-data';
import { ActionQuery, BillingPeriodList, FilledTemplate, SendAccepted, Template } from '@shared/msc/billing-input';
import { OnSiteRoles, OnSiteRolesAccepted, OnSiteRolesRecord } from '@shared/msc/on-site-roles';
import { BillingResult, DocumentId } from '@shared/msc/billing-result';
import { BillingUnitNumber, IsoDate, ResidentialUnitMscNumber } from '@shared/msc/primitives';

export const PATH_PROFILES = ['seed', 'bved-v1'] as const;
export type PathProfile = (typeof PATH_PROFILES)[number];
export const PathProfileSchema = z.enum(PATH_PROFILES);

export const API_VERSION = '1.0.1';
export const API_VERSION_HEADER = 'X-API-VERSION';

export const PathParams = {
  billingunit: BillingUnitNumber,
  'billing-period-to': IsoDate,
  /** OSR names a usage unit by the MSC's 4-digit number (docs/msc-osr.md); the matching gives it for our PM number. */
  residentialunit: ResidentialUnitMscNumber,
  /** One document of a billing result, as its `documents[]` names it. */
  documentid: DocumentId,
} as const;
export type PathParamName = keyof typeof PathParams;

/** A JSON reply names its schema; a binary one (a document) its media type instead. */
type Reply = { status: number; schema?: z.ZodType; mediatype?: 'application/pdf'; description: string };

export type Operation = {
  method: 'GET' | 'POST';
  summary: string;
  paths: Record<PathProfile, string>;
  query?: z.ZodObject;
  body?: z.ZodType;
  replies: readonly Reply[];
  /** Error statuses this operation can answer besides 401/403/429/5xx, which every operation can. */
  errors: readonly number[];
};

export const operations = {
  sendSetup: {
    method: 'POST',
    summary: 'Send usage units for matching',
    paths: { seed: '/billingunitsetup/{billingunit}', 'bved-v1': '/billingunitdata/v1/billingunits/setup/{billingunit}' },
    body: SetupRequest,
    replies: [{ status: 202, schema: SetupAccepted, description: 'Accepted for matching (not matched yet)' }],
    errors: [400, 404, 413, 415],
  },
  getSetupStatus: {
    method: 'GET',
    summary: 'Setup status of one billing unit, with the matching result once completed',
    paths: { seed: '/billingunitsetup/{billingunit}', 'bved-v1': '/billingunitdata/v1/billingunits/setup/{billingunit}' },
    replies: [{ status: 200, schema: SetupStatus, description: 'Setup status' }],
    errors: [404],
  },
  listBillingUnits: {
    method: 'GET',
    summary: 'Overview of all billing units of the caller',
    paths: { seed: '/billingunits', 'bved-v1': '/billingunitdata/v1/billingunits' },
    query: OverviewQuery,
    replies: [{ status: 200, schema: OverviewPage, description: 'One page of billing units' }],
    errors: [400],
  },
  getMatchingResult: {
    method: 'GET',
    summary: 'Matching result of one billing unit',
    paths: { seed: '/billingunits/{billingunit}', 'bved-v1': '/billingunitdata/v1/billingunits/setup/{billingunit}' },
    replies: [{ status: 200, schema: SetupStatus, description: 'Setup status with matching result' }],
    errors: [404],
  },
  listBillingPeriods: {
    method: 'GET',
    summary: 'Billing periods of a billing unit',
    paths: {
      seed: '/billingunits/{billingunit}/billingperiods',
      'bved-v1': '/billinginput/v1/billingunits/{billingunit}/billingperiods',
    },
    replies: [{ status: 200, schema: BillingPeriodList, description: 'Billing periods' }],
    errors: [404],
  },
  getTemplate: {
    method: 'GET',
    summary: 'Template (Schablone) of a billing period',
    paths: {
      seed: '/billingunits/{billingunit}/billingperiods/{billing-period-to}',
      'bved-v1': '/billinginput/v1/billingunits/{billingunit}/billingperiods/{billing-period-to}',
    },
    replies: [{ status: 200, schema: Template, description: 'Template' }],
    errors: [404],
  },
  submitBillingInput: {
    method: 'POST',
    summary: 'Test check (VALIDATE) or binding submission (SEND, SEND_AND_IGNORE_WARNINGS) of a filled template',
    paths: {
      seed: '/billingunits/{billingunit}/billingperiods/{billing-period-to}',
      'bved-v1': '/billinginput/v1/billingunits/{billingunit}/billingperiods/{billing-period-to}',
    },
    query: ActionQuery,
    body: FilledTemplate,
    replies: [
      { status: 200, schema: SendAccepted, description: 'Binding submission accepted: the billing is commissioned' },
      { status: 204, description: 'Test check passed without errors or warnings' },
    ],
    errors: [400, 404, 409, 413, 415],
  },
  deliverOnSiteRoles: {
    method: 'POST',
    summary: 'On-Site-Roles 2.0: deliver the complete current partners and contracts of one usage unit',
    paths: {
      seed: '/billingunits/{billingunit}/residentialunits/{residentialunit}/on-site-roles',
      'bved-v1': '/onsiteroles/v2/billingunits/{billingunit}/residentialunits/{residentialunit}/on-site-roles',
    },
    body: OnSiteRoles,
    replies: [{ status: 200, schema: OnSiteRolesAccepted, description: 'Accepted (warnings, if any, in messages)' }],
    errors: [400, 404, 413, 415],
  },
  getOnSiteRoles: {
    method: 'GET',
    summary: 'On-Site-Roles 2.0: the last data set accepted for one usage unit',
    paths: {
      seed: '/billingunits/{billingunit}/residentialunits/{residentialunit}/on-site-roles',
      'bved-v1': '/onsiteroles/v2/billingunits/{billingunit}/residentialunits/{residentialunit}/on-site-roles',
    },
    replies: [{ status: 200, schema: OnSiteRolesRecord, description: 'The last accepted data set' }],
    errors: [404],
  },
  getBillingResult: {
    method: 'GET',
    summary: 'Billing result of a period: per recipient costs, CO2 landlord share, prepayment, balance, documents',
    paths: {
      seed: '/billingunits/{billingunit}/billingperiods/{billing-period-to}/billingresult',
      'bved-v1': '/billingresult/v1/billingunits/{billingunit}/billingperiods/{billing-period-to}',
    },
    replies: [{ status: 200, schema: BillingResult, description: 'The billing result' }],
    errors: [404, 409],
  },
  getBillingResultDocument: {
    method: 'GET',
    summary: 'One document of a billing result (heating-cost statement, consumption analysis, …) as PDF',
    paths: {
      seed: '/billingunits/{billingunit}/billingperiods/{billing-period-to}/billingresult/documents/{documentid}',
      'bved-v1': '/billingresult/v1/billingunits/{billingunit}/billingperiods/{billing-period-to}/documents/{documentid}',
    },
    replies: [{ status: 200, mediatype: 'application/pdf', description: 'The document' }],
    errors: [404, 409],
  },
} as const satisfies Record<string, Operation>;

export type OperationName = keyof typeof operations;
export const OPERATION_NAMES = Object.keys(operations) as OperationName[];

/** Names of the `{param}` placeholders in a path template. */
export function pathParamNames(template: string): PathParamName[] {
  return [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as PathParamName);
}

/** Fills a path template; values are URL-encoded. */
export function buildPath(name: OperationName, profile: PathProfile, params: Partial<Record<PathParamName, string>>): string {
  const template = operations[name].paths[profile];
  return template.replace(/\{([^}]+)\}/g, (_, key: string) => {
    const v = params[key as PathParamName];
    if (v === undefined) throw new Error(`path parameter ${key} missing for ${name}`);
    return encodeURIComponent(v);
  });
}

export const TOKEN_PATH = '/oauth/token';
export const OPENAPI_PATH = '/openapi.yaml';

/**
 * The OpenAPI 3.1 description of the MSC contract, generated from the operation table and the zod
 * schemas so that it cannot drift from what the client sends and the demo MSC accepts.
 * resources/openapi.yaml is this document rendered (`npm run openapi`); a unit test keeps the two equal.
 */
import { z } from 'zod';
import { Document } from 'yaml';
import {
  API_VERSION,
  API_VERSION_HEADER,
  OPENAPI_PATH,
  OPERATION_NAMES,
  PATH_PROFILES,
  PathParams,
  TOKEN_PATH,
  operations,
  pathParamNames,
  type Operation,
  type OperationName,
  type PathParamName,
  type PathProfile,
} from '@shared/msc/operations';
import { PROBLEM_CONTENT_TYPE, PROBLEM_TITLES, Problem, TokenRequest, TokenResponse } from '@shared/msc/problem';

type Json = Record<string, unknown>;

export const OPENAPI_VERSION = '3.1.0';
/** Error statuses every operation can answer, whatever its own `errors` list says. */
export const COMMON_ERROR_STATUSES = [401, 403, 429, 500] as const;
export const OAUTH_SCHEME = 'mscOAuth2';
const BASIC_SCHEME = 'clientBasic';
/** Lists the operation names an OpenAPI operation serves; two names share one when their paths coincide. */
export const OPERATIONS_EXTENSION = 'x-msc-operations';
export const PROFILE_EXTENSION = 'x-path-profile';

export type OperationArea = 'billingunitdata' | 'billinginput' | 'onsiteroles' | 'billingresult';

const TAGS: readonly { name: string; description: string }[] = [
  { name: 'billingunitdata', description: 'Billing Unit Data 1.0.x: send usage units for matching, read status and result.' },
  { name: 'billinginput', description: 'Billing Input 1.0.x: billing periods, templates, test check and binding submission.' },
  { name: 'onsiteroles', description: 'On-Site-Roles 2.0: partners, billing recipients and vacancies per usage unit.' },
  { name: 'billingresult', description: 'Billing Result 1.0: per recipient results and documents of a billed period.' },
  { name: 'auth', description: 'OAuth2 client credentials token endpoint.' },
  { name: 'meta', description: 'This description itself.' },
];

const PATH_PARAM_DESCRIPTIONS: Record<PathParamName, string> = {
  billingunit: "The MSC's billing unit number (Liegenschaftsnummer), 1–9 digits.",
  'billing-period-to': 'Last day of the billing period (AZ), YYYY-MM-DD; identifies the period.',
  residentialunit: "The MSC's usage unit number (Nutzernummer), 4 digits, as the matching result gives it.",
  documentid: "A document's id as the billing result's `documents[]` lists it.",
};

/** `getTemplate` + `bved-v1` → `getTemplateBvedV1`. */
export function operationId(name: OperationName, profile: PathProfile): string {
  const suffix = profile
    .split('-')
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
    .join('');
  return `${name}${suffix}`;
}

/** The contract area (= tag) of an operation, read from the first segment of its bved-v1 path. */
export function operationArea(name: OperationName): OperationArea {
  const path = operations[name].paths['bved-v1'];
  if (path.startsWith('/onsiteroles/')) return 'onsiteroles';
  if (path.startsWith('/billingresult/')) return 'billingresult';
  return path.startsWith('/billinginput/') ? 'billinginput' : 'billingunitdata';
}

const schemaRef = (id: string): Json => ({ $ref: `#/components/schemas/${id}` });
const ref = (kind: 'responses' | 'headers' | 'parameters', id: string): Json => ({ $ref: `#/components/${kind}/${id}` });
const problemResponseId = (status: number): string => `Problem${String(status)}`;

function rewriteRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (node === null || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === '$schema') continue;
    out[k] = k === '$ref' && typeof v === 'string' ? v.replace(/^#\/\$defs\//, '#/components/schemas/') : rewriteRefs(v);
  }
  return out;
}

type Converted = { components: Record<string, Json>; of: (schema: z.ZodType) => Json };

/**
 * Converts every schema the document mentions in one pass. Schemas named with `.meta({ id })` land in
 * $defs (zod reads the global registry) and become components; only those reachable from the
 * operations are included, whatever else the process has registered.
 */
function convertSchemas(roots: readonly z.ZodType[]): Converted {
  const keys = new Map<z.ZodType, string>();
  roots.forEach((s) => {
    if (!keys.has(s)) keys.set(s, `r${String(keys.size)}`);
  });
  const wrapper = z.object(Object.fromEntries([...keys].map(([s, k]) => [k, s])));
  const json = rewriteRefs(z.toJSONSchema(wrapper, { io: 'input', target: 'draft-2020-12', unrepresentable: 'throw' })) as {
    properties: Record<string, Json>;
    $defs?: Record<string, Json>;
  };
  const defs = json.$defs ?? {};
  const components = Object.fromEntries(
    Object.keys(defs)
      .sort()
      .map((id) => [id, defs[id] ?? {}]),
  );
  return {
    components,
    of: (schema) => {
      const key = keys.get(schema);
      const converted = key === undefined ? undefined : json.properties[key];
      if (converted === undefined) throw new Error('schema was not among the conversion roots');
      return converted;
    },
  };
}

function schemaRoots(): z.ZodType[] {
  const roots: z.ZodType[] = [Problem, TokenRequest, TokenResponse, ...Object.values(PathParams)];
  for (const name of OPERATION_NAMES) {
    const op: Operation = operations[name];
    if (op.query) roots.push(op.query);
    if (op.body) roots.push(op.body);
    for (const r of op.replies) if (r.schema) roots.push(r.schema);
  }
  return roots;
}

function queryParameters(query: z.ZodObject, conv: Converted): Json[] {
  const obj = conv.of(query) as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(obj.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: obj.required?.includes(name) ?? false,
    schema,
  }));
}

function withHeaders(status: number): Json {
  const headers: Json = { [API_VERSION_HEADER]: ref('headers', API_VERSION_HEADER) };
  if (status === 429) headers['Retry-After'] = ref('headers', 'Retry-After');
  return headers;
}

function errorResponses(statuses: readonly number[]): Json {
  const all = [...new Set([...statuses, ...COMMON_ERROR_STATUSES])].sort((a, b) => a - b);
  return Object.fromEntries(all.map((s) => [String(s), ref('responses', problemResponseId(s))]));
}

function buildOperation(name: OperationName, profile: PathProfile, conv: Converted): Json {
  const op: Operation = operations[name];
  const responses: Json = {};
  for (const reply of op.replies) {
    const r: Json = { description: reply.description, headers: withHeaders(reply.status) };
    if (reply.schema) r.content = { 'application/json': { schema: conv.of(reply.schema) } };
    else if (reply.mediatype)
      r.content = { [reply.mediatype]: { schema: { type: 'string', contentMediaType: reply.mediatype } } };
    responses[String(reply.status)] = r;
  }
  Object.assign(responses, errorResponses(op.errors));
  const parameters = [
    ...pathParamNames(op.paths[profile]).map((p) => ref('parameters', p)),
    ...(op.query ? queryParameters(op.query, conv) : []),
  ];
  return {
    tags: [operationArea(name)],
    summary: op.summary,
    operationId: operationId(name, profile),
    [PROFILE_EXTENSION]: profile,
    [OPERATIONS_EXTENSION]: [name],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: conv.of(op.body) } } } } : {}),
    responses,
  };
}

/** Two operations on the same path and method in one profile (bved-v1 status and result) are one operation. */
function merge(existing: Json, added: Json): void {
  const names = existing[OPERATIONS_EXTENSION] as string[];
  names.push(...(added[OPERATIONS_EXTENSION] as string[]));
  existing.description = `Serves ${names.join(' and ')}: their paths coincide in this profile.`;
  const target = existing.responses as Json;
  for (const [status, response] of Object.entries(added.responses as Json)) {
    const before = target[status] as Json | undefined;
    if (before === undefined) target[status] = response;
    else if (JSON.stringify(before.content) !== JSON.stringify((response as Json).content)) {
      throw new Error(`${names.join('/')}: reply ${status} differs although the operations share a path`);
    }
  }
}

function buildPaths(conv: Converted): Json {
  const paths: Record<string, Json> = {};
  for (const profile of PATH_PROFILES) {
    for (const name of OPERATION_NAMES) {
      const op: Operation = operations[name];
      const item = (paths[op.paths[profile]] ??= {});
      const method = op.method.toLowerCase();
      const built = buildOperation(name, profile, conv);
      const existing = item[method] as Json | undefined;
      if (existing) merge(existing, built);
      else item[method] = built;
    }
  }
  paths[TOKEN_PATH] = {
    post: {
      tags: ['auth'],
      summary: 'Issue a Bearer token (OAuth2 client credentials)',
      description: 'Client id and secret go in the form body or as HTTP Basic credentials.',
      operationId: 'issueToken',
      security: [{}, { [BASIC_SCHEME]: [] }],
      requestBody: {
        required: true,
        content: { 'application/x-www-form-urlencoded': { schema: schemaRef('TokenRequest') } },
      },
      responses: {
        '200': {
          description: 'Bearer token with its lifetime in seconds',
          headers: withHeaders(200),
          content: { 'application/json': { schema: schemaRef('TokenResponse') } },
        },
        ...errorResponses([400]),
      },
    },
  };
  paths[OPENAPI_PATH] = {
    get: {
      tags: ['meta'],
      summary: 'This OpenAPI description',
      operationId: 'getOpenApiDescription',
      security: [],
      responses: {
        '200': {
          description: 'OpenAPI 3.1 document',
          headers: withHeaders(200),
          content: { 'application/yaml': { schema: { type: 'string' } } },
        },
        // No login here, but the rate limit and the error handler apply to every request.
        '429': ref('responses', problemResponseId(429)),
        '500': ref('responses', problemResponseId(500)),
      },
    },
  };
  return paths;
}

function usedProblemStatuses(): number[] {
  const all = new Set<number>([400, ...COMMON_ERROR_STATUSES]);
  for (const name of OPERATION_NAMES) for (const s of operations[name].errors) all.add(s);
  return [...all].sort((a, b) => a - b);
}

function buildComponents(conv: Converted): Json {
  const problemResponses = Object.fromEntries(
    usedProblemStatuses().map((s) => [
      problemResponseId(s),
      {
        description: PROBLEM_TITLES[s] ?? `HTTP ${String(s)}`,
        headers: withHeaders(s),
        content: { [PROBLEM_CONTENT_TYPE]: { schema: schemaRef('Problem') } },
      },
    ]),
  );
  const parameters = Object.fromEntries(
    (Object.keys(PathParams) as PathParamName[]).map((p) => [
      p,
      { name: p, in: 'path', required: true, description: PATH_PARAM_DESCRIPTIONS[p], schema: conv.of(PathParams[p]) },
    ]),
  );
  return {
    schemas: conv.components,
    responses: problemResponses,
    parameters,
    headers: {
      [API_VERSION_HEADER]: {
        description: 'Version of the MSC interface that answered.',
        schema: { type: 'string', examples: [API_VERSION] },
      },
      'Retry-After': { description: 'Seconds to wait before the next request.', schema: { type: 'integer', minimum: 0 } },
    },
    securitySchemes: {
      [OAUTH_SCHEME]: {
        type: 'oauth2',
        description: 'OAuth2 client credentials; the token goes in `Authorization: Bearer …`.',
        flows: { clientCredentials: { tokenUrl: TOKEN_PATH, scopes: {} } },
      },
      [BASIC_SCHEME]: { type: 'http', scheme: 'basic', description: 'client_id and client_secret, at the token endpoint only.' },
    },
  };
}

/** The OpenAPI 3.1.0 document of the contract: every operation under both path profiles. */
export function buildOpenApiDocument(): Record<string, unknown> {
  const conv = convertSchemas(schemaRoots());
  for (const id of ['Problem', 'TokenRequest', 'TokenResponse']) {
    if (!(id in conv.components)) throw new Error(`schema ${id} is not registered under its id`);
  }
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: 'MSC interface (bved Billing Unit Data and Billing Input) as spoken by Kostenbrücke',
      version: API_VERSION,
      // The app is not published under an open licence; the description goes to the MSCs it talks to.
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      description: [
        'Generated from shared/msc by `npm run openapi`; do not edit by hand.',
        'Every operation appears under both path profiles: `seed` (the interface description) and `bved-v1`',
        `(the later bved layout); \`${PROFILE_EXTENSION}\` names the profile. Every non-2xx reply is`,
        `${PROBLEM_CONTENT_TYPE} (RFC 9457); every reply carries ${API_VERSION_HEADER}.`,
      ].join(' '),
    },
    servers: [{ url: '/' }],
    tags: TAGS.map((t) => ({ ...t })),
    security: [{ [OAUTH_SCHEME]: [] }],
    paths: buildPaths(conv),
    components: buildComponents(conv),
  };
}

let rendered: string | undefined;

/** The document as YAML, byte-for-byte stable between runs (the order is fixed by the code, not by chance). */
export function renderOpenApiYaml(): string {
  if (rendered === undefined) {
    // YAML 1.1 rules make the writer quote `2025-12-31`, `yes`, `on`: readers such as js-yaml would take them for dates and booleans.
    const doc = new Document(buildOpenApiDocument(), { aliasDuplicateObjects: false, version: '1.1' });
    doc.commentBefore = ' Generated by `npm run openapi` from shared/msc; do not edit.';
    rendered = doc.toString({ lineWidth: 0 });
  }
  return rendered;
}

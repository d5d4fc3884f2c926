import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { Validator } from '@seriousme/openapi-schema-validator';
import {
  API_VERSION,
  API_VERSION_HEADER,
  OPERATION_NAMES,
  PATH_PROFILES,
  TOKEN_PATH,
  operations,
  pathParamNames,
  type OperationName,
} from '@shared/msc/operations';
import {
  COMMON_ERROR_STATUSES,
  OAUTH_SCHEME,
  OPERATIONS_EXTENSION,
  PROFILE_EXTENSION,
  buildOpenApiDocument,
  operationArea,
  operationId,
  renderOpenApiYaml,
} from '@shared/msc/openapi';

const YAML_FILE = fileURLToPath(new URL('../../../resources/openapi.yaml', import.meta.url));

type Json = Record<string, unknown>;
const at = (node: unknown, ...keys: string[]): unknown =>
  keys.reduce<unknown>((n, k) => (n !== null && typeof n === 'object' ? (n as Json)[k] : undefined), node);

/** Validates with allErrors; the library forces ajv's `strict` off (the OAS meta-schema does not compile strictly). */
async function validate(spec: Json): Promise<{ valid: boolean; errors?: unknown }> {
  return new Validator({ allErrors: true }).validate(spec);
}

describe('resources/openapi.yaml', () => {
  it('is what renderOpenApiYaml() produces', () => {
    const committed = readFileSync(YAML_FILE, 'utf8');
    expect(committed === renderOpenApiYaml(), 'resources/openapi.yaml is stale: run `npm run openapi` and commit it').toBe(true);
  });

  it('reads back as exactly the built document', () => {
    expect(parse(renderOpenApiYaml())).toEqual(buildOpenApiDocument());
  });

  it('is rendered the same way twice', () => {
    expect(renderOpenApiYaml()).toBe(renderOpenApiYaml());
    expect(JSON.stringify(buildOpenApiDocument())).toBe(JSON.stringify(buildOpenApiDocument()));
  });

  it('passes an independent OpenAPI 3.1 validator', async () => {
    const spec = parse(readFileSync(YAML_FILE, 'utf8')) as Json;
    const result = await validate(spec);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('the validator does reject a broken document', async () => {
    const broken = buildOpenApiDocument();
    Reflect.deleteProperty(broken.info as Json, 'version');
    expect((await validate(broken)).valid).toBe(false);
    const dangling = buildOpenApiDocument();
    delete ((dangling.components as Json).schemas as Json).Problem;
    expect((await validate(dangling)).valid).toBe(false);
  });
});

describe('document content', () => {
  const doc = buildOpenApiDocument();

  it('is OpenAPI 3.1.0 with server /, the API version and OAuth2 client credentials', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(at(doc, 'info', 'version')).toBe(API_VERSION);
    expect(doc.servers).toEqual([{ url: '/' }]);
    expect(doc.security).toEqual([{ [OAUTH_SCHEME]: [] }]);
    expect(at(doc, 'components', 'securitySchemes', OAUTH_SCHEME)).toMatchObject({
      type: 'oauth2',
      flows: { clientCredentials: { tokenUrl: '/oauth/token', scopes: {} } },
    });
  });

  it.each(OPERATION_NAMES.flatMap((name) => PATH_PROFILES.map((profile) => [name, profile] as const)))(
    '%s appears under profile %s with its method',
    (name, profile) => {
      const op = operations[name];
      const path = op.paths[profile];
      const item = at(doc, 'paths', path) as Json;
      expect(Object.keys(item)).toContain(op.method.toLowerCase());
      const entry = item[op.method.toLowerCase()] as Json;
      expect(entry[OPERATIONS_EXTENSION]).toContain(name);
      expect(entry[PROFILE_EXTENSION]).toBe(profile);
      expect(entry.tags).toEqual([operationArea(name)]);
      const [first] = entry[OPERATIONS_EXTENSION] as OperationName[];
      expect(entry.operationId).toBe(operationId(first!, profile));

      const params = (entry.parameters ?? []) as Json[];
      const pathRefs = params.filter((p) => '$ref' in p).map((p) => String(p.$ref));
      expect(pathRefs).toEqual(pathParamNames(path).map((p) => `#/components/parameters/${p}`));
      if ('query' in op) {
        expect(params.filter((p) => p.in === 'query').map((p) => p.name)).toEqual(Object.keys(op.query.shape));
      }

      const responses = entry.responses as Json;
      for (const reply of op.replies) {
        expect(at(responses, String(reply.status), 'headers', API_VERSION_HEADER)).toEqual({
          $ref: `#/components/headers/${API_VERSION_HEADER}`,
        });
      }
      for (const status of [...op.errors, ...COMMON_ERROR_STATUSES]) {
        expect(responses[String(status)]).toEqual({ $ref: `#/components/responses/Problem${String(status)}` });
      }
      expect('body' in op).toBe('requestBody' in entry);
    },
  );

  it('operationIds are unique and carry the profile', () => {
    const ids = Object.values(doc.paths as Json).flatMap((item) =>
      Object.values(item as Json).map((o) => (o as Json).operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('getTemplateSeed');
    expect(ids).toContain('getTemplateBvedV1');
  });

  it('the bved-v1 setup status also serves the matching result', () => {
    const entry = at(doc, 'paths', operations.getMatchingResult.paths['bved-v1'], 'get') as Json;
    expect(entry[OPERATIONS_EXTENSION]).toEqual(['getSetupStatus', 'getMatchingResult']);
  });

  it('the submission documents the action query, the body and 200/204', () => {
    const entry = at(doc, 'paths', operations.submitBillingInput.paths['bved-v1'], 'post') as Json;
    expect(entry.parameters).toContainEqual({
      name: 'action',
      in: 'query',
      required: true,
      schema: { type: 'string', enum: ['VALIDATE', 'SEND', 'SEND_AND_IGNORE_WARNINGS'] },
    });
    expect(at(entry, 'requestBody', 'content', 'application/json', 'schema')).toEqual({
      $ref: '#/components/schemas/FilledTemplate',
    });
    expect(at(entry, 'responses', '200', 'content', 'application/json', 'schema')).toEqual({
      $ref: '#/components/schemas/SendAccepted',
    });
    expect(at(entry, 'responses', '204', 'content')).toBeUndefined();
  });

  it('problems are application/problem+json; 429 carries Retry-After', () => {
    const responses = at(doc, 'components', 'responses') as Json;
    for (const [id, r] of Object.entries(responses)) {
      expect(at(r, 'content', 'application/problem+json', 'schema'), id).toEqual({ $ref: '#/components/schemas/Problem' });
    }
    expect(at(responses, 'Problem429', 'headers', 'Retry-After')).toEqual({ $ref: '#/components/headers/Retry-After' });
    expect(at(responses, 'Problem404', 'headers', 'Retry-After')).toBeUndefined();
  });

  it('the token endpoint takes a form-encoded TokenRequest and answers a TokenResponse', () => {
    const post = at(doc, 'paths', TOKEN_PATH, 'post') as Json;
    expect(at(post, 'requestBody', 'content', 'application/x-www-form-urlencoded', 'schema')).toEqual({
      $ref: '#/components/schemas/TokenRequest',
    });
    expect(at(post, 'responses', '200', 'content', 'application/json', 'schema')).toEqual({
      $ref: '#/components/schemas/TokenResponse',
    });
  });

  it('components carry the contract schemas by their ids, sorted, without $schema', () => {
    const schemas = at(doc, 'components', 'schemas') as Json;
    const names = Object.keys(schemas);
    expect(names).toEqual([...names].sort());
    for (const id of ['SetupRequest', 'SetupStatus', 'Template', 'FilledTemplate', 'CheckMessage', 'Problem', 'TokenResponse']) {
      expect(names).toContain(id);
    }
    expect(JSON.stringify(schemas)).not.toMatch(/"\$schema"|#\/\$defs\//);
    expect(at(schemas, 'SetupRequest', 'additionalProperties')).toBe(false);
    expect(at(schemas, 'Amounts', 'properties', 'grossamount', 'pattern')).toBe('^-?\\d{1,12}\\.\\d{2}$');
  });
});

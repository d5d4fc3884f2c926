/**
 * The demo MSC's Fastify app: routes for both path profiles straight from the shared operation table,
 * auth and rate limit before any body is read, and one error handler so every failure is problem+json.
 */
import { renderOpenApiYaml } from '@shared/msc/openapi';
import Fastify from 'fastify';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import {
  API_VERSION,
  API_VERSION_HEADER,
  OPENAPI_PATH,
  OPERATION_NAMES,
  operations,
  PATH_PROFILES,
  PathParams,
} from '@shared/msc/operations';
import type { OperationName } from '@shared/msc/operations';
import type { SandboxContext } from '@main/sandbox/context';
import { registerTokenRoute } from '@main/sandbox/auth';
import { OPERATOR_PREFIX, registerOperatorRoutes } from '@main/sandbox/routes-operator';
import { registerQuirkRoutes } from '@main/sandbox/routes-quirks';
import { getSetupStatus, listBillingUnits, sendSetup } from '@main/sandbox/routes-unit-data';
import type { RouteArgs } from '@main/sandbox/routes-unit-data';
import { getTemplate, listBillingPeriods, submitBillingInput } from '@main/sandbox/routes-billing-input';
import { deliverOnSiteRoles, getOnSiteRoles } from '@main/sandbox/routes-osr';
import { getBillingResult, getBillingResultDocument } from '@main/sandbox/routes-billing-result';
import { parseOrProblem, ProblemError, sendProblem } from '@main/sandbox/problems';

export const BODY_LIMIT_BYTES = 5 * 1024 * 1024;

export type TlsFiles = { key: string; cert: string; ca: string };

type Handler = (ctx: SandboxContext, a: RouteArgs) => unknown;

const HANDLERS: Record<OperationName, Handler> = {
  sendSetup,
  getSetupStatus,
  getMatchingResult: getSetupStatus,
  listBillingUnits,
  listBillingPeriods,
  getTemplate,
  submitBillingInput,
  deliverOnSiteRoles,
  getOnSiteRoles,
  getBillingResult,
  getBillingResultDocument,
};

/** `{billing-period-to}` → `:billing_period_to` (find-my-way reads a dash as the end of a parameter). */
function fastifyPath(template: string): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => `:${name.replace(/-/g, '_')}`);
}

function pathParam(req: FastifyRequest, name: keyof typeof PathParams): string {
  const raw = (req.params as Record<string, string | undefined>)[name.replace(/-/g, '_')];
  if (raw === undefined) return '';
  return parseOrProblem(PathParams[name], raw, `Der Pfadparameter ${name}`, [name]);
}

export function buildServer(ctx: SandboxContext, tls?: TlsFiles): FastifyInstance {
  const options: FastifyServerOptions & { https?: object } = {
    bodyLimit: BODY_LIMIT_BYTES,
    logger: false,
    forceCloseConnections: true,
    return503OnClosing: true,
  };
  if (tls) options.https = { key: tls.key, cert: tls.cert, ca: tls.ca, requestCert: true, rejectUnauthorized: true };
  const app = Fastify(options) as unknown as FastifyInstance;
  app.removeContentTypeParser(['text/plain']);

  app.addHook('onRequest', async (req, reply) => {
    void reply.header(API_VERSION_HEADER, API_VERSION);
    if (ctx.rateLimiter && !req.url.startsWith(OPERATOR_PREFIX)) {
      const wait = ctx.rateLimiter.retryAfter(req.socket.remoteAddress ?? 'unknown');
      if (wait > 0) {
        throw new ProblemError(429, `Zu viele Anfragen; bitte in ${String(wait)} s erneut versuchen.`, {
          headers: { 'Retry-After': String(wait) },
        });
      }
    }
  });

  app.setErrorHandler((err: FastifyError | ProblemError, _req: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof ProblemError) return sendProblem(reply, err.status, err.message, err.extras);
    return sendProblem(reply, ...translateFastifyError(err));
  });
  app.setNotFoundHandler((req, reply) =>
    sendProblem(reply, 404, `Diesen Pfad bietet der Demo-Messdienst nicht an: ${req.method} ${req.url.split('?')[0] ?? ''}`),
  );

  const auth = (req: FastifyRequest): Promise<void> => {
    callers.set(req, ctx.issuer.verify(req.headers.authorization));
    return Promise.resolve();
  };
  const callers = new WeakMap<FastifyRequest, ReturnType<typeof ctx.issuer.verify>>();

  const seen = new Set<string>();
  for (const name of OPERATION_NAMES) {
    const op = operations[name];
    for (const profile of PATH_PROFILES) {
      const url = fastifyPath(op.paths[profile]);
      if (seen.has(`${op.method} ${url}`)) continue;
      seen.add(`${op.method} ${url}`);
      app.route({
        method: op.method,
        url,
        onRequest: auth,
        handler: async (req, reply) => {
          const caller = callers.get(req);
          if (!caller) throw new ProblemError(401, 'Anmeldung fehlt.');
          const args: RouteArgs = {
            req,
            reply,
            caller,
            billingunit: url.includes(':billingunit') ? pathParam(req, 'billingunit') : '',
            periodTo: url.includes(':billing_period_to') ? pathParam(req, 'billing-period-to') : '',
          };
          return HANDLERS[name](ctx, args);
        },
      });
    }
  }

  // On-Site-Roles has only the paths of the operation table; its other services this MSC does not offer.
  for (const prefix of ['/onsiteroles']) {
    app.all(`${prefix}/*`, { onRequest: auth }, (req, reply) =>
      sendProblem(reply, 501, `Diesen Dienst (${prefix.slice(1)}) bietet der Demo-Messdienst nicht an.`),
    );
  }

  // Rendered from the same schemas as the committed resources/openapi.yaml (a test keeps the two equal),
  // so the description is served even where the app is bundled and the resources folder lies elsewhere.
  app.get(OPENAPI_PATH, (_req, reply) => reply.type('application/yaml; charset=utf-8').send(renderOpenApiYaml()));

  registerTokenRoute(app, ctx.issuer);
  registerOperatorRoutes(app, ctx);
  registerQuirkRoutes(app, ctx);
  return app;
}

function translateFastifyError(err: FastifyError): [number, string] {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return [413, 'Die Anfrage ist größer als 5 MiB.'];
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return [415, 'Inhaltstyp wird nicht unterstützt; erwartet wird application/json.'];
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return [400, 'Der Inhalt ist leer, obwohl application/json angegeben ist.'];
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return [400, 'Der Inhalt ist kein gültiges JSON.'];
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return [400, 'Content-Length passt nicht zum Inhalt.'];
    default:
      break;
  }
  const status = err.statusCode ?? 500;
  if (status === 400 && err instanceof SyntaxError) return [400, `Der Inhalt ist kein gültiges JSON: ${err.message}`];
  if (status >= 400 && status < 500) return [status, err.message];
  console.error('Demo-Messdienst: interner Fehler', err);
  return [500, 'Interner Fehler des Demo-Messdienstes.'];
}

/**
 * Registers a route from its entry in the contract (packages/domain/src/contract): method, path,
 * schemas and OpenAPI text come from the entry, and so does authentication, in this one place:
 * an entry with auth 'bearer' (the default) gets the bearer check before validation (so a call
 * without a token is 401 whatever its body) and the bearer security note in the document.
 */
import type { BodyOf, EndpointSpec, ParamsOf, QueryOf, ReplyOf } from '@paddock/domain';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import { auditedHandler, auditHook } from './audit-hook.ts';

/** The request a handler receives: params, query and body already parsed by the entry's schemas. */
type EndpointRequest<E extends EndpointSpec> = FastifyRequest<{
  Params: ParamsOf<E>;
  Querystring: QueryOf<E>;
  Body: BodyOf<E>;
}>;

/** A handler answers with a body of one of the entry's success statuses, or sends its own reply. */
export type EndpointHandler<E extends EndpointSpec> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<ReplyOf<E> | FastifyReply>;

/** Route options the contract does not describe: body limits, rate limits, extra hooks. */
export type EndpointOptions = Pick<
  RouteShorthandOptions,
  'bodyLimit' | 'config' | 'preHandler' | 'preValidation'
>;

export function route<E extends EndpointSpec>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: EndpointOptions = {},
): void {
  const bearer = (endpoint.auth ?? 'bearer') === 'bearer';
  app.route({
    ...options,
    method: endpoint.method,
    url: endpoint.path,
    onRequest: bearer ? app.authenticate : undefined,
    onSend: auditHook(app, endpoint),
    // Only the parts the entry has: Fastify warns about a part given as undefined.
    schema: Object.fromEntries(
      Object.entries({
        tags: typeof endpoint.tag === 'string' ? [endpoint.tag] : [...endpoint.tag],
        summary: endpoint.summary,
        description: endpoint.description,
        hide: endpoint.hidden,
        security: bearer ? [{ bearer: [] }] : undefined,
        params: endpoint.params,
        querystring: endpoint.query,
        body: endpoint.body,
        response: endpoint.responses,
      }).filter(([, value]) => value !== undefined),
    ),
    handler: auditedHandler(app, endpoint, handler as RouteHandlerMethod),
  });
}

import type { FastifyContextConfig, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COMMON_ERRORS, ErrorBody, NoContent, SIGNED_IN_ERRORS, statusesOf, type EndpointDef, type ReplyOf } from '@sprout/core/contract';
import { BASE_PREFIX, type HttpMethod, type RouteBase } from '@sprout/core/routes';

type App = Parameters<FastifyPluginAsyncZod>[0];
type Infer<S> = S extends z.ZodType ? z.infer<S> : unknown;

/** An endpoint of the contract with its address. */
export type Endpoint = EndpointDef & { base: RouteBase; method: HttpMethod; path: string };

type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: Infer<E['params']>;
  Querystring: Infer<E['query']>;
  Body: Infer<E['body']>;
  Headers: Infer<E['headers']>;
}>;

/** What a handler returns for the endpoint to answer: its JSON body, or nothing for an empty answer; a stream, a file or a redirect it sends itself. */
type Answer<E extends Endpoint> = E['reply'] extends { schema: z.ZodType } ? ReplyOf<E> : E['reply'] extends { kind: 'empty' } ? void : never;

/** A handler answers with the endpoint's reply, or sends it itself (a stream, a file) and returns the reply. */
export type EndpointHandler<E extends Endpoint> = (req: EndpointRequest<E>, reply: FastifyReply) => Promise<Answer<E> | FastifyReply>;

export interface EndpointOptions {
  /** Who may call it and what it loads first (`auth`, `owns`, `feature`: see the plugins that read them). */
  config: FastifyContextConfig;
  /** Route options the contract does not decide: a body limit, a faster serializer. */
  route?: Pick<RouteOptions, 'bodyLimit' | 'serializerCompiler'>;
}

// A file is sent as bytes (a Buffer or a string), which Fastify never serializes; the schema only
// documents it, and is zod because the serializer compiler reads every response schema as zod.
const FileBytes = z.string().meta({ format: 'binary' });

/** The answers of an endpoint as Fastify documents and serializes them: its reply and each status its errors may have. */
function responses(e: Endpoint, signedIn: boolean): Record<number, unknown> {
  const out: Record<number, unknown> = {};
  for (const code of [...COMMON_ERRORS, ...(signedIn ? SIGNED_IN_ERRORS : []), ...e.errors]) for (const status of statusesOf(code)) out[status] = ErrorBody;
  const r = e.reply;
  if ('schema' in r) out[r.status] = r.schema;
  else if (r.kind === 'empty') out[r.status] = NoContent;
  else if (r.kind === 'events') out[r.status] = { description: 'One event per frame', content: { 'text/event-stream': { schema: r.event } } };
  // A redirect's body is empty (its Location is the answer), documented as an empty answer.
  else if (r.kind === 'redirect') out[r.status] = NoContent;
  else
    out[r.status] = {
      description: e.description ?? 'A file',
      content: Object.fromEntries((r.types ?? ['application/octet-stream']).map((type) => [type, { schema: FileBytes }])),
    };
  return out;
}

/**
 * Registers one endpoint of the contract: its method and path, its schemas and its declared
 * authorization, under the prefix its base is mounted at (refused at start-up anywhere else, so an
 * endpoint cannot be served at an address the web client does not call).
 */
export function registerEndpoint<E extends Endpoint>(app: App, e: E, options: EndpointOptions, handler: EndpointHandler<E>): void {
  const prefix = app.prefix;
  const at = BASE_PREFIX[e.base];
  if (prefix !== at && !(e.base === 'api' && prefix === `${at}/preview`)) throw new Error(`${e.name} belongs under '${at}', not '${prefix}'`);
  const signedIn = options.config.auth !== 'public';
  app.route({
    method: e.method,
    url: e.path,
    config: options.config,
    ...options.route,
    schema: {
      tags: [e.tag],
      ...(e.description ? { description: e.description } : {}),
      ...(e.params ? { params: e.params } : {}),
      ...(e.headers ? { headers: e.headers } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.body ? { body: e.body } : {}),
      response: responses(e, signedIn),
    },
    handler: async (req, reply) => {
      const answer: unknown = await handler(req as EndpointRequest<E>, reply);
      if (answer === reply || reply.sent) return reply;
      reply.status(e.reply.status);
      return answer;
    },
  });
}

/**
 * The contract between console and server: each call of §7 (and the calls the spec leaves out)
 * described once, beside the zod schemas of its payloads. The server registers its routes from
 * these entries (validation, serialization, OpenAPI), and the console types and checks its calls
 * with the same entries, so a path, a body or a response shape cannot drift between the two.
 */
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may call: 'bearer' needs a signed-in session (§7); 'none' is open (sign-in, recovery…). */
export type EndpointAuth = 'bearer' | 'none';

export interface EndpointSpec {
  readonly method: HttpMethod;
  /** Under the API base path, with Fastify-style parameters: '/controls/:id/test'. */
  readonly path: string;
  /**
   * The OpenAPI tag: the resource, e.g. 'controls'; a call listed under two resources (user
   * and contacts for GET user/contact) gives both, in the order the document shows them.
   */
  readonly tag: string | readonly [string, ...string[]];
  readonly summary: string;
  readonly description?: string;
  /** Defaults to 'bearer'. */
  readonly auth?: EndpointAuth;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** Response bodies by status; a 204 maps to
   * noContentSchema (no-content.ts). */
  readonly responses: Readonly<Record<number, z.ZodType>>;
  /** Left out of the OpenAPI document (health checks and the like). */
  readonly hidden?: boolean;
  /**
   * False for a call that is no person's change: a machine's (a network server's uplinks) or a
   * read that sends its filter in a POST body (an area's events). It writes no audit row.
   * Defaults to true; GET reads write none anyway.
   */
  readonly audited?: boolean;
}

/** Keeps the literal types of an entry, so its params, body and responses type both sides. */
export function defineEndpoint<const E extends EndpointSpec>(spec: E): E {
  return spec;
}

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;
type Input<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What the server's handler receives, after validation. */
export type ParamsOf<E extends EndpointSpec> = Output<E['params']>;
export type QueryOf<E extends EndpointSpec> = Output<E['query']>;
export type BodyOf<E extends EndpointSpec> = Output<E['body']>;

/** What the console sends. */
export type ParamsInput<E extends EndpointSpec> = Input<E['params']>;
export type QueryInput<E extends EndpointSpec> = Input<E['query']>;
export type BodyInput<E extends EndpointSpec> = Input<E['body']>;

type SuccessStatus<E extends EndpointSpec> = Extract<keyof E['responses'], 200 | 201 | 202 | 204>;

/** The body of any success answer of the endpoint, as the console receives it (none for 204). */
export type ResponseOf<E extends EndpointSpec> = {
  [S in SuccessStatus<E>]: S extends 204 ? undefined : z.output<E['responses'][S]>;
}[SuccessStatus<E>];

/** The body of any success answer of the endpoint, as the server sends it. */
export type ReplyOf<E extends EndpointSpec> = {
  [S in SuccessStatus<E>]: z.input<E['responses'][S]>;
}[SuccessStatus<E>];

type Part<K extends string, S> = S extends z.ZodType
  ? undefined extends z.input<S>
    ? { readonly [P in K]?: z.input<S> }
    : { readonly [P in K]: z.input<S> }
  : { readonly [P in K]?: never };

/** What the console passes to call the endpoint: the parts it has, each required unless optional. */
export type CallInput<E extends EndpointSpec> = Part<'params', E['params']> &
  Part<'query', E['query']> &
  Part<'body', E['body']>;

/** '/controls/:id/test' with { id: 7 } → '/controls/7/test'. */
export function endpointPath(path: string, params: Readonly<Record<string, unknown>> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) {
      throw new TypeError(`${path}: no value for :${name}`);
    }
    return encodeURIComponent(String(value));
  });
}

/**
 * The one way to call the API (§7): JSON against the app config's apiBaseUrl, signed with the
 * session's bearer token. A 204 resolves to undefined. On a 401 the session is refreshed once
 * (POST /user/refresh; concurrent 401s share that refresh) and the call retried once; if that
 * fails the session ends with a logged-out event ('Invalid Credentials', §5). Failures reject
 * with an {@link ApiError}; no network rejects with status 0 and message 'offline' (§4, §8).
 *
 *   const sites = await api.get('/sites', { schema: z.array(siteSchema) });
 *   await api.put(`/sites/${id}`, { config });
 */
import {
  endpointPath,
  INVALID_CREDENTIALS,
  parseTokenSet,
  readApiErrorBody,
  type CallInput,
  type EndpointSpec,
  type ResponseOf,
  type TokenSet,
} from '@paddock/domain';
import { emitAuthEvent } from './auth-events.ts';
import { clearAuth, readAuth, writeAuth } from './auth-storage.ts';

/** §8 "Request: 'offline'". */
export const OFFLINE = 'offline';

/** Anything with a zod-like parse, so responses are checked with the domain's schemas. */
interface ResponseSchema<T> {
  parse(data: unknown): T;
}

/** An API failure: the server's error body (docs/api.md) or, with status 0, no response at all. */
export class ApiError extends Error {
  /** HTTP status; 0 when no response arrived (offline or network failure). */
  readonly status: number;
  /** The input at fault, when the server names one. */
  readonly field: string | undefined;
  readonly reason: string | undefined;
  /** Detail lines, e.g. every failed password rule. */
  readonly detail: readonly string[] | undefined;
  /** The raw response body, parsed when it was JSON. */
  readonly body: unknown;

  constructor(
    status: number,
    message: string,
    extra: { field?: string; reason?: string; detail?: readonly string[]; body?: unknown } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.field = extra.field;
    this.reason = extra.reason;
    this.detail = extra.detail;
    this.body = extra.body;
  }

  /** The status for the domain's error-key functions (loginErrorKey etc.): undefined when no response. */
  get responseStatus(): number | undefined {
    return this.status === 0 ? undefined : this.status;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export type QueryParams =
  | Readonly<Record<string, string | number | boolean | null | undefined>>
  | readonly (readonly [string, string])[];

export interface RequestOptions<T> {
  /** Checks the response body; the domain's schema of the call. */
  readonly schema?: ResponseSchema<T>;
  /** Appended as ?key=value; pairs repeat keys (e.g. the site filter). */
  readonly query?: QueryParams;
  /** No bearer token and no refresh on 401 (login, refresh, password reset, activation, sign-up). */
  readonly anonymous?: boolean;
  readonly signal?: AbortSignal;
  /** Checks the response body by its status, where statuses answer with different bodies. */
  readonly responses?: Readonly<Record<number, ResponseSchema<unknown>>>;
  /** Told the success status, where statuses mean different outcomes (POST users: 201 or 200). */
  readonly onStatus?: (status: number) => void;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

let baseUrl = '/api';
let fetchImpl: typeof fetch = (...args) => fetch(...args);
let refreshing: Promise<boolean> | null = null;

/** Set by the bootstrap from the app config; tests may pass their own fetch. */
export function configureApiClient(options: { baseUrl: string; fetch?: typeof fetch }): void {
  baseUrl = options.baseUrl.replace(/\/+$/, '');
  if (options.fetch) fetchImpl = options.fetch;
}

export function apiUrl(path: string, query?: QueryParams): string {
  const search = new URLSearchParams();
  if (Array.isArray(query)) {
    for (const [key, value] of query as readonly (readonly [string, string])[])
      search.append(key, value);
  } else if (query) {
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null) search.append(key, String(value));
    }
  }
  const text = search.toString();
  return `${baseUrl}${path.startsWith('/') ? path : `/${path}`}${text ? `?${text}` : ''}`;
}

async function send(
  method: Method,
  path: string,
  body: unknown,
  options: RequestOptions<unknown>,
  token: string | undefined,
): Promise<Response> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    throw new ApiError(0, OFFLINE);
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  try {
    return await fetchImpl(apiUrl(path, options.query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, OFFLINE);
  }
}

async function toError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: keep the text.
  }
  const read = readApiErrorBody(parsed);
  const message = read.message || response.statusText || `HTTP ${response.status}`;
  return new ApiError(response.status, message, {
    field: read.field,
    reason: read.reason,
    detail: read.detail,
    body: parsed,
  });
}

async function read<T>(response: Response, schema: ResponseSchema<T> | undefined): Promise<T> {
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  const data: unknown = text === '' ? undefined : JSON.parse(text);
  return schema ? schema.parse(data) : (data as T);
}

/** The refresh response: a token set, checked without zod (this module is on the first load). */
const TOKEN_SET: ResponseSchema<TokenSet> = {
  parse(data: unknown): TokenSet {
    const tokens = parseTokenSet(data);
    if (!tokens) throw new Error('The refresh response is not a token set');
    return tokens;
  },
};

/**
 * Trades the stored refresh token for a new token set, once for every caller waiting on it.
 * Resolves false when the session cannot be refreshed (then it has ended); rejects with the
 * offline error when the network is down, which leaves the session alone.
 */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const auth = readAuth();
    if (!auth) return false;
    try {
      const response = await send(
        'POST',
        '/user/refresh',
        { refreshToken: auth.refreshToken },
        {},
        undefined,
      );
      if (!response.ok) return false;
      writeAuth(await read<TokenSet>(response, TOKEN_SET));
      return true;
    } catch (error) {
      if (isApiError(error) && error.status === 0) throw error;
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Ends the session here and in every tab: the app goes to /login keeping the path (§4). */
export function endSession(reason: string = INVALID_CREDENTIALS): void {
  clearAuth();
  emitAuthEvent({ type: 'loggedOut', reason });
}

async function request<T>(
  method: Method,
  path: string,
  body: unknown,
  options: RequestOptions<T> = {},
): Promise<T> {
  const token = options.anonymous ? undefined : readAuth()?.token;
  let response = await send(method, path, body, options, token);
  if (response.status === 401 && token !== undefined) {
    // Another call may have refreshed already: retry with its token before refreshing again.
    const current = readAuth()?.token;
    const refreshed = current !== undefined && current !== token ? true : await refreshSession();
    if (refreshed) response = await send(method, path, body, options, readAuth()?.token);
    if (!refreshed || response.status === 401) {
      const error = await toError(response);
      endSession();
      throw error;
    }
  }
  if (!response.ok) throw await toError(response);
  options.onStatus?.(response.status);
  const schema =
    (options.responses?.[response.status] as ResponseSchema<T> | undefined) ?? options.schema;
  return read(response, schema);
}

export const api = {
  get: <T = unknown>(path: string, options?: RequestOptions<T>) =>
    request<T>('GET', path, undefined, options),
  post: <T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>) =>
    request<T>('POST', path, body, options),
  put: <T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>) =>
    request<T>('PUT', path, body, options),
  delete: <T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>) =>
    request<T>('DELETE', path, body, options),
};

/**
 * Calls an endpoint of the contract (packages/domain/src/contract): its method and path, its
 * params filled in, and the answer checked with the entry's schema for the status that came.
 *
 *   const events = await callEndpoint(eventEndpoints.listAreaEvents, { params: { id }, body });
 *
 * `query` given here overrides the input's query, for repeated keys (the site filter's pairs).
 */
export function callEndpoint<E extends EndpointSpec>(
  endpoint: E,
  input: CallInput<E>,
  options: {
    readonly signal?: AbortSignal;
    readonly query?: QueryParams;
    readonly onStatus?: (status: number) => void;
  } = {},
): Promise<ResponseOf<E>> {
  const parts = input as { params?: Record<string, unknown>; query?: QueryParams; body?: unknown };
  return request<ResponseOf<E>>(
    endpoint.method,
    endpointPath(endpoint.path, parts.params),
    parts.body,
    {
      query: options.query ?? parts.query,
      signal: options.signal,
      anonymous: endpoint.auth === 'none',
      responses: endpoint.responses,
      onStatus: options.onStatus,
    },
  );
}

/**
 * Test helpers of the irrigation feature: a fake network that answers by method and path (the
 * workspace's queries run in parallel, so a fixed order of answers would not do) and records
 * every call with its JSON body.
 */
import { jsonResponse } from '../../testing/render.tsx';

type Answer = Response | Error | ((body: unknown) => Response | Promise<Response>);

export interface Route {
  readonly method: string;
  readonly path: RegExp;
  /** Answers in turn; the last one repeats. */
  readonly answers: Answer[];
}

interface RecordedCall {
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
}

export function routedFetch(routes: Route[]) {
  const calls: RecordedCall[] = [];
  const fetch = (async (url: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = String(url);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path, body });
    const route = routes.find(
      (candidate) => candidate.method === method && candidate.path.test(path),
    );
    if (!route) throw new Error(`Unexpected request ${method} ${path}`);
    const answer = route.answers.length > 1 ? route.answers.shift() : route.answers[0];
    if (answer === undefined) throw new Error(`No answer for ${method} ${path}`);
    if (answer instanceof Error) throw answer;
    // A Response can be read once: answer with a copy so the last one can repeat.
    return typeof answer === 'function' ? answer(body) : answer.clone();
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

export const json = jsonResponse;

/** The error body the server sends (docs/api.md). */
export function errorResponse(status: number, message: string): Response {
  return jsonResponse(status, { statusCode: status, error: 'Error', message });
}

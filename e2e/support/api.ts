import { DEMO_PASSWORD } from '@paddock/domain/demo';
import {
  expect,
  type APIRequestContext,
  type PlaywrightWorkerArgs,
  type TestInfo,
} from '@playwright/test';

/**
 * A request context of its own on the stack the project tests (its baseURL): its sign-in leaves
 * the browser's session and other contexts' alone, and it outlives any one test, for set-up and
 * clean-up. Dispose of it after.
 */
export function stackRequest(
  playwright: PlaywrightWorkerArgs['playwright'],
  testInfo: TestInfo,
): Promise<APIRequestContext> {
  return playwright.request.newContext({ baseURL: testInfo.project.use.baseURL ?? '' });
}

/** The API as a demo user: set-up and checks beside what the test does in the browser. */
export interface ApiSession {
  token: string;
  get<T>(path: string): Promise<T>;
  put(path: string, body: unknown): Promise<void>;
}

export async function apiAs(request: APIRequestContext, user: string): Promise<ApiSession> {
  const config = (await (await request.get('/appConfig.json')).json()) as { awsRegion: string };
  const login = await request.post('/api/user/login', {
    data: { user, password: DEMO_PASSWORD, region: config.awsRegion },
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  return {
    token,
    get: async <T>(path: string) => {
      const response = await request.get(`/api${path}`, { headers });
      expect(response.ok(), `GET ${path}`).toBe(true);
      return (await response.json()) as T;
    },
    put: async (path, body) => {
      const response = await request.put(`/api${path}`, { headers, data: body });
      expect(response.ok(), `PUT ${path}`).toBe(true);
    },
  };
}

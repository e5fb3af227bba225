import Fastify from 'fastify';
import type { ServerConfig } from './config.ts';
import { webPlugin } from './plugins/web.ts';
import { API_BASE_PATH, appConfigRoutes } from './routes/app-config/app-config.routes.ts';

/** Builds the server without listening, so tests drive it with `inject`. */
export async function buildApp(config: ServerConfig) {
  const app = Fastify({ logger: { level: config.logLevel } });
  await app.register(appConfigRoutes, { config });
  await app.register(webPlugin, { webDist: config.webDist, apiBasePath: API_BASE_PATH });
  return app;
}

import type { AppConfig } from '@paddock/domain';
import type { FastifyInstance } from 'fastify';
import { API_BASE_PATH, type ServerConfig } from '../../config.ts';

function presentAppConfig(config: ServerConfig): AppConfig {
  return {
    environment: config.environment,
    bugsnagApiKey: config.bugsnagApiKey,
    apiBaseUrl: API_BASE_PATH,
    awsRegion: config.region,
  };
}

/** GET /appConfig.json: same origin, no credentials; the first call the console makes (spec §7). */
export async function appConfigRoutes(app: FastifyInstance, options: { config: ServerConfig }) {
  const body = presentAppConfig(options.config);
  app.get('/appConfig.json', async (_request, reply) => {
    // The console reads it at every start; a cached copy would hide a changed environment.
    reply.header('cache-control', 'no-store');
    return body;
  });
}

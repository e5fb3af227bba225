/**
 * Server configuration, read once from the environment and parsed with zod at the boundary:
 * a bad value stops start-up with the variable's name instead of surfacing later.
 */
import { environmentSchema } from '@paddock/domain';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  PADDOCK_ENVIRONMENT: environmentSchema.default('development'),
  /** Error-reporting (Bugsnag) key handed to the console; only used outside development. */
  BUGSNAG_API_KEY: z.string().default(''),
  /** Region announced to the console in appConfig.json and sent with every login. */
  PADDOCK_REGION: z.string().min(1).default('ap-southeast-2'),
  /** Where the built console lives; `npm run build` writes it here. */
  WEB_DIST: z.string().min(1).default(path.join(repositoryRoot, 'apps/web/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type ServerConfig = {
  port: number;
  host: string;
  environment: z.infer<typeof environmentSchema>;
  bugsnagApiKey: string;
  region: string;
  webDist: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    environment: e.PADDOCK_ENVIRONMENT,
    bugsnagApiKey: e.BUGSNAG_API_KEY,
    region: e.PADDOCK_REGION,
    webDist: e.WEB_DIST,
    logLevel: e.LOG_LEVEL,
  };
}

import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import path from 'node:path';
import { loadTokenSecret } from './auth/secrets.ts';
import { API_BASE_PATH, type ServerConfig } from './config.ts';
import { readableLogStream } from './start/log-lines.ts';
import { openDatabase, peopleOf, type Database } from './db/client.ts';
import { systemClock, type Clock } from './clock.ts';
import { afterAnswerWork } from './http/after-answer.ts';
import type { AppContext } from './http/context.ts';
import { registerErrorHandler } from './http/errors.ts';
import { registerJsonBodyParser } from './http/json-body.ts';
import { COMPRESS_THRESHOLD_BYTES } from './http/response-cache.ts';
import { responseSerializerCompiler } from './http/serializer.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { authPlugin } from './plugins/auth.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { webPlugin } from './plugins/web.ts';
import { apiRoutes } from './resources/index.ts';
import { appConfigRoutes } from './resources/app-config/app-config.routes.ts';
import { stageInTransactions } from './http/audit-staging.ts';

export type AppOverrides = {
  /** An already open database (tests); otherwise the configured one is opened and closed with the app. */
  db?: Database;
  mailer?: Mailer;
  clock?: Clock;
};

/** Builds the server without listening, so tests drive it with `inject`. */
export async function buildApp(
  config: ServerConfig,
  overrides: AppOverrides = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(config.logFormat === 'pretty' ? { stream: readableLogStream() } : {}),
    },
    // Only the configured proxies may set the client address (login throttling per address).
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler(config.environment !== 'production'));
  registerErrorHandler(app);
  registerJsonBodyParser(app);

  const handle = overrides.db ? null : await openDatabase(config.database);
  const db = overrides.db ?? handle?.db;
  if (!db) throw new Error('no database');
  const mailer =
    overrides.mailer ??
    createMailer({
      db,
      from: config.mailFrom,
      smtpUrl: config.smtpUrl,
      outboxDir: path.join(config.dataDir, 'outbox'),
      log: app.log,
    });
  const ctx: AppContext = {
    config,
    db,
    mailer,
    clock: overrides.clock ?? systemClock,
    tokenSecret: await loadTokenSecret(db, config.tokenSecret),
    afterAnswer: afterAnswerWork(),
  };
  app.decorate('ctx', ctx);
  // A mutating call's audit row is written in the first transaction its handler opens.
  stageInTransactions(db);
  // Background work on this database (db/lanes.ts) waits while a person's request is in flight.
  const people = peopleOf(db);
  if (people) {
    app.addHook('onRequest', (request, reply, done) => {
      const ended = people.arrived();
      reply.raw.once('finish', ended);
      reply.raw.once('close', ended);
      done();
    });
  }
  app.addHook('onClose', async () => {
    await ctx.afterAnswer.settled();
    if (!overrides.mailer) mailer.close();
    await handle?.close();
  });

  // The console's scripts and the polled lists are text: gzip or brotli cut them to a fifth.
  await app.register(fastifyCompress, { global: true, threshold: COMPRESS_THRESHOLD_BYTES });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Paddock API',
        version: '1.2.25',
        description: 'The calls of the Paddock console (spec §7).',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: `${API_BASE_PATH}/docs` });

  await app.register(securityHeadersPlugin);
  await app.register(authPlugin);
  await app.register(appConfigRoutes, { config });
  await app.register(apiRoutes, { prefix: API_BASE_PATH });
  await app.register(webPlugin, { webDist: config.webDist, apiBasePath: API_BASE_PATH });
  return app;
}

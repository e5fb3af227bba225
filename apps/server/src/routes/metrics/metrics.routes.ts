/** GET metrics/list (spec §7): every metric the platform records, for any signed-in user. */
import { metricsListSchema } from '@paddock/domain';
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { metrics } from '../../db/schema.ts';
import { presentMetric } from './metric.presenter.ts';

export async function metricRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get(
    '/metrics/list',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['metrics'],
        summary: 'Every metric: id, name (its reading path) and unit',
        security: [{ bearer: [] }],
        response: { 200: metricsListSchema },
      },
    },
    async () => {
      const rows = await db.select().from(metrics).orderBy(asc(metrics.id));
      return rows.map(presentMetric);
    },
  );
}

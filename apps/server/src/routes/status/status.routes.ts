/** GET /api/status/summary: the status page's incidents and maintenances, for the banner (§4). */
import { statusSummarySchema } from '@paddock/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createStatusPage } from '../../adapters/status-page.ts';

export async function statusRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const statusPage = createStatusPage({
    url: app.ctx.config.statusSummaryUrl,
    cacheMs: app.ctx.config.statusSummaryCacheMs,
    now: app.ctx.clock.now,
    log: app.log,
  });

  app.get(
    '/status/summary',
    {
      schema: {
        tags: ['status'],
        summary:
          'Active incidents and maintenances of the status page (public, like the page itself)',
        // The console adds a timestamp so no cache in between answers an old summary.
        querystring: z.object({ timestamp: z.coerce.number().int().nonnegative().optional() }),
        response: { 200: statusSummarySchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return statusPage.summary();
    },
  );
}

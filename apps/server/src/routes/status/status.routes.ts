/**
 * GET /api/status/summary: the status page's incidents and maintenances, for the banner (§4), and
 * GET /api/health for load balancers and probes; both open, like the status page itself.
 */
import { statusEndpoints } from '@paddock/domain';
import type { FastifyInstance } from 'fastify';
import { createStatusPage } from '../../adapters/status-page.ts';
import { route } from '../../http/endpoint.ts';

export async function statusRoutes(app: FastifyInstance) {
  const statusPage = createStatusPage({
    url: app.ctx.config.statusSummaryUrl,
    cacheMs: app.ctx.config.statusSummaryCacheMs,
    now: app.ctx.clock.now,
    log: app.log,
  });

  route(app, statusEndpoints.getHealth, async () => ({ status: 'ok' as const }));

  route(app, statusEndpoints.getStatusSummary, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return statusPage.summary();
  });
}

/**
 * GET /api/status/summary: the status page's incidents and maintenances, for the banner (§4), and
 * GET /api/health for load balancers and probes; both open, like the status page itself.
 */
import { statusEndpoints } from '@paddock/domain';
import type { FastifyInstance } from 'fastify';
import { createStatusPage } from '../../adapters/status-page.ts';
import { databaseAnswers } from '../../db/client.ts';
import { route } from '../../http/endpoint.ts';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../http/errors.ts';

/** A health check answers within this, so a probe tells a hung database from a slow one. */
const HEALTH_DATABASE_TIMEOUT_MS = 3000;

export async function statusRoutes(app: FastifyInstance) {
  const statusPage = createStatusPage({
    url: app.ctx.config.statusSummaryUrl,
    cacheMs: app.ctx.config.statusSummaryCacheMs,
    now: app.ctx.clock.now,
    log: app.log,
  });

  // The database is asked every time: a server whose database is away serves nothing useful, and
  // a load balancer should know.
  route(app, statusEndpoints.getHealth, async (request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    const answered = await Promise.race([
      databaseAnswers(app.ctx.db),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), HEALTH_DATABASE_TIMEOUT_MS);
      }),
    ]);
    if (!answered) request.log.warn('health check: the database did not answer');
    clearTimeout(timer);
    reply.header('cache-control', 'no-store');
    if (answered) return { status: 'ok' as const };
    return reply
      .code(503)
      .send({ status: 'unavailable' as const, message: DATABASE_UNAVAILABLE_MESSAGE });
  });

  route(app, statusEndpoints.getStatusSummary, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return statusPage.summary();
  });
}

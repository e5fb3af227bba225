/** GET metrics/list (spec §7): every metric the platform records, for any signed-in user. */
import { metricEndpoints } from '@paddock/domain';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint.ts';
import { presentMetric } from './metric.presenter.ts';
import { listMetrics } from './metrics.repository.ts';

export async function metricRoutes(app: FastifyInstance) {
  const { db } = app.ctx;

  route(app, metricEndpoints.listMetrics, async () => (await listMetrics(db)).map(presentMetric));
}

/** Metrics (§7): every metric the platform records, for any signed-in user. */
import { metricsListSchema } from '../entities/event.ts';
import { defineEndpoint } from './endpoint.ts';

export const metricEndpoints = {
  listMetrics: defineEndpoint({
    method: 'GET',
    path: '/metrics/list',
    tag: 'metrics',
    summary: 'Every metric: id, name (its reading path) and unit',
    responses: { 200: metricsListSchema },
  }),
};

/** The service's status: the status page's summary for the banner (§4), and the health check. */
import { statusSummaryQuerySchema } from '../entities/params.ts';
import {
  healthSchema,
  healthUnavailableSchema,
  statusSummarySchema,
} from '../entities/status-summary.ts';
import { defineEndpoint } from './endpoint.ts';

export const statusEndpoints = {
  getStatusSummary: defineEndpoint({
    method: 'GET',
    path: '/status/summary',
    tag: 'status',
    summary: 'Active incidents and maintenances of the status page (public, like the page itself)',
    auth: 'none',
    query: statusSummaryQuerySchema,
    responses: { 200: statusSummarySchema },
  }),
  /** For load balancers and probes; not a call of the console. */
  getHealth: defineEndpoint({
    method: 'GET',
    path: '/health',
    tag: 'status',
    summary: 'The server is up and its database answers',
    auth: 'none',
    hidden: true,
    responses: { 200: healthSchema, 503: healthUnavailableSchema },
  }),
};

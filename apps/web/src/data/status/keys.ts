/** Query keys of the status page's summary, relayed by the server (GET /status/summary). */
export const statusKeys = {
  summary: ['status-summary'] as const,
};

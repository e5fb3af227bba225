/** Query keys of the fleet view (issue 33 item 4): GET fleet, across the user's sites. */
export const fleetKeys = {
  all: ['fleet'] as const,
  /** The attention list the fleet page shows, its first `limit` rows. */
  list: (limit: number) => ['fleet', 'list', limit] as const,
  /** Each site's count alone (limit 0), for the dashboard's badges. */
  counts: ['fleet', 'counts'] as const,
};

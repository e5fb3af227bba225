/**
 * Query keys of requests (§3). Apart from the site's and the area's keys on purpose: the route
 * refresh must not refetch a request being followed off its pace.
 */
export const requestKeys = {
  /** The current status of one request, while the console follows it. */
  detail: (requestId: number) => ['requests', requestId] as const,
};

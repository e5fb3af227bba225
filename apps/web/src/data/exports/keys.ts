/** Query keys of report exports and scheduled reports. */
export const exportKeys = {
  all: ['exports'] as const,
  /** GET exports?page=. */
  list: (page: number) => ['exports', 'list', page] as const,
  /** GET exports/{id}. */
  detail: (id: number) => ['exports', id] as const,
  /** GET sites/{id}/scheduled-reports. */
  scheduled: (siteId: number) => ['exports', 'scheduled', siteId] as const,
};

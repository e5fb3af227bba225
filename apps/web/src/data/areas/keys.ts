/**
 * Query keys of areas. Every query about one area's things keys under `areaKeys.detail(id)`, so
 * the route refresh (§2) reaches them.
 */
export const areaKeys = {
  /** The prefix of every area's queries (§9 "area cache 10 min" is set on it). */
  all: () => ['areas'] as const,
  /** The prefix of every query about the area (its programs, controls, radios, sensors, events). */
  detail: (areaId: number) => ['areas', areaId] as const,
  /**
   * GET sections?area= : keyed apart from the area, so the route refresh leaves the zones' shapes
   * alone (they change with the site's set-up, not with the field).
   */
  sections: (areaId: number) => ['sections', { area: areaId }] as const,
  /** The prefix of every area's sections. */
  allSections: () => ['sections'] as const,
};

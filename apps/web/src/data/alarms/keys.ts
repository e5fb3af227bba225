/**
 * Query keys of alarms. Every alarm query (GET areas/{id}/alarms) starts with `alarmKeys.all`:
 * alarms name the contacts they notify, so a contact's save invalidates them all.
 */
export const alarmKeys = {
  all: ['alarms'] as const,
  /** GET areas/{id}/alarms. */
  area: (areaId: number) => ['alarms', 'area', areaId] as const,
};

/**
 * Query keys of alarms. Every alarm query of a signed-in person starts with `alarmKeys.all`: alarms name the contacts
 * they notify, so a contact's save invalidates them all, and an acknowledgement reaches both the
 * alarm lists and the messages it stops.
 */
export const alarmKeys = {
  all: ['alarms'] as const,
  /** GET areas/{id}/alarms. */
  area: (areaId: number) => ['alarms', 'area', areaId] as const,
  /** GET areas/{areaId}/alarms/{id}/notifications: the alarm's messages. */
  notifications: (areaId: number, alarmId: number) =>
    ['alarms', 'area', areaId, alarmId, 'notifications'] as const,
  /** GET sites/{site}/notifications: the site's latest messages. */
  siteNotifications: (siteId: number) => ['alarms', 'site', siteId, 'notifications'] as const,
  /** GET sites/{site}/roster. */
  roster: (siteId: number) => ['alarms', 'site', siteId, 'roster'] as const,
  /**
   * GET alarm-acks/{token}: what an email's or sms's acknowledgement link acknowledges. Opened
   * without signing in, so not under `all`.
   */
  ackLink: (token: string) => ['alarm-acks', token] as const,
};

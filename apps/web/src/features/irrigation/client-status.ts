/**
 * How the console tells the §4 program client statuses (pending, started, error, applied…):
 * as a notification (§8 levels, 5 s) and as the status line of the panel. The wording is the
 * translation of `Irrigation.ClientStatus.{status}`.
 */
import { isUnsuccessfulClientStatus, type ProgramClientStatus } from '@paddock/domain';
import type { NotificationLevel } from '../../lib/notify.ts';

/** §8: unsuccessful statuses are errors (danger), pending is plain (primary), the rest success (info). */
export function clientStatusLevel(status: ProgramClientStatus): NotificationLevel {
  if (isUnsuccessfulClientStatus(status)) return 'error';
  return status === 'pending' ? 'primary' : 'info';
}

/** Translation key of a client status. */
export function clientStatusKey(status: ProgramClientStatus): string {
  return `Irrigation.ClientStatus.${status}`;
}

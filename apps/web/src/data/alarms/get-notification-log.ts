/**
 * The messages sent or held back for alarms (ours): GET areas/{areaId}/alarms/{id}/notifications
 * for one alarm, GET sites/{site}/notifications for the site's latest. Refreshed with the route.
 */
import {
  notificationEndpoints,
  ROUTE_REFRESH_MS,
  type NotificationLogEntry,
} from '@paddock/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { cachedQueryOptions } from '../../lib/offline-cache-queries.ts';
import { alarmKeys } from './keys.ts';

/** Decision: the log is read more often than the route refresh, so a send shows within seconds. */
const NOTIFICATION_LOG_REFRESH_MS = 5_000;

function getAlarmNotifications(areaId: number, id: number): Promise<NotificationLogEntry[]> {
  return callEndpoint(notificationEndpoints.listAlarmNotifications, { params: { areaId, id } });
}

function getSiteNotifications(siteId: number): Promise<NotificationLogEntry[]> {
  return callEndpoint(notificationEndpoints.listSiteNotifications, {
    params: { site: siteId },
    query: {},
  });
}

// The messages are the site's alarm events: both logs are variants of its siteEvents entry (§3).
function getAlarmNotificationsQueryOptions(areaId: number, id: number) {
  return cachedQueryOptions(
    queryOptions({
      queryKey: alarmKeys.notifications(areaId, id),
      queryFn: () => getAlarmNotifications(areaId, id),
      refetchInterval: NOTIFICATION_LOG_REFRESH_MS,
    }),
    { key: 'siteEvents', areaId },
  );
}

function getSiteNotificationsQueryOptions(siteId: number) {
  return cachedQueryOptions(
    queryOptions({
      queryKey: alarmKeys.siteNotifications(siteId),
      queryFn: () => getSiteNotifications(siteId),
      refetchInterval: Math.max(NOTIFICATION_LOG_REFRESH_MS, ROUTE_REFRESH_MS / 4),
    }),
    { key: 'siteEvents', siteId },
  );
}

export function useAlarmNotifications(areaId: number, id: number) {
  return useQuery(getAlarmNotificationsQueryOptions(areaId, id));
}

export function useSiteNotifications(siteId: number) {
  return useQuery(getSiteNotificationsQueryOptions(siteId));
}

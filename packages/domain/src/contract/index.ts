/**
 * Every endpoint of the API, one file per resource. `apiContract` lists them all: the server
 * checks that it registers exactly these (apps/server/test/http/contract.test.ts), and the console calls them
 * through `callEndpoint` in apps/web/src/lib/api-client.ts.
 */
import type { EndpointSpec } from './endpoint.ts';
import { alarmEndpoints } from './alarms.ts';
import { areaEndpoints } from './areas.ts';
import { auditEndpoints } from './audit.ts';
import { authEndpoints } from './auth.ts';
import { contactEndpoints } from './contacts.ts';
import { controlEndpoints } from './controls.ts';
import { currentUserEndpoints } from './user.ts';
import { et0Endpoints } from './et0.ts';
import { eventEndpoints } from './events.ts';
import { exportEndpoints } from './exports.ts';
import { fanEndpoints } from './fans.ts';
import { fleetEndpoints } from './fleet.ts';
import { flowSupervisionEndpoints } from './flow-supervision.ts';
import { frostEndpoints } from './frost.ts';
import { irrigationHistoryEndpoints } from './irrigation-history.ts';
import { metricEndpoints } from './metrics.ts';
import { noteEndpoints } from './notes.ts';
import { notificationEndpoints } from './notifications.ts';
import { permissionEndpoints } from './permissions.ts';
import { programEndpoints } from './programs.ts';
import { radioEndpoints } from './radios.ts';
import { sectionEndpoints } from './sections.ts';
import { sensorEndpoints } from './sensors.ts';
import { siteEndpoints } from './sites.ts';
import { statusEndpoints } from './status.ts';
import { telemetryEndpoints } from './telemetry.ts';
import { unitEndpoints } from './units.ts';
import { userEndpoints } from './users.ts';
import { waterBalanceEndpoints } from './water-balance.ts';
import { waterUseEndpoints } from './water-use.ts';
import { waterTakeEndpoints } from './water-take.ts';
import { webhookEndpoints } from './webhooks.ts';
import { networkLinkEndpoints } from './network-links.ts';

export * from './endpoint.ts';
export * from './refusal.ts';
export * from './no-content.ts';
export * from './alarms.ts';
export * from './areas.ts';
export * from './audit.ts';
export * from './auth.ts';
export * from './contacts.ts';
export * from './controls.ts';
export * from './et0.ts';
export * from './events.ts';
export * from './exports.ts';
export * from './fans.ts';
export * from './fleet.ts';
export * from './flow-supervision.ts';
export * from './frost.ts';
export * from './irrigation-history.ts';
export * from './metrics.ts';
export * from './notes.ts';
export * from './notifications.ts';
export * from './permissions.ts';
export * from './programs.ts';
export * from './radios.ts';
export * from './sections.ts';
export * from './sensors.ts';
export * from './sites.ts';
export * from './status.ts';
export * from './telemetry.ts';
export * from './units.ts';
export * from './user.ts';
export * from './users.ts';
export * from './water-balance.ts';
export * from './water-use.ts';
export * from './water-take.ts';
export * from './webhooks.ts';
export * from './network-links.ts';

/** Every endpoint, by resource. */
export const apiContract = {
  alarms: alarmEndpoints,
  areas: areaEndpoints,
  audit: auditEndpoints,
  auth: authEndpoints,
  contacts: contactEndpoints,
  controls: controlEndpoints,
  et0: et0Endpoints,
  events: eventEndpoints,
  exports: exportEndpoints,
  fans: fanEndpoints,
  fleet: fleetEndpoints,
  flowSupervision: flowSupervisionEndpoints,
  frost: frostEndpoints,
  irrigationHistory: irrigationHistoryEndpoints,
  metrics: metricEndpoints,
  notes: noteEndpoints,
  notifications: notificationEndpoints,
  permissions: permissionEndpoints,
  programs: programEndpoints,
  radios: radioEndpoints,
  sections: sectionEndpoints,
  sensors: sensorEndpoints,
  sites: siteEndpoints,
  status: statusEndpoints,
  telemetry: telemetryEndpoints,
  units: unitEndpoints,
  user: currentUserEndpoints,
  users: userEndpoints,
  waterBalance: waterBalanceEndpoints,
  waterUse: waterUseEndpoints,
  waterTake: waterTakeEndpoints,
  webhooks: webhookEndpoints,
  networkLinks: networkLinkEndpoints,
} satisfies Record<string, Record<string, EndpointSpec>>;

/**
 * Every endpoint of the API, one file per resource. `apiContract` lists them all: the server
 * checks that it registers exactly these (test/contract.test.ts), and the console calls them
 * through `callEndpoint` in apps/web/src/lib/api-client.ts.
 */
import type { EndpointSpec } from './endpoint.ts';
import { alarmEndpoints } from './alarms.ts';
import { areaEndpoints } from './areas.ts';
import { authEndpoints } from './auth.ts';
import { contactEndpoints } from './contacts.ts';
import { eventEndpoints } from './events.ts';
import { noteEndpoints } from './notes.ts';
import { sectionEndpoints } from './sections.ts';
import { sensorEndpoints } from './sensors.ts';
import { telemetryEndpoints } from './telemetry.ts';

export * from './endpoint.ts';
export * from './refusal.ts';
export * from './alarms.ts';
export * from './areas.ts';
export * from './auth.ts';
export * from './contacts.ts';
export * from './events.ts';
export * from './notes.ts';
export * from './sections.ts';
export * from './sensors.ts';
export * from './telemetry.ts';

/** Every endpoint, by resource. */
export const apiContract = {
  alarms: alarmEndpoints,
  areas: areaEndpoints,
  auth: authEndpoints,
  contacts: contactEndpoints,
  events: eventEndpoints,
  notes: noteEndpoints,
  sections: sectionEndpoints,
  sensors: sensorEndpoints,
  telemetry: telemetryEndpoints,
} satisfies Record<string, Record<string, EndpointSpec>>;

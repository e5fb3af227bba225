/**
 * Every endpoint of the API, one file per resource. `apiContract` lists them all: the server
 * checks that it registers exactly these (test/contract.test.ts), and the console calls them
 * through `callEndpoint` in apps/web/src/lib/api-client.ts.
 */
import type { EndpointSpec } from './endpoint.ts';
import { controlEndpoints } from './controls.ts';
import { eventEndpoints } from './events.ts';
import { programEndpoints } from './programs.ts';
import { radioEndpoints } from './radios.ts';
import { metricEndpoints } from './metrics.ts';
import { permissionEndpoints } from './permissions.ts';
import { siteEndpoints } from './sites.ts';
import { statusEndpoints } from './status.ts';
import { currentUserEndpoints } from './user.ts';
import { userEndpoints } from './users.ts';

export * from './endpoint.ts';
export * from './refusal.ts';
export * from './events.ts';
export * from './controls.ts';
export * from './programs.ts';
export * from './radios.ts';
export * from './metrics.ts';
export * from './permissions.ts';
export * from './sites.ts';
export * from './status.ts';
export * from './user.ts';
export * from './users.ts';

/** Every endpoint, by resource. */
export const apiContract = {
  events: eventEndpoints,
  controls: controlEndpoints,
  programs: programEndpoints,
  radios: radioEndpoints,
  metrics: metricEndpoints,
  permissions: permissionEndpoints,
  sites: siteEndpoints,
  status: statusEndpoints,
  user: currentUserEndpoints,
  users: userEndpoints,
} satisfies Record<string, Record<string, EndpointSpec>>;

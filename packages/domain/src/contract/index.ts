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

export * from './endpoint.ts';
export * from './refusal.ts';
export * from './events.ts';
export * from './controls.ts';
export * from './programs.ts';
export * from './radios.ts';

/** Every endpoint, by resource. */
export const apiContract = {
  events: eventEndpoints,
  controls: controlEndpoints,
  programs: programEndpoints,
  radios: radioEndpoints,
} satisfies Record<string, Record<string, EndpointSpec>>;

/**
 * What bench:web measures against and how: the stack's places, the targets, the profiles and pages,
 * and the shapes its parts pass each other.
 */
import { DEMO_LOGINS, DEMO_PASSWORD } from '@paddock/domain/demo';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const HOST = '127.0.0.1';
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const DIST = process.env.WEB_DIST ?? path.join(ROOT, 'apps/web/dist');
export const ADMIN = DEMO_LOGINS.admin;
export const PASSWORD = DEMO_PASSWORD;
export const TARGET_JS_GZIP_KB = 170;
export const TARGET_LCP_MS = 1_500;
/** A filter or sort change of the Telemetry list is painted within this (issue 12). */
export const TARGET_CHANGE_MS = 100;
/** The scale site the Telemetry page is measured on (apps/server/src/seed/scale.ts). */
export const TELEMETRY_SITE_LABEL = 'Bench Farm 0001';
export const TELEMETRY_RADIOS = 200;
/** Seeding the demo farm into a new embedded database takes a while on a small machine. */
export const READY_TIMEOUT_MS = 180_000;
/** After the page shows its content, LCP may still be updated by late images or fonts. */
export const LCP_SETTLE_MS = 1_000;

/** The §9 running colour, as Leaflet writes it into a zone path's fill. */
export const RUNNING_COLOUR = '#448AFF';
/** The big area (apps/server/src/seed/big-block.ts seedBigIrrigationArea). */
export const BIG_BLOCK_LABEL = 'Big Block';
export const BIG_BLOCK_ZONES = 60;
/** How long each zone of the measured program run waters. */
export const RUN_ZONE_SECONDS = 2;
/** A run of 15 zones per sequence ends in about a minute and a half; give it ample time. */
export const RUN_END_TIMEOUT_MS = 6 * 60_000;
/** Program activities during which Start is not offered (§4). */
export const LIVE_ACTIVITIES = new Set(['starting', 'running', 'resuming', 'pausing', 'paused']);

export type Profile = 'localhost' | 'mobile';
export type BenchPage =
  'login' | 'summary' | 'irrigation' | 'telemetry' | 'chart' | 'addons' | 'weather';
export const PAGES: readonly BenchPage[] = [
  'login',
  'summary',
  'irrigation',
  'telemetry',
  'chart',
  'addons',
  'weather',
];

export interface TokenSet {
  loginId: string;
  identityId: string;
  identityPoolId: string;
  token: string;
  refreshToken: string;
  expiresAt: number;
}

export interface JsResource {
  readonly url: string;
  readonly encoded: number;
  readonly gzip: number;
}

/**
 * What the API bench's processes say to each other: api.bench.ts measures, its server child
 * (server-child.ts) seeds and serves, its publisher child (publisher-child.ts) plays the gateways.
 */
import type { Engine } from '../report.ts';

export const HOST = '127.0.0.1';
/** Seeding 100,000 radios takes about a minute; anything past this is a hang. */
export const READY_TIMEOUT_MS = 15 * 60_000;

/** A device ingest takes readings of: a soil probe on a radio. */
export type Device = { siteId: number; serialno: string; sensorId: number };

/** Where the publishers of the mixed workload send, and as whom. */
export type Field = {
  brokerUrl: string;
  topicRoot: string;
  fieldSecret: string;
  devices: Device[];
};

/** What the server child reports once it is seeded and listening. */
export type Ready = {
  type: 'ready';
  port: number;
  token: string;
  siteId: number;
  areaId: number;
  seedSeconds: number;
  /** Null when the mixed workload is off. */
  field: Field | null;
};

/** Messages ingest has committed so far (the child answers a `stats` message). */
export type Stats = { type: 'stats'; committed: number; deadLettered: number };

/** Sites whose radios get a probe and publish in the mixed workload. */
export const PUBLISHING_SITES = 8;

export type Row = {
  engine: Engine;
  endpoint: string;
  status: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
};

/**
 * What the ingest bench's two processes say to each other (ingest.bench.ts measures, the child of
 * ingest-child.ts runs ingest), and the readings the bench's devices send.
 */

/**
 * Reading times start here and step ten minutes per message of a device, as a device reporting
 * every ten minutes would: unique natural keys, and about three readings per series and rollup.
 */
export const READING_BASE = Date.parse('2020-01-01T00:00:00.000Z');
export const READING_STEP_MS = 10 * 60_000;
export const METRICS = ['soil.moisture', 'soil.temperature', 'soil.ec', 'soil.salinity', 'soil.ph'];

export type Setup = 'embedded' | 'external';

/** How the devices speak: Paddock's own field protocol, or through a ChirpStack v4 network server. */
export type Protocol = 'native' | 'chirpstack';

export type ServeOptions = {
  setup: Setup;
  protocol: Protocol;
  dataDir: string;
  databaseUrl: string | null;
  mqttUrl: string | null;
  sites: number;
  radiosPerSite: number;
  /** chirpstack: the ChirpStack links of each site, its radios spread over them in turn. */
  linksPerSite: number;
  batch: { maxMessages: number; maxDelayMs: number };
  /** Batches in flight at once on PostgreSQL (PGlite has one connection: always 1). */
  parallel: number;
  /** One set-point rule per sensor, and the followup worker that evaluates them. */
  rules: boolean;
};

export type Device = {
  siteId: number;
  serialno: string;
  sensorId: number;
  /** chirpstack: the radio's devEUI and the application (link) its uplinks are published for. */
  devEui?: string;
  applicationId?: string;
};

export type Ready = {
  type: 'ready';
  brokerUrl: string;
  topicRoot: string;
  fieldSecret: string;
  devices: Device[];
  /**
   * The time of a device's first reading (ms): READING_BASE on a database of its own; on one
   * seeded for several benches, now, so the readings of series that have a history follow it.
   */
  readingBase: number;
};

export type Report = {
  type: 'report';
  committed: number;
  /** Commit latencies (ms) of the messages published in the measured window. */
  latencies: number[];
  /** Of the same messages, publish to arrival at ingest (ms): the broker's share. */
  arrivals: number[];
  firstCommitMs: number;
  lastCommitMs: number;
  cpuMs: number;
  deadLettered: number;
  readingsInserted: number;
  /** chirpstack: messages the links took as anything but stored (repeat, heard, …), by outcome. */
  notStored: string;
  /** With --rules: followups (batches) still to evaluate when the report was asked for. */
  followupsPending: number;
  /** The ingest process's event loop: how late its timers ran (p99, ms), and time in GC (ms). */
  loopDelayP99: number;
  gcMs: number;
  /**
   * PostgreSQL only: WAL written and checkpoints begun from the window's start to the report (by
   * the whole server). A checkpoint makes every page's next change write the whole page to the
   * WAL, which is when latency climbs: these say whether a run met one.
   */
  walBytes: number | null;
  checkpoints: number | null;
};

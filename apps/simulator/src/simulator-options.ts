/**
 * What starting the simulator takes: its broker, its sites' gateway logins, its pace and, for a
 * demo, the farm's past (simulator.ts starts it; farm.ts keeps these beside the live devices).
 */
import type { describeFrostNight } from './frost-night.ts';
import type { HistoryChunk } from './history.ts';
import type { Random } from './random.ts';

/** pino's shape, which the server's logger has; the CLI writes to the console. */
export type SimulatorLog = {
  info: (object: object, message?: string) => void;
  warn: (object: object, message?: string) => void;
  error: (object: object, message?: string) => void;
};

/** Warnings and errors to stderr, no chatter: the default when none is given. */
export const quietLog: SimulatorLog = {
  info: () => {},
  warn: (object, message) => console.warn('simulator:', message ?? '', JSON.stringify(object)),
  error: (object, message) => console.error('simulator:', message ?? '', JSON.stringify(object)),
};

export type SimulatorSite = {
  siteId: number;
  /** `gateway-{siteId}` when not given. */
  username?: string;
  /** The gateway's key (`npm run field:keys`); an anonymous external broker needs none. */
  password?: string;
  /** The site's radios with a devEUI report through this network server (network-server.ts). */
  network?: NetworkServerLink;
};

/** The LoRaWAN network server a site's radios with a devEUI speak through. */
export type NetworkServerLink = {
  /** ChirpStack v4's MQTT integration, or The Things Stack v3's MQTT server. */
  kind: 'chirpstack' | 'tts';
  /** The network server's broker: the embedded one's `network-server` user stands in for one. */
  brokerUrl: string;
  username?: string;
  password?: string;
  /** ChirpStack's application (a UUID) or The Things Stack's application id. */
  applicationId: string;
  /** The Things Stack's tenant: `ttn` when not given. */
  tenant?: string;
  /** The network server decodes payloads (`object`, `decoded_payload`) as well; true when not given. */
  decoded?: boolean;
  /** devEUIs the network server has that no radio of the site has: heard, not provisioned. */
  unprovisioned?: readonly string[];
  /** Seconds from a command being queued to the device's uplink that takes it; 2 when not given. */
  classADelaySeconds?: number;
};

export type SimulatorOptions = {
  brokerUrl: string;
  /**
   * 5 on a broker that speaks MQTT 5 (Mosquitto): an uplink whose PUBACK says no subscriber took
   * it is sent again (confirmed-publish.ts). 4 (the default) for the embedded broker (aedes).
   */
  protocolVersion?: 4 | 5;
  topicRoot?: string;
  sites: readonly SimulatorSite[];
  clock?: { now(): Date };
  /** Seeds every device's and site's randomness; the same seed repeats the same farm. */
  random?: Random;
  /** Report every this many seconds instead of each device's configured interval (demos, tests). */
  reportEverySeconds?: number;
  /** Seconds from accepting a command to having carried it out (a valve's travel). */
  actuationSeconds?: number;
  /** Port of the fault-injection HTTP server (0: any free one); none when not given. */
  controlPort?: number;
  controlHost?: string;
  log?: SimulatorLog;
  /**
   * When the farm was set up (its first start): the radios' batteries, links and silent spells
   * run on from it (wear.ts), so they carry on across restarts. The simulator's start when not given.
   */
  epoch?: Date;
  /**
   * Give the farm a past: each site's devices are first run through `spanMs` before now (history.ts)
   * and their reports handed to `onChunk`, then the same devices go live, so the history ends where
   * the live run begins. Devices whose config comes later start live at once.
   */
  history?: SimulatorHistory;
};

export type SimulatorHistory = {
  spanMs: number;
  /** Seconds between the past reports; 600 when not given. */
  stepSeconds?: number;
  /** A simulated day of one site's reports. */
  onChunk: (chunk: HistoryChunk) => void;
  /** A site's past is complete and its devices are live. */
  onSiteDone?: (site: { siteId: number; devices: number; from: Date; until: Date }) => void;
  /**
   * Waited for between two simulated days: a server in this process lets its people's requests
   * go first (PeopleFirst.yieldToPeople, in the server). The next turn of the event loop when not given.
   */
  pace?: () => Promise<void>;
};

export type FrostNightSummary = ReturnType<typeof describeFrostNight>;

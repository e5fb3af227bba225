/**
 * The ingest role's LoRaWAN network server links (issue 32 items 1 and 2): one MQTT client per
 * link of kind `chirpstack` or `tts-mqtt`, connected to the link's broker with its credentials and
 * subscribed only to its own application's topics (lorawan-uplinks.ts linkFilters). The links
 * are read again every few seconds, so a link added, changed or deleted over the API is
 * connected, reconnected or closed within one poll, in whichever process runs ingest.
 *
 * A link's uplinks come over a connection of their own, by ingest's MQTT client
 * (ingest/mqtt-client.ts), which hands over every message at once and acknowledges (QoS 1) each
 * only when told: mqtt.js hands over the next message only after the last one's PUBACK, which
 * would mean one transaction per message. They wait in the link's lane (ingest/lanes.ts, one
 * batch at a time, so a device's frames are judged in order) and are stored a batch per
 * transaction (lorawan-uplinks.ts takeLinkMessages), then acknowledged. The session is clean, so
 * what the network server publishes while the link is down is not kept for it (its broker is
 * the network server's, which may hold many applications' traffic). The link's mqtt.js client
 * tells its state, and carries commands and their events.
 *
 * The link's state is written when it changes: `connected`; `refused: bad credentials` when the
 * broker refuses the user name or password (CONNACK 4 or 5; MQTT 5's 0x86, 0x87); `unreachable`
 * for anything else that keeps it from the broker. `no uplink for 2 h` is told by the presenter
 * from the last uplink's time.
 *
 * With the field broker given (`commands`), the links also carry commands to their site's
 * LoRaWAN radios, and take the network server's events that settle them (command-bridge.ts).
 */
import type { NetworkLinkState } from '@paddock/domain';
import mqtt, { type MqttClient } from 'mqtt';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { createCatalog, type Catalog } from '../ingest/catalog.ts';
import { createLanes, DEFAULT_BATCH, type Lanes } from '../ingest/lanes.ts';
import { startIngestClient, type IngestClient } from '../ingest/mqtt-client.ts';
import { backoff, errorText, sleep } from '../ingest/store-errors.ts';
import type { Log } from '../log.ts';
import type { CredentialBox } from './credential-box.ts';
import {
  downlinkEventFilters,
  startCommandBridge,
  type CommandBridge,
  type CommandBridgeOptions,
} from './command-bridge.ts';
import { createLorawanCatalog, type LorawanCatalog } from './lorawan-catalog.ts';
import {
  linkFilters,
  takeLinkMessages,
  type LinkTopics,
  type Outcome,
  type UplinkSource,
} from './lorawan-uplinks.ts';
import { linksToRun, setLinkState, type NetworkLinkRow } from './network-link.repository.ts';

/** How often the links are read again. */
const LINK_POLL_MS = 3_000;
const RECONNECT_MS = 5_000;
const CONNECT_TIMEOUT_MS = 10_000;
/**
 * Messages received and not yet stored past which a link's uplink connection stops reading (TCP
 * back-pressure): a broker may send without limit, as the embedded one does.
 */
const HIGH_WATER = 10_000;
/** Tries of a batch that fails before its messages are tried one by one. */
const BATCH_TRIES = 3;
/** CONNACK codes of a refused user name or password: MQTT 3.1.1 (4, 5) and MQTT 5 (0x86, 0x87). */
const BAD_CREDENTIALS = new Set([4, 5, 0x86, 0x87]);

type LinkRow = NetworkLinkRow;

export type LinkRunnerOptions = {
  db: Database;
  clock: Clock;
  log: Log;
  box: CredentialBox;
  /** Prefixes each client id; distinct per process so two processes never take each other's. */
  clientIdPrefix: string;
  pollMs?: number;
  /**
   * The field broker, for commands to LoRaWAN radios (command-bridge.ts): without it the links
   * carry uplinks only.
   */
  commands?: Pick<CommandBridgeOptions, 'broker' | 'topicRoot' | 'clientId'>;
};

/** What each message was taken as; `settled` is a network server's event about a command. */
type LinkCounts = Record<Outcome | 'settled', number>;

export type LinkRunner = {
  close: () => Promise<void>;
  /** Reads the links now (the poll does it anyway). */
  refresh: () => Promise<void>;
  /** What each link's messages were taken as, by link id. */
  counts: (linkId: number) => LinkCounts;
  /**
   * Calls the observer after every message stored, in this process; returns the way to stop.
   * For measurements (bench:lorawan), like ingest's observeCommits.
   */
  observeStored: (observer: StoredObserver) => () => void;
};

/** A message a link stored: the network server's time of its frame, and when it reached us. */
type StoredUplink = { linkId: number; time: string; receivedAt: Date };
type StoredObserver = (stored: readonly StoredUplink[]) => void;

type RunningLink = {
  signature: string;
  topics: LinkTopics;
  client: MqttClient;
  /** The uplink connection, once it stands. */
  uplinks: IngestClient | null;
  /** Uplinks waiting for their batch, and the batch being stored. */
  lanes: Lanes<Received>;
  /** The downlink event being taken, waited for before the client is gone. */
  working: Promise<unknown>;
  state: { state: NetworkLinkState; detail: string | null } | null;
  /** Closed (the link changed or went): what its client says now is no longer the link's. */
  stopped: boolean;
};

const emptyCounts = (): LinkCounts => ({
  stored: 0,
  repeat: 0,
  heard: 0,
  invalid: 0,
  ignored: 0,
  'no sensor': 0,
  settled: 0,
});

/**
 * What, when changed, needs the link's client made again: its settings, and any change over the
 * API (which sets the link pending), so a link saved again tries again.
 */
function signatureOf(row: LinkRow): string {
  return JSON.stringify([
    row.modifiedAt.getTime(),
    row.kind,
    row.url,
    row.username,
    row.passwordSealed,
    row.applicationId,
    row.tenant,
  ]);
}

type LinkShared = {
  db: Database;
  clock: Clock;
  log: Log;
  box: CredentialBox;
  catalog: Catalog;
  radios: LorawanCatalog;
  clientIdPrefix: string;
  bridge: CommandBridge | null;
  observers: ReadonlySet<StoredObserver>;
};

/** An uplink as the link holds it until its batch is stored. */
type Received = UplinkSource & { ack: () => void };

/**
 * Stores a batch of the link's uplinks and acknowledges each once stored. A batch the database
 * refuses is tried again; one that keeps failing is taken one message at a time, and a message
 * that still fails alone is logged and acknowledged, as the acknowledgements leave in order and
 * one held back would hold back every later one. While the link closes, a failure gives up: the
 * unacknowledged messages are the network server's broker's to drop.
 */
async function storeUplinks(
  shared: LinkShared,
  link: RunningLink,
  tally: LinkCounts,
  batch: Received[],
): Promise<void> {
  const { db, catalog, radios, log } = shared;
  for (let attempt = 1; ; attempt++) {
    try {
      const taken = await takeLinkMessages({ db, catalog, radios, log }, link.topics, batch);
      const stored: StoredUplink[] = [];
      taken.forEach(({ outcome, time }, index) => {
        const message = batch[index] as Received;
        message.ack();
        tally[outcome]++;
        if (outcome === 'stored' && time !== null) {
          stored.push({ linkId: link.topics.id, time, receivedAt: message.receivedAt });
        }
      });
      for (const observer of shared.observers) observer(stored);
      return;
    } catch (error) {
      log.error(
        { link: link.topics.id, err: errorText(error), size: batch.length },
        'network link messages not stored',
      );
      if (link.stopped) return;
      if (attempt >= BATCH_TRIES) {
        if (batch.length > 1) {
          for (const message of batch) await storeUplinks(shared, link, tally, [message]);
        } else {
          for (const message of batch) message.ack();
        }
        return;
      }
      await sleep(backoff(attempt));
    }
  }
}

/** Writes the link's state when it changed, unless the client is no longer the link's. */
async function setState(
  shared: LinkShared,
  linkId: number,
  link: RunningLink,
  state: NetworkLinkState,
  detail: string | null,
): Promise<void> {
  if (link.stopped || (link.state?.state === state && link.state.detail === detail)) return;
  link.state = { state, detail };
  try {
    await setLinkState(shared.db, linkId, state, detail, shared.clock.now());
  } catch (error) {
    shared.log.warn({ link: linkId, err: String(error) }, 'network link state not written');
  }
}

/** The link's client, connecting (and reconnecting) until it is stopped. */
function connectLink(
  shared: LinkShared,
  row: LinkRow,
  tally: LinkCounts,
  closing: () => boolean,
): RunningLink {
  const { log, box } = shared;
  const topics: LinkTopics = {
    id: row.id,
    siteId: row.siteId,
    kind: row.kind === 'tts-mqtt' ? 'tts-mqtt' : 'chirpstack',
    applicationId: row.applicationId,
    tenant: row.tenant,
  };
  const password = row.passwordSealed === null ? undefined : box.open(row.passwordSealed);
  const client = mqtt.connect(row.url, {
    clientId: `${shared.clientIdPrefix}-${row.id}`,
    protocolVersion: 4,
    clean: true,
    reconnectPeriod: RECONNECT_MS,
    connectTimeout: CONNECT_TIMEOUT_MS,
    ...(row.username === null ? {} : { username: row.username }),
    ...(password == null ? {} : { password }),
  });
  const link: RunningLink = {
    signature: signatureOf(row),
    topics,
    client,
    uplinks: null,
    lanes: createLanes<Received>({
      count: 1,
      limits: DEFAULT_BATCH,
      store: (batch) => storeUplinks(shared, link, tally, batch),
      onSettled: () => {
        if (link.lanes.pending() < HIGH_WATER) link.uplinks?.resume();
      },
      onError: (error) =>
        log.error({ link: row.id, err: String(error) }, 'network link messages not stored'),
    }),
    working: Promise.resolve(),
    state: null,
    stopped: false,
  };
  if (password === null) {
    void setState(
      shared,
      row.id,
      link,
      'refused: bad credentials',
      'The stored password cannot be read',
    );
  }
  let lastError: string | null = null;

  // Only the command bridge's events come this way: the uplinks have their own connection.
  client.handleMessage = (packet, done) => {
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    const { bridge } = shared;
    if (bridge?.isDownlinkEvent(topics, packet.topic) !== true) return done();
    const work = bridge
      .settle(topics, packet.topic, payload)
      .then((outcome) => {
        tally[outcome]++;
        done();
      })
      .catch((error: unknown) => {
        // The database is away: not acknowledged, so the broker sends it again on reconnect.
        log.error({ link: row.id, err: String(error) }, 'network link message not stored');
        client.stream.destroy();
      });
    link.working = work;
  };
  client.on('connect', () => {
    lastError = null;
    const filters = shared.bridge === null ? [] : downlinkEventFilters(topics);
    if (filters.length === 0) {
      void setState(shared, row.id, link, 'connected', null);
      return;
    }
    client.subscribe(filters, { qos: 1 }, (error, granted) => {
      const refused = granted?.some((grant) => grant.qos === 128);
      if (error || refused) {
        void setState(
          shared,
          row.id,
          link,
          'unreachable',
          `Subscription refused: ${error?.message ?? ''}`,
        );
        return;
      }
      void setState(shared, row.id, link, 'connected', null);
    });
  });
  client.on('error', (error: Error & { code?: unknown }) => {
    lastError = error.message;
    if (typeof error.code === 'number' && BAD_CREDENTIALS.has(error.code)) {
      void setState(shared, row.id, link, 'refused: bad credentials', error.message);
    } else {
      void setState(shared, row.id, link, 'unreachable', error.message);
    }
  });
  client.on('close', () => {
    if (closing() || link.state?.state === 'refused: bad credentials') return;
    void setState(shared, row.id, link, 'unreachable', lastError ?? 'Connection closed');
  });
  if (password !== null) void connectUplinks(shared, row, link, password, closing);
  return link;
}

/**
 * The link's uplink connection, tried every RECONNECT_MS until it first stands (the client
 * reconnects by itself after that) or the link stops. What keeps it from the broker the state
 * client tells; a subscription the broker refuses only this one meets, so it says so.
 */
async function connectUplinks(
  shared: LinkShared,
  row: LinkRow,
  link: RunningLink,
  password: string | undefined,
  closing: () => boolean,
): Promise<void> {
  const { clock, log } = shared;
  const refused = (object: object, message?: string) => {
    const text = (object as { err?: unknown }).err;
    log.warn({ link: row.id, ...object }, message ?? '');
    if (typeof text === 'string' && text.includes('refused the subscription')) {
      void setState(shared, row.id, link, 'unreachable', `Subscription refused: ${text}`);
    }
  };
  while (!link.stopped && !closing()) {
    try {
      const uplinks = await startIngestClient({
        url: row.url,
        clientId: `${shared.clientIdPrefix}-${row.id}-up`,
        clean: true,
        protocolVersion: 4,
        ...(row.username === null ? {} : { username: row.username }),
        ...(password === undefined ? {} : { password }),
        filters: linkFilters(link.topics),
        log: { info: () => {}, warn: refused, error: refused },
        onMessage: (message) => {
          link.lanes.push(String(row.id), {
            topic: message.topic,
            payload: message.payload,
            receivedAt: clock.now(),
            ack: message.ack,
          });
          if (link.lanes.pending() >= HIGH_WATER) link.uplinks?.pause();
        },
      });
      if (link.stopped || closing()) {
        await uplinks.close();
        return;
      }
      link.uplinks = uplinks;
      return;
    } catch (error) {
      refused({ err: errorText(error) }, 'network link uplinks not connected');
      await sleep(RECONNECT_MS);
    }
  }
}

export async function startLinkRunner(options: LinkRunnerOptions): Promise<LinkRunner> {
  const { db, clock, log, box } = options;
  const catalog = createCatalog(db);
  const radios = createLorawanCatalog(db);
  const running = new Map<number, RunningLink>();
  const observers = new Set<StoredObserver>();
  const counts = new Map<number, LinkCounts>();
  let closing = false;

  // The site's link to send a command down: a connected one first, as a site may have several.
  const linkOf = (siteId: number) => {
    let found: RunningLink | null = null;
    for (const link of running.values()) {
      if (link.topics.siteId !== siteId) continue;
      if (link.state?.state === 'connected') return link;
      found ??= link;
    }
    return found;
  };
  const bridge = options.commands
    ? await startCommandBridge({ db, clock, log, ...options.commands, linkOf })
    : null;
  const shared: LinkShared = {
    db,
    clock,
    log,
    box,
    catalog,
    radios,
    clientIdPrefix: options.clientIdPrefix,
    bridge,
    observers,
  };
  const start = (row: LinkRow): RunningLink => {
    const tally = counts.get(row.id) ?? emptyCounts();
    counts.set(row.id, tally);
    return connectLink(shared, row, tally, () => closing);
  };

  async function stop(linkId: number): Promise<void> {
    const link = running.get(linkId);
    if (!link) return;
    running.delete(linkId);
    link.stopped = true;
    await link.client.endAsync(true);
    await link.uplinks?.close();
    await link.working.catch(() => {});
    await link.lanes.drain();
  }

  let refreshing: Promise<void> | null = null;
  async function readLinks(): Promise<void> {
    const rows = await linksToRun(db);
    if (closing) return;
    const wanted = new Map(rows.map((row) => [row.id, row]));
    for (const id of [...running.keys()]) {
      const row = wanted.get(id);
      if (!row || signatureOf(row) !== running.get(id)?.signature) await stop(id);
    }
    for (const row of rows) {
      if (!running.has(row.id) && !closing) running.set(row.id, start(row));
    }
  }
  const refresh = () => {
    refreshing ??= readLinks()
      .catch((error: unknown) => log.warn({ err: String(error) }, 'network links not read'))
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  };

  await refresh();
  const timer = setInterval(() => void refresh(), options.pollMs ?? LINK_POLL_MS);
  timer.unref();

  return {
    refresh,
    counts: (linkId) => ({ ...(counts.get(linkId) ?? emptyCounts()) }),
    observeStored: (observer) => {
      observers.add(observer);
      return () => observers.delete(observer);
    },
    close: async () => {
      closing = true;
      clearInterval(timer);
      await refreshing;
      await bridge?.close();
      await Promise.all([...running.keys()].map(stop));
    },
  };
}

/**
 * The ingest role's LoRaWAN network server links (issue 32 items 1 and 2): one MQTT client per
 * link of kind `chirpstack` or `tts-mqtt`, connected to the link's broker with its credentials and
 * subscribed only to its own application's topics (lorawan-uplinks.ts linkFilters). The links
 * are read again every few seconds, so a link added, changed or deleted over the API is
 * connected, reconnected or closed within one poll, in whichever process runs ingest.
 *
 * Messages of one link are taken one at a time, and acknowledged (QoS 1) only once stored:
 * mqtt.js hands over the next message when handleMessage calls back. The session is clean, so
 * what the network server publishes while the link is down is not kept for it (its broker is
 * the network server's, which may hold many applications' traffic).
 *
 * The link's state is written when it changes: `connected`; `refused: bad credentials` when the
 * broker refuses the user name or password (CONNACK 4 or 5; MQTT 5's 0x86, 0x87); `unreachable`
 * for anything else that keeps it from the broker. `no uplink for 2 h` is told by the presenter
 * from the last uplink's time.
 */
import type { NetworkLinkState } from '@paddock/domain';
import mqtt, { type MqttClient } from 'mqtt';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { createCatalog, type Catalog } from '../ingest/catalog.ts';
import type { Log } from '../log.ts';
import type { CredentialBox } from './credential-box.ts';
import { linkFilters, takeLinkMessage, type LinkTopics, type Outcome } from './lorawan-uplinks.ts';
import { linksToRun, setLinkState, type NetworkLinkRow } from './network-link.repository.ts';

/** How often the links are read again. */
const LINK_POLL_MS = 3_000;
const RECONNECT_MS = 5_000;
const CONNECT_TIMEOUT_MS = 10_000;
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
};

type LinkCounts = Record<Outcome, number>;

export type LinkRunner = {
  close: () => Promise<void>;
  /** Reads the links now (the poll does it anyway). */
  refresh: () => Promise<void>;
  /** What each link's messages were taken as, by link id. */
  counts: (linkId: number) => LinkCounts;
};

type RunningLink = {
  signature: string;
  client: MqttClient;
  /** The message being stored, waited for before the client is gone. */
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
  clientIdPrefix: string;
};

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
  const { db, clock, log, box, catalog } = shared;
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
    client,
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

  client.handleMessage = (packet, done) => {
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    const work = takeLinkMessage({ db, catalog, log }, topics, packet.topic, payload, clock.now())
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
    client.subscribe(linkFilters(topics), { qos: 1 }, (error, granted) => {
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
  return link;
}

export async function startLinkRunner(options: LinkRunnerOptions): Promise<LinkRunner> {
  const { db, clock, log, box } = options;
  const catalog = createCatalog(db);
  const running = new Map<number, RunningLink>();
  const counts = new Map<number, LinkCounts>();
  let closing = false;

  const shared: LinkShared = {
    db,
    clock,
    log,
    box,
    catalog,
    clientIdPrefix: options.clientIdPrefix,
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
    await link.working.catch(() => {});
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
    close: async () => {
      closing = true;
      clearInterval(timer);
      await refreshing;
      await Promise.all([...running.keys()].map(stop));
    },
  };
}

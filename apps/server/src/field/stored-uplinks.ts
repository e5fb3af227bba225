/**
 * Uplinks that ingest stores (readings, status) are queued for their subscribers in memory, not
 * in the broker's LevelDB, and the device's PUBACK waits until every such subscriber has
 * acknowledged the message. Ingest acknowledges only after its commit, so a device has its
 * PUBACK only once the reading is in the database: the database is the one durable copy.
 *
 * Why: writing each message to LevelDB, updating it with its packet id and deleting it at the
 * PUBACK cost about a fifth of the embedded server's CPU at 3,300 msg/s (bench:ingest
 * --cpu-prof), to keep a copy the database holds anyway a few tens of milliseconds later. A
 * crash now loses only messages no device has a PUBACK for, and devices resend those after
 * reconnecting (QoS 1, docs/field-protocol.md); ingest stores a reading once however many copies
 * come. Everything else (commands and acks, sessions, subscriptions, wills) stays in LevelDB.
 *
 * Only subscribers connected at the time are waited for; a persistent session whose client is
 * away (ingest not yet connected after a restart, or an instance that is gone) gets its copy in
 * LevelDB as before, so no device waits for a client that may never come. A subscriber that
 * disconnects with messages still unacknowledged has them written to LevelDB then, and their
 * PUBACKs go. The subscribers of these topics are the server's own clients (devices may not
 * subscribe to uplinks, credentials.ts).
 */
import { Readable } from 'node:stream';
import type { PubackGate } from './broker-durability.ts';

/** The part of an aedes packet this module reads. */
type Packet = {
  topic: string;
  payload: Buffer | string;
  brokerId: string;
  brokerCounter: number;
  messageId?: number;
};
type Subscription = { clientId: string };
type ClientRef = { id: string };

/** The aedes persistence calls this module takes over; all others go to the wrapped one. */
type OutgoingPersistence = {
  outgoingEnqueue: (sub: Subscription, packet: Packet) => Promise<void>;
  outgoingEnqueueCombi: (subs: Subscription[], packet: Packet) => Promise<void>;
  outgoingUpdate: (client: ClientRef, packet: Packet) => Promise<void>;
  outgoingClearMessageId: (client: ClientRef, packet: Packet) => Promise<Packet | undefined>;
  outgoingStream: (client: ClientRef) => Readable;
  cleanSubscriptions: (client: ClientRef) => Promise<unknown>;
};

/** A publisher's PUBACK to let go: the connection it came on and its packet id. */
type Publisher = { gate: PubackGate; messageId: number };

/** A message queued for subscribers: how many have not acknowledged it, and its publisher. */
type Tracked = {
  waiting: number;
  /** False until the broker has queued the message for every subscriber (`published`). */
  published: boolean;
  publisher: Publisher | null;
};

/** One subscriber's queue, in arrival order, by broker counter; and its packet ids. */
type Queue = {
  packets: Map<number, { packet: Packet; tracked: Tracked }>;
  counterOf: Map<number, number>;
};

export class StoredUplinks {
  /**
   * By payload: the `published` hook gets the publisher's packet, the persistence the broker's
   * copy of it (aedes-packet), and the payload buffer is the one object both share.
   */
  private readonly tracked = new WeakMap<Buffer, Tracked>();
  private readonly queues = new Map<string, Queue>();
  private unsettled = 0;
  private inner: OutgoingPersistence | null = null;

  /**
   * `stored(topic)`: an uplink whose subscriber acknowledges it only once it is stored;
   * `connected(clientId)`: whether that client is connected now.
   */
  constructor(
    private readonly stored: (topic: string) => boolean,
    private readonly connected: (clientId: string) => boolean,
  ) {}

  /**
   * Wraps the broker's persistence: the outgoing queues of stored uplinks are kept here, all
   * else goes to `inner`.
   */
  persistence<T extends object>(inner: T): T {
    const outer = inner as unknown as OutgoingPersistence;
    this.inner = outer;
    const own: Omit<OutgoingPersistence, 'outgoingEnqueue'> = {
      outgoingEnqueueCombi: async (subs, packet) => {
        if (!this.stored(packet.topic)) return outer.outgoingEnqueueCombi(subs, packet);
        const away = subs.filter((sub) => !this.connected(sub.clientId));
        this.enqueue(
          subs.filter((sub) => this.connected(sub.clientId)),
          packet,
        );
        if (away.length > 0) await outer.outgoingEnqueueCombi(away, packet);
      },
      outgoingUpdate: async (client, packet) => {
        if (!this.update(client.id, packet)) await outer.outgoingUpdate(client, packet);
      },
      outgoingClearMessageId: async (client, packet) =>
        this.clear(client.id, packet) ?? outer.outgoingClearMessageId(client, packet),
      outgoingStream: (client) => {
        const queued = [...(this.queues.get(client.id)?.packets.values() ?? [])];
        const stream = outer.outgoingStream(client);
        if (queued.length === 0) return stream;
        return Readable.from(
          (async function* () {
            yield* stream;
            for (const { packet } of queued) yield { ...packet };
          })(),
          { objectMode: true },
        );
      },
      cleanSubscriptions: async (client) => {
        // A session given up: what was queued for it is dropped for it, as LevelDB would.
        this.drop(client.id);
        return outer.cleanSubscriptions(client);
      },
    };
    return new Proxy(inner, {
      get: (target, property, receiver) =>
        Object.hasOwn(own, property)
          ? own[property as keyof typeof own]
          : Reflect.get(target, property, receiver),
    });
  }

  /**
   * The broker has queued the message for every subscriber (its `published` hook). Returns
   * true when the publisher's PUBACK may go now; otherwise it goes when the last subscriber
   * acknowledges.
   */
  published(packet: { payload: Buffer | string }, publisher: Publisher | null): boolean {
    // A string payload is the broker's own message (a will): no PUBACK to hold.
    if (typeof packet.payload === 'string') return true;
    const tracked = this.tracked.get(packet.payload);
    if (!tracked) return true;
    this.tracked.delete(packet.payload);
    if (tracked.waiting === 0) return true;
    tracked.published = true;
    tracked.publisher = publisher;
    return false;
  }

  /**
   * A subscriber disconnected: what it has not acknowledged is written to LevelDB for its
   * session (sent again when it comes back), and those PUBACKs go.
   */
  async disconnected(clientId: string): Promise<void> {
    const queue = this.queues.get(clientId);
    if (!queue || !this.inner) return;
    this.queues.delete(clientId);
    for (const { packet, tracked } of queue.packets.values()) {
      await this.inner.outgoingEnqueue({ clientId }, { ...packet, messageId: undefined });
      this.settle(tracked);
    }
  }

  /** Messages queued here and not yet acknowledged by every subscriber. */
  pending(): number {
    return this.unsettled;
  }

  private enqueue(subs: Subscription[], packet: Packet) {
    // One copy per client, even for overlapping subscriptions: one acknowledgement settles it.
    const clients = new Set(subs.map((sub) => sub.clientId));
    if (clients.size === 0) return;
    const tracked: Tracked = { waiting: clients.size, published: false, publisher: null };
    for (const clientId of clients) {
      let queue = this.queues.get(clientId);
      if (!queue) {
        queue = { packets: new Map(), counterOf: new Map() };
        this.queues.set(clientId, queue);
      }
      // Each subscriber gets its own packet id, so each has its own copy.
      queue.packets.set(packet.brokerCounter, {
        packet: { ...packet, messageId: undefined },
        tracked,
      });
    }
    if (typeof packet.payload !== 'string') this.tracked.set(packet.payload, tracked);
    this.unsettled++;
  }

  /** Records the packet id a queued message was sent with; false when it is not queued here. */
  private update(clientId: string, packet: Packet): boolean {
    const queue = this.queues.get(clientId);
    const queued = queue?.packets.get(packet.brokerCounter)?.packet;
    if (!queue || !queued || queued.brokerId !== packet.brokerId) return false;
    if (queued.messageId !== undefined) queue.counterOf.delete(queued.messageId);
    queued.messageId = packet.messageId;
    if (packet.messageId !== undefined) queue.counterOf.set(packet.messageId, packet.brokerCounter);
    return true;
  }

  /** The subscriber acknowledged a packet id: the message it names, when queued here. */
  private clear(clientId: string, packet: Packet): Packet | undefined {
    const queue = this.queues.get(clientId);
    if (!queue || packet.messageId === undefined) return undefined;
    const counter = queue.counterOf.get(packet.messageId);
    if (counter === undefined) return undefined;
    queue.counterOf.delete(packet.messageId);
    const queued = queue.packets.get(counter);
    if (!queued || queued.packet.messageId !== packet.messageId) return undefined;
    queue.packets.delete(counter);
    this.settle(queued.tracked);
    return queued.packet;
  }

  private drop(clientId: string) {
    const queue = this.queues.get(clientId);
    if (!queue) return;
    this.queues.delete(clientId);
    for (const { tracked } of queue.packets.values()) this.settle(tracked);
  }

  /** One subscriber less waits for the message; the last one lets the publisher's PUBACK go. */
  private settle(tracked: Tracked) {
    tracked.waiting--;
    if (tracked.waiting > 0) return;
    this.unsettled--;
    if (tracked.published) tracked.publisher?.gate.release(tracked.publisher.messageId);
  }
}

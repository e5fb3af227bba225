/**
 * The simulator as a LoRaWAN network server (`--network chirpstack|tts`, issue 32 item 6). For a
 * site given a network server, the radios whose config names a devEUI send their reports as that
 * network server's uplinks, on its own broker and in its own JSON (lorawan-frames.ts), instead of
 * the field protocol; the site's other devices stay native. A site's link in the console then
 * reads them, as it would a real ChirpStack v4 or The Things Stack v3.
 *
 * Commands come back as the network server takes them, ChirpStack's `command/down` or The Things
 * Stack's `down/push`, parsed by the domain's schemas and decoded by decodeValveCommand. A class A
 * device hears a downlink only in the receive windows after one of its own uplinks, so a command
 * is queued for the device, and the device is made to report a couple of seconds later (the
 * demo's patience, not its reporting interval): that uplink takes the downlink (`event/txack`,
 * `down/sent`); the valve then opens or closes, and the device's next uplink carries the
 * LoRaWAN ACK (`event/ack` with the command's id, `down/ack` with its correlation ids).
 *
 * A devEUI the network server has but no radio of the site has (`unprovisioned`) is a
 * temperature-humidity sensor on the site's weather: the console lists it as heard, for a site
 * admin to attach.
 */
import {
  chirpStackDownTopic,
  chirpStackEventTopic,
  normaliseDevEui,
  ttsDefaultDeviceId,
  ttsEventTopic,
  type ConfigDownlink,
  type Reading,
} from '@paddock/domain';
import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { publishConfirmed } from './confirmed-publish.ts';
import type { ReportOutcome } from './device.ts';
import {
  armDeadline,
  buildDevice,
  faultsFor,
  goLive,
  report,
  type Farm,
  type NetworkPort,
  type Runner,
} from './farm.ts';
import {
  chirpStackUplink,
  reportFrame,
  reportMetrics,
  snrFor,
  spreadingFactorFor,
  ttsUplink,
  type ChirpStackAckJson,
  type ChirpStackTxAckJson,
  type Frame,
  type FrameContext,
  type Hearing,
  type TtsDownlinkEventJson,
} from './lorawan-frames.ts';
import { seededRandom, seedFrom, type Random } from './random.ts';
import {
  parseChirpStackDown,
  parseTtsDown,
  valveCommandOf,
  type QueuedDownlink,
} from './network-downlinks.ts';
import type { NetworkServerLink } from './simulator-options.ts';

/** How long after a command is queued the device happens to report and so takes it. */
const DEFAULT_CLASS_A_DELAY_SECONDS = 2;
/** LoRaWAN's 125 kHz channels. */
const BANDWIDTH_HZ = 125_000;
/** AU915's first uplink channel (the demo farm is in New Zealand and Australia) and its spacing. */
const FIRST_CHANNEL_HZ = 915_200_000;
const CHANNEL_SPACING_HZ = 200_000;
/** The second gateway hears a frame only above this (dBm): below, the frame reaches one. */
const GATEWAY_SENSITIVITY_DBM = -125;
/** The Things Network's tenant, when a The Things Stack link gives none. */
const DEFAULT_TENANT = 'ttn';
/** An unprovisioned device reports this often (no config gives it a pace): a site admin sees it within a minute. */
const UNPROVISIONED_REPORT_SECONDS = 60;

/** What the network server keeps of a device: its counters and its downlink queue. */
type DeviceSession = { fCnt: number; fCntDown: number; queue: QueuedDownlink[] };

/** One site's network server: its client on the network server's broker and its sessions. */
export class NetworkServer implements NetworkPort {
  private readonly sessions = new Map<string, DeviceSession>();
  private readonly random: Random;
  readonly tenant: string;

  constructor(
    private readonly farm: Farm,
    readonly siteId: number,
    readonly link: NetworkServerLink,
    readonly client: MqttClient,
  ) {
    this.random = seededRandom(seedFrom(`network-${siteId}`, farm.baseSeed));
    this.tenant = link.tenant ?? DEFAULT_TENANT;
  }

  /** Where the network server takes the application's downlinks. */
  get downlinkFilter(): string {
    return this.link.kind === 'chirpstack'
      ? chirpStackDownTopic(this.link.applicationId, '+')
      : `v3/${this.link.applicationId}@${this.tenant}/devices/+/down/push`;
  }

  /** The gateways that serve the site, as their ids are written (EUI-64, lower-case hex). */
  private gatewayId(index: number): string {
    return `a84041ff${this.siteId.toString(16).padStart(6, '0')}${index.toString(16).padStart(2, '0')}`;
  }

  private session(devEui: string): DeviceSession {
    let session = this.sessions.get(devEui);
    if (!session) {
      session = { fCnt: 0, fCntDown: 0, queue: [] };
      this.sessions.set(devEui, session);
    }
    return session;
  }

  /** The regular report of a device with a devEUI. */
  report(runner: Runner, outcome: ReportOutcome, now: Date): void {
    const devEui = devEuiOf(runner);
    if (devEui === null) return;
    // Sent, and heard by no gateway: the device's counter moved on all the same.
    if (outcome.missed) {
      this.session(devEui).fCnt++;
      return;
    }
    if (outcome.readings.length === 0 && outcome.status === null) return;
    this.uplink(
      runner,
      devEui,
      outcome.readings.flatMap((message) => message.readings),
      outcome.status,
      now,
    );
  }

  /** A device whose controls changed reports at once, as a valve controller does. */
  change(runner: Runner, now: Date): void {
    const devEui = devEuiOf(runner);
    const faults = faultsFor(this.farm, runner.device);
    if (devEui === null || runner.device.silentAt(now, faults)) return;
    const readings = runner.device.readingsAt(now, faults);
    this.uplink(runner, devEui, readings, runner.device.status(now, faults), now);
  }

  private uplink(
    runner: Runner,
    devEui: string,
    readings: readonly Reading[],
    status: { battery?: number; signal?: number } | null,
    now: Date,
  ): void {
    const { device } = runner;
    const metrics = reportMetrics(readings, status?.battery ?? null);
    const outputs = [...device.config.controls]
      .sort((a, b) => a.id - b.id)
      .map((control) => device.isRunning(control.id));
    const frame = reportFrame(metrics, outputs);
    if (frame === null) return;
    const session = this.session(devEui);
    const heard = this.hearings(status?.signal ?? -90);
    const best = heard[0]?.rssi ?? -90;
    const context: FrameContext = {
      applicationId: this.link.applicationId,
      devEui,
      deviceName: device.serialno,
      fCnt: session.fCnt,
      time: now,
      heard,
      radio: {
        spreadingFactor: spreadingFactorFor(best),
        bandwidthHz: BANDWIDTH_HZ,
        frequencyHz: FIRST_CHANNEL_HZ + (session.fCnt % 8) * CHANNEL_SPACING_HZ,
      },
      decoded: this.link.decoded ?? true,
    };
    session.fCnt++;
    this.publishUplink(devEui, frame, context);
    this.deliverNext(runner, devEui, session, heard[0]?.gatewayId ?? this.gatewayId(1));
  }

  /** The gateways that heard a frame sent at the radio's signal: the site's, the nearer first. */
  private hearings(signal: number): Hearing[] {
    const heard: Hearing[] = [{ gatewayId: this.gatewayId(1), rssi: signal, snr: snrFor(signal) }];
    const farther = Math.round(signal - 4 - this.random() * 12);
    if (farther > GATEWAY_SENSITIVITY_DBM) {
      heard.push({ gatewayId: this.gatewayId(2), rssi: farther, snr: snrFor(farther) });
    }
    return heard;
  }

  private publishUplink(devEui: string, frame: Frame, context: FrameContext): void {
    if (this.link.kind === 'chirpstack') {
      this.publish(
        chirpStackEventTopic(this.link.applicationId, devEui, 'up'),
        chirpStackUplink(frame, context),
      );
    } else {
      this.publish(this.ttsTopic(devEui, 'up'), ttsUplink(frame, context));
    }
  }

  private ttsTopic(devEui: string, event: Parameters<typeof ttsEventTopic>[3]): string {
    return ttsEventTopic(this.link.applicationId, this.tenant, ttsDefaultDeviceId(devEui), event);
  }

  private publish(topic: string, body: object): void {
    publishConfirmed(this.client, topic, JSON.stringify(body), {
      stopped: () => this.farm.closed,
    }).catch((error: Error) => {
      if (!this.farm.closed) {
        this.farm.log.warn({ topic, err: error.message }, 'simulator could not publish');
      }
    });
  }

  /** A downlink on the network server's topic: queued for its device's next uplink. */
  onDownlink(topic: string, payload: Buffer): void {
    const { log } = this.farm;
    const taken = this.takeDownlink(topic, payload);
    if ('reason' in taken) {
      log.warn({ siteId: this.siteId, topic, reason: taken.reason }, 'downlink refused');
      return;
    }
    const runner = this.runnerOf(taken.devEui);
    if (!runner) {
      log.warn(
        { siteId: this.siteId, devEui: taken.devEui },
        'downlink for a device the network server has not',
      );
      return;
    }
    this.session(taken.devEui).queue.push(...taken.downlinks);
    // The device reports soon and takes it; a device lost or silent then takes it later.
    const timer = setTimeout(
      () => {
        this.farm.pendingTimers.delete(timer);
        if (!this.farm.closed) report(this.farm, runner);
      },
      (this.link.classADelaySeconds ?? DEFAULT_CLASS_A_DELAY_SECONDS) * 1000,
    );
    this.farm.pendingTimers.add(timer);
  }

  private takeDownlink(
    topic: string,
    payload: Buffer,
  ): { devEui: string; downlinks: QueuedDownlink[] } | { reason: string } {
    if (this.link.kind === 'chirpstack') return parseChirpStackDown(payload);
    const taken = parseTtsDown(topic, payload);
    if ('reason' in taken) return taken;
    const devEui = this.devEuiOfDeviceId(taken.deviceId);
    return devEui === null
      ? { reason: `no device ${taken.deviceId}` }
      : { devEui, downlinks: taken.downlinks };
  }

  private devEuiOfDeviceId(deviceId: string): string | null {
    for (const runner of this.farm.runners.values()) {
      const devEui = runner.device.siteId === this.siteId ? devEuiOf(runner) : null;
      if (devEui !== null && ttsDefaultDeviceId(devEui) === deviceId) return devEui;
    }
    return null;
  }

  private runnerOf(devEui: string): Runner | undefined {
    return [...this.farm.runners.values()].find(
      (runner) => runner.device.siteId === this.siteId && devEuiOf(runner) === devEui,
    );
  }

  /**
   * The uplink just heard opens the device's receive windows: the first queued downlink goes
   * (one a window), the valve acts on it, and its next uplink acknowledges it.
   */
  private deliverNext(
    runner: Runner,
    devEui: string,
    session: DeviceSession,
    gatewayId: string,
  ): void {
    const downlink = session.queue.shift();
    if (!downlink) return;
    const fCntDown = session.fCntDown++;
    const now = this.farm.clock.now();
    this.publishSent(devEui, downlink, fCntDown, gatewayId, now);
    const valve = valveCommandOf(runner.device.config.controls, downlink, now);
    if ('reason' in valve) {
      this.farm.log.warn(
        { serialno: runner.device.serialno, reason: valve.reason },
        'downlink not carried out',
      );
    }
    // Acknowledged all the same: LoRaWAN's ACK says the frame arrived, not what came of it.
    const command = 'command' in valve ? valve.command : null;
    const faults = faultsFor(this.farm, runner.device);
    const pending = command !== null && runner.device.receive(command, now, faults).pending;
    const timer = setTimeout(() => {
      this.farm.pendingTimers.delete(timer);
      if (this.farm.closed) return;
      const at = this.farm.clock.now();
      const current = faultsFor(this.farm, runner.device);
      // A device silenced meanwhile sends no ACK: the network server times the downlink out.
      if (runner.device.silentAt(at, current)) return;
      if (command !== null && pending) {
        runner.device.complete(command, at, current);
        armDeadline(this.farm, runner);
      }
      this.change(runner, at);
      if (downlink.confirmed) this.publishAck(devEui, downlink, fCntDown, at);
    }, this.farm.actuationMs);
    this.farm.pendingTimers.add(timer);
  }

  private deviceInfo(devEui: string) {
    const runner = this.runnerOf(devEui);
    return {
      devEui: devEui.toLowerCase(),
      applicationId: this.link.applicationId,
      ...(runner ? { deviceName: runner.device.serialno } : {}),
    };
  }

  private ttsIds(devEui: string) {
    return {
      device_id: ttsDefaultDeviceId(devEui),
      dev_eui: devEui,
    };
  }

  private publishSent(
    devEui: string,
    downlink: QueuedDownlink,
    fCntDown: number,
    gatewayId: string,
    now: Date,
  ): void {
    if (this.link.kind === 'chirpstack') {
      if (downlink.queueItemId === null) return;
      const txack: ChirpStackTxAckJson = {
        time: now.toISOString(),
        deviceInfo: this.deviceInfo(devEui),
        queueItemId: downlink.queueItemId,
        fCntDown,
        gatewayId,
      };
      this.publish(chirpStackEventTopic(this.link.applicationId, devEui, 'txack'), txack);
      return;
    }
    const sent: TtsDownlinkEventJson = {
      end_device_ids: this.ttsIds(devEui),
      correlation_ids: [...downlink.correlationIds],
      downlink_sent: { correlation_ids: [...downlink.correlationIds] },
    };
    this.publish(this.ttsTopic(devEui, 'down/sent'), sent);
  }

  private publishAck(devEui: string, downlink: QueuedDownlink, fCntDown: number, now: Date): void {
    if (this.link.kind === 'chirpstack') {
      if (downlink.queueItemId === null) return;
      const ack: ChirpStackAckJson = {
        time: now.toISOString(),
        deviceInfo: this.deviceInfo(devEui),
        queueItemId: downlink.queueItemId,
        acknowledged: true,
        fCntDown,
      };
      this.publish(chirpStackEventTopic(this.link.applicationId, devEui, 'ack'), ack);
      return;
    }
    const ack: TtsDownlinkEventJson = {
      end_device_ids: this.ttsIds(devEui),
      correlation_ids: [...downlink.correlationIds],
      downlink_ack: { correlation_ids: [...downlink.correlationIds] },
    };
    this.publish(this.ttsTopic(devEui, 'down/ack'), ack);
  }

  /**
   * The devices the network server has that no radio of the site has: temperature-humidity
   * sensors, live at once on the site's weather. Each has a made-up serial number and sensor ids
   * the server never sees (its uplinks name only the devEUI).
   */
  addUnprovisioned(nativeClient: MqttClient): void {
    const now = this.farm.clock.now();
    for (const [index, text] of (this.link.unprovisioned ?? []).entries()) {
      const devEui = normaliseDevEui(text);
      if (devEui === null) {
        this.farm.log.warn({ devEui: text }, 'not a devEUI');
        continue;
      }
      goLive(
        this.farm,
        nativeClient,
        buildDevice(this.farm, this.siteId, unprovisionedConfig(devEui, index, now), now),
      );
    }
  }
}

/** Ids far above any the server gives, so they never meet a configured device's. */
const UNPROVISIONED_ID_BASE = 2_000_000_000;

function unprovisionedConfig(devEui: string, index: number, now: Date): ConfigDownlink {
  const id = UNPROVISIONED_ID_BASE + index * 10;
  return {
    time: now.toISOString(),
    device: {
      kind: 'radio',
      id,
      serialno: `EM300-${devEui.slice(-6)}`,
      type: 'LoRa',
      areaId: null,
      sectionId: null,
      location: null,
      reportIntervalSeconds: UNPROVISIONED_REPORT_SECONDS,
      repeater: false,
      coordinator: false,
      devEui,
    },
    sensors: [
      { id: id + 1, type: 'temperature', identifier: null, metrics: ['temperature'] },
      { id: id + 2, type: 'humidity', identifier: null, metrics: ['humidity.relative.current'] },
    ],
    controls: [],
  };
}

function devEuiOf(runner: Runner): string | null {
  return runner.device.config.device.devEui ?? null;
}

/**
 * Connects to the network server's broker as the network server and takes its application's
 * downlinks. Refused when the broker will not let it read them.
 */
export async function connectNetworkServer(
  farm: Farm,
  siteId: number,
  link: NetworkServerLink,
): Promise<NetworkServer> {
  const client = await mqtt.connectAsync(link.brokerUrl, {
    clientId: `paddock-simulator-${link.kind}-${siteId}-${randomUUID().slice(0, 8)}`,
    ...(link.username === undefined ? {} : { username: link.username }),
    ...(link.password === undefined ? {} : { password: link.password }),
    clean: true,
    protocolVersion: 4,
    reconnectPeriod: 1000,
    connectTimeout: 10_000,
    keepalive: 30,
  });
  const server = new NetworkServer(farm, siteId, link, client);
  client.on('message', (topic, payload) => server.onDownlink(topic, payload));
  client.on('error', (error) =>
    farm.log.warn({ siteId, err: error.message }, 'network server broker'),
  );
  const granted = await client.subscribeAsync(server.downlinkFilter, { qos: 1 });
  if (granted.some((grant) => grant.qos === 128)) {
    await client.endAsync();
    throw new Error(`the network server's broker refused the downlinks of ${link.applicationId}`);
  }
  return server;
}

/**
 * Device provisioning (docs/field-protocol.md "Device config"): every radio and unit gets its
 * config — its sensors with their metrics and its controls — as a retained `down/config`
 * message, so a device (or the simulator) that connects at any time learns which ids to report
 * under and which controls it drives. A sensor or control belongs to its radio when it has one,
 * otherwise to its unit: the seed gives radio things their radio's unit too, and a thing must
 * be configured on exactly one device.
 */
import {
  configDownlinkSchema,
  downlinkTopic,
  parsePointText,
  type ConfigDownlink,
} from '@paddock/domain';
import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import type { Database } from '../db/client.ts';
import { serverClientOptions, type BrokerEndpoint } from './connection.ts';
import { fieldKey, gatewayUsername } from './credentials.ts';
import { siteDevices, siteOfDevice } from './device.repository.ts';

export type DeviceConfig = { siteId: number; serialno: string; config: ConfigDownlink };

export type ProvisioningResult = {
  /** Configs published (one per radio and unit). */
  published: number;
  /** Devices whose config does not pass the protocol's schema (e.g. a malformed serial number). */
  refused: { siteId: number; serialno: string; reason: string }[];
  /** Things on no radio or unit: no device reports them or obeys them. */
  unattached: { sensors: number[]; controls: number[] };
};

/** Sorted, without repeats: a sensor may list a metric twice and a config lists it once. */
function uniqueSorted(values: Iterable<string>): string[] {
  return [...new Set(values)].sort();
}

/**
 * The config of every radio and unit of the given sites (all sites when none are given), built
 * from the database as it is now.
 */
export async function buildDeviceConfigs(
  db: Database,
  now: Date,
  siteIds?: readonly number[],
): Promise<{
  configs: DeviceConfig[];
  refused: ProvisioningResult['refused'];
  unattached: ProvisioningResult['unattached'];
}> {
  if (siteIds && siteIds.length === 0) {
    return { configs: [], refused: [], unattached: { sensors: [], controls: [] } };
  }
  const [radios, units, sensors, controls] = await siteDevices(db, siteIds);

  const sensorsOf = (owner: { radioId: number | null; unitId: number | null }) =>
    sensors
      .filter((sensor) =>
        owner.radioId !== null
          ? sensor.radioId === owner.radioId
          : sensor.radioId === null && sensor.unitId === owner.unitId,
      )
      .map((sensor) => ({
        id: sensor.id,
        type: sensor.type,
        identifier: sensor.tags.identifier ?? null,
        metrics: uniqueSorted(sensor.topics.map((topic) => topic.metric)),
      }));
  const controlsOf = (owner: { radioId: number | null; unitId: number | null }) =>
    controls
      .map((row) => row.control)
      .filter((control) =>
        owner.radioId !== null
          ? control.radioId === owner.radioId
          : control.radioId === null && control.unitId === owner.unitId,
      )
      .map((control) => ({
        id: control.id,
        type: control.type,
        number: control.number,
        sectionId: control.sectionId,
      }));
  const location = (text: string | null) => (text ? parsePointText(text) : null);

  const candidates = [
    ...radios.map((radio) => ({
      siteId: radio.siteId,
      serialno: radio.serialno,
      config: {
        time: now.toISOString(),
        device: {
          kind: 'radio' as const,
          id: radio.id,
          serialno: radio.serialno,
          type: radio.type,
          areaId: radio.areaId,
          sectionId: radio.sectionId,
          location: location(radio.location),
          reportIntervalSeconds: radio.reportIntervalSeconds,
          repeater: radio.config.repeater,
          coordinator: radio.config.coordinator,
          devEui: radio.devEui,
        },
        sensors: sensorsOf({ radioId: radio.id, unitId: null }),
        controls: controlsOf({ radioId: radio.id, unitId: null }),
      },
    })),
    ...units.map((unit) => ({
      siteId: unit.siteId,
      serialno: unit.serialno,
      config: {
        time: now.toISOString(),
        device: {
          kind: 'unit' as const,
          id: unit.id,
          serialno: unit.serialno,
          type: null,
          // A unit serves several areas; the first is where it is listed first.
          areaId: unit.areaIds[0] ?? null,
          sectionId: null,
          location: location(unit.location),
          reportIntervalSeconds: unit.reportIntervalSeconds,
          repeater: false,
          coordinator: false,
        },
        sensors: sensorsOf({ radioId: null, unitId: unit.id }),
        controls: controlsOf({ radioId: null, unitId: unit.id }),
      },
    })),
  ];

  const configs: DeviceConfig[] = [];
  const refused: ProvisioningResult['refused'] = [];
  for (const candidate of candidates) {
    const parsed = configDownlinkSchema.safeParse(candidate.config);
    if (parsed.success) {
      configs.push({ siteId: candidate.siteId, serialno: candidate.serialno, config: parsed.data });
    } else {
      const reason = parsed.error.issues
        .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
        .join('; ');
      refused.push({ siteId: candidate.siteId, serialno: candidate.serialno, reason });
    }
  }

  // Things whose radio or unit is gone (or that never had one) reach no device.
  const radioIds = new Set(radios.map((radio) => radio.id));
  const unitIds = new Set(units.map((unit) => unit.id));
  const attached = (thing: { radioId: number | null; unitId: number | null }) =>
    thing.radioId !== null
      ? radioIds.has(thing.radioId)
      : thing.unitId !== null && unitIds.has(thing.unitId);
  return {
    configs,
    refused,
    unattached: {
      sensors: sensors.filter((sensor) => !attached(sensor)).map((sensor) => sensor.id),
      controls: controls
        .map((row) => row.control)
        .filter((control) => !attached(control))
        .map((control) => control.id),
    },
  };
}

export type PublishDeviceConfigsInput = {
  db: Database;
  clock: { now(): Date };
  broker: BrokerEndpoint;
  topicRoot: string;
  /** Only these sites (e.g. after an edit); all sites when not given. */
  siteIds?: readonly number[];
  /** An already connected server client; without one a short-lived one is opened. */
  client?: MqttClient;
};

/**
 * Publishes every device's config, retained at QoS 1, and resolves once the broker has taken
 * them all. Call it at start-up and whenever a device's sensors or controls change.
 */
export async function publishDeviceConfigs(
  input: PublishDeviceConfigsInput,
): Promise<ProvisioningResult> {
  const { configs, refused, unattached } = await buildDeviceConfigs(
    input.db,
    input.clock.now(),
    input.siteIds,
  );
  const client =
    input.client ??
    (await mqtt.connectAsync(input.broker.url, {
      ...serverClientOptions(input.broker, `paddock-provisioning-${randomUUID()}`),
      // A one-off publisher: a persistent session would stay behind at the broker for nothing.
      clean: true,
      reconnectPeriod: 0,
    }));
  try {
    await Promise.all(
      configs.map(({ siteId, serialno, config }) =>
        client.publishAsync(
          downlinkTopic(input.topicRoot, siteId, serialno, 'config'),
          JSON.stringify(config),
          { qos: 1, retain: true },
        ),
      ),
    );
  } finally {
    if (!input.client) await client.endAsync();
  }
  return { published: configs.length, refused, unattached };
}

/**
 * Takes a device's config off the broker (an empty retained message): for a device that was
 * removed, so a gateway stops speaking for it.
 */
export async function retractDeviceConfig(
  client: MqttClient,
  topicRoot: string,
  siteId: number,
  serialno: string,
): Promise<void> {
  await client.publishAsync(downlinkTopic(topicRoot, siteId, serialno, 'config'), '', {
    qos: 1,
    retain: true,
  });
}

export type GatewayKey = { siteId: number; username: string; key: string };

/** The broker user and key of each site's gateway (the simulator, a LoRaWAN network server). */
export function fieldKeysFor(secret: string, siteIds: readonly number[]): GatewayKey[] {
  return siteIds.map((siteId) => {
    const username = gatewayUsername(siteId);
    return { siteId, username, key: fieldKey(secret, username) };
  });
}

/**
 * The embedded broker's device lookup: the site of a radio or unit by serial number, or null for
 * a serial number the server does not know (the broker then refuses the login).
 */
export function deviceSiteLookup(db: Database) {
  return (serialno: string): Promise<number | null> => siteOfDevice(db, serialno);
}

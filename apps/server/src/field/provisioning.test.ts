import { configDownlinkSchema, downlinkTopic } from '@paddock/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadFieldSecret } from '../auth/secrets.ts';
import * as t from '../db/schema.ts';
import { fieldKey } from './credentials.ts';
import {
  buildDeviceConfigs,
  fieldKeysFor,
  publishDeviceConfigs,
  retractDeviceConfig,
} from './provisioning.ts';
import { connectServerClient } from './connection.ts';
import { seedDemoFarm } from '../../../devstack/src/demo-farm/demo-farm.ts';
import { createTestDatabase } from '../../test/helpers/database.ts';
import { useTestField, waitFor, watchSiteDownlinks } from '../../test/helpers/field.ts';

const NOW = new Date('2026-11-21T09:00:00.000Z');
const clock = { now: () => NOW };

const field = useTestField();

describe('device configs', () => {
  it('give each radio its sensors with their metrics and its controls, and each unit what sits on it alone', async () => {
    const { configs, refused, unattached } = await buildDeviceConfigs(field.db, NOW);
    expect(refused).toEqual([]);
    expect(unattached).toEqual({ sensors: [], controls: [] });
    const bySerial = new Map(configs.map((entry) => [entry.serialno, entry]));
    expect([...bySerial.keys()].sort()).toEqual(['R-1001', 'R-1002', 'R-2001', 'U-1001', 'U-2001']);

    const radio1 = bySerial.get('R-1001');
    expect(radio1?.siteId).toBe(field.farm.sites.a.id);
    expect(radio1?.config).toEqual({
      time: NOW.toISOString(),
      device: {
        kind: 'radio',
        id: field.farm.radios.radio1.id,
        serialno: 'R-1001',
        type: 'WVC',
        areaId: field.farm.areas.irrigation.id,
        sectionId: field.farm.sections.zone1.id,
        location: { lat: -39.642, lng: 176.843 },
        reportIntervalSeconds: 600,
        repeater: false,
        coordinator: false,
        devEui: null,
      },
      sensors: [
        {
          id: field.farm.sensors.soil.id,
          type: 'soilMoisture',
          identifier: null,
          metrics: ['soil.moisture'],
        },
      ],
      controls: [
        {
          id: field.farm.controls.valve1.id,
          type: 'valve',
          number: 1,
          sectionId: field.farm.sections.zone1.id,
        },
        {
          id: field.farm.controls.valve2.id,
          type: 'valve',
          number: 2,
          sectionId: field.farm.sections.zone2.id,
        },
        {
          id: field.farm.controls.valve3.id,
          type: 'valve',
          number: 3,
          sectionId: field.farm.sections.zone3.id,
        },
        { id: field.farm.controls.pump.id, type: 'pump', number: 10, sectionId: null },
      ],
    });
    expect(bySerial.get('R-1002')?.config.device.repeater).toBe(true);
    // The soil sensor's unit is U-1001, but it reports through its radio: not twice.
    expect(bySerial.get('U-1001')?.config).toMatchObject({
      device: { kind: 'unit', type: null, areaId: field.farm.areas.irrigation.id, sectionId: null },
      sensors: [],
      controls: [],
    });
    for (const entry of configs) configDownlinkSchema.parse(entry.config);
  });

  it("tell a LoRaWAN radio its devEUI, which a network server's uplinks find it by", async () => {
    const radio = field.farm.radios.radio1;
    await field.db
      .update(t.radios)
      .set({ devEui: '70B3D57ED005A1C2' })
      .where(eq(t.radios.id, radio.id));
    try {
      const { configs } = await buildDeviceConfigs(field.db, NOW, [field.farm.sites.a.id]);
      const config = configs.find((entry) => entry.serialno === radio.serialno)?.config;
      expect(config?.device.devEui).toBe('70B3D57ED005A1C2');
      expect(configDownlinkSchema.parse(config).device.devEui).toBe('70B3D57ED005A1C2');
    } finally {
      await field.db.update(t.radios).set({ devEui: null }).where(eq(t.radios.id, radio.id));
    }
  });

  it('list things on no device, and refuse a device whose config breaks the protocol', async () => {
    const [loose] = await field.db
      .insert(t.sensors)
      .values({
        siteId: field.farm.sites.b.id,
        areaId: field.farm.areas.irrigationB.id,
        type: 'pressure',
        tags: {},
        topics: [],
        label: 'Loose gauge',
        serialno: 'S-9',
      })
      .returning();
    const [odd] = await field.db
      .insert(t.radios)
      .values({
        siteId: field.farm.sites.b.id,
        areaId: field.farm.areas.irrigationB.id,
        type: 'LoRa',
        serialno: 'bad serial/with slash',
        tags: {},
        config: { repeater: false, coordinator: false, children: [] },
      })
      .returning();
    if (!loose || !odd) throw new Error('rows not inserted');
    try {
      const result = await buildDeviceConfigs(field.db, NOW, [field.farm.sites.b.id]);
      expect(result.unattached.sensors).toEqual([loose.id]);
      expect(result.refused).toEqual([
        {
          siteId: field.farm.sites.b.id,
          serialno: 'bad serial/with slash',
          reason: expect.stringContaining('serialno'),
        },
      ]);
      expect(result.configs.map((entry) => entry.serialno).sort()).toEqual(['R-2001', 'U-2001']);
    } finally {
      await field.db.delete(t.sensors).where(eq(t.sensors.id, loose.id));
      await field.db.delete(t.radios).where(eq(t.radios.id, odd.id));
    }
  });

  it('are published retained, so a gateway that connects later gets them, and can be taken back', async () => {
    const siteId = field.farm.sites.b.id;
    const result = await publishDeviceConfigs({
      db: field.db,
      clock,
      broker: field.broker,
      topicRoot: field.broker.topicRoot,
      siteIds: [siteId],
    });
    expect(result).toEqual({
      published: 2,
      refused: [],
      unattached: { sensors: [], controls: [] },
    });

    const { gateway, received } = await watchSiteDownlinks(field.broker, siteId);
    try {
      const topic = downlinkTopic(field.broker.topicRoot, siteId, 'R-2001', 'config');
      await waitFor('the retained configs', () => received.size === 2);
      const config = configDownlinkSchema.parse(received.get(topic));
      expect(config.controls.map((control) => control.id)).toEqual([field.farm.controls.valveB.id]);

      const server = await connectServerClient(field.broker, `provisioning-test-${Date.now()}`);
      try {
        await retractDeviceConfig(server, field.broker.topicRoot, siteId, 'R-2001');
        await retractDeviceConfig(server, field.broker.topicRoot, siteId, 'U-2001');
      } finally {
        await server.endAsync();
      }
      await waitFor('the retraction', () => received.get(topic) === null);
    } finally {
      await gateway.endAsync();
    }
  });
});

describe('gateway keys', () => {
  it('are the field keys of the gateway users', () => {
    expect(fieldKeysFor('s'.repeat(40), [3, 4])).toEqual([
      { siteId: 3, username: 'gateway-3', key: fieldKey('s'.repeat(40), 'gateway-3') },
      { siteId: 4, username: 'gateway-4', key: fieldKey('s'.repeat(40), 'gateway-4') },
    ]);
  });

  it('come from the configured field secret, or one made once and kept for every process', async () => {
    expect(await loadFieldSecret(field.db, 'c'.repeat(40))).toBe('c'.repeat(40));
    const made = await loadFieldSecret(field.db, null);
    expect(made.length).toBeGreaterThanOrEqual(32);
    expect(await loadFieldSecret(field.db, null)).toBe(made);
  });
});

describe('the demo farm', () => {
  it('puts every sensor and control on a device, the valves of every program zone included', async () => {
    const demo = await createTestDatabase();
    try {
      await seedDemoFarm(demo.db, { now: NOW, passwordHash: 'x' });
      const { configs, refused, unattached } = await buildDeviceConfigs(demo.db, NOW);
      expect(refused).toEqual([]);
      expect(unattached).toEqual({ sensors: [], controls: [] });
      const configured = new Set(
        configs.flatMap((entry) => entry.config.controls.map((c) => c.id)),
      );
      const programs = await demo.db.select().from(t.programs);
      const controls = await demo.db.select().from(t.controls);
      for (const program of programs) {
        const zones = new Set(program.schedule.sequences.flat());
        const valves = controls.filter((c) => c.sectionId !== null && zones.has(c.sectionId));
        for (const valve of valves) expect(configured).toContain(valve.id);
        for (const pump of program.schedule.attachments) expect(configured).toContain(pump);
      }
      // Every sensor reports the metrics its topics list, the frost fans' engines included.
      const metrics = new Set(
        configs.flatMap((entry) => entry.config.sensors.flatMap((s) => s.metrics)),
      );
      for (const metric of [
        'soil.moisture',
        'temperature',
        'humidity.relative.current',
        'wind.speed',
        'fan.rpm',
        'fan.fuelLevel',
        'level',
        'water.flow',
        'water.total',
      ]) {
        expect(metrics).toContain(metric);
      }
    } finally {
      await demo.close();
    }
  });
});

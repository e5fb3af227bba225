/**
 * A demo site's sensors, every §3 type somewhere on the farm: soil probes and the pump shed's
 * meters on each irrigation area, a weather station, the frost blocks' canopies and fan engines,
 * the water area's tanks. Each reading is drawn from the site's random numbers, in this order.
 */
import { type LatLng, type SensorTopic, FAN_METRICS, FROST_FAN_IDENTIFIER } from '@paddock/domain';
import { offset, schema as t, type Transaction } from '@paddock/server';
import type { DemoSite } from './demo-sites.ts';
import type { SiteHardware } from './hardware.ts';
import type { SiteLand } from './land.ts';
import { centroidOf, minutesAgo, point, round, type Area, type SiteContext } from './support.ts';

/** The sensor rows being gathered, and how to add one and make its topics. */
type SensorSheet = {
  random: () => number;
  topic: (metric: string, lastValue: number, type?: string) => SensorTopic;
  sensor: (
    area: Area,
    type: string,
    label: string,
    radioKey: string,
    location: LatLng,
    topics: SensorTopic[],
    identifier?: string,
  ) => void;
  values: (typeof t.sensors.$inferInsert)[];
};

function sensorSheet(ctx: SiteContext, site: { id: number }, hardware: SiteHardware): SensorSheet {
  const { now, random, serials } = ctx;
  const { baseUnit, radioFor } = hardware;
  const at = (minutes: number) => minutesAgo(now, minutes).toISOString();
  const topic = (metric: string, lastValue: number, type = 'analog'): SensorTopic => ({
    metric,
    type,
    lastValue,
    timestamp: at(2 + Math.floor(random() * 10)),
  });
  const sensorValues: (typeof t.sensors.$inferInsert)[] = [];
  const sensor: SensorSheet['sensor'] = (
    area,
    type,
    label,
    radioKey,
    location,
    topics,
    identifier,
  ) => {
    const radio = radioFor(radioKey);
    sensorValues.push({
      siteId: site.id,
      areaId: area.id,
      type,
      radioId: radio?.id ?? null,
      unitId: radio?.unitId ?? baseUnit.id,
      location: point(location),
      geometry: { type: 'Point', coordinates: [location.lng, location.lat] },
      tags: identifier ? { identifier } : {},
      topics,
      label,
      serialno: serials.sensor(type.slice(0, 2).toUpperCase()),
    });
  };
  return { random, topic, sensor, values: sensorValues };
}

function weatherSensors(sheet: SensorSheet, spec: DemoSite, area: Area, pyranometer: boolean) {
  const { random, topic, sensor } = sheet;
  const station = offset(spec.shed, 35, 45);
  const key = `weather:${area.id}`;
  const temperature = round(13 + random() * 8, 1);
  sensor(
    area,
    'temperature',
    'Weather station air temperature',
    key,
    station,
    [topic('temperature', temperature)],
    'weather',
  );
  sensor(
    area,
    'rainbucket',
    'Weather station rain gauge',
    key,
    station,
    [topic('rain.avg', round(random() * 2, 1))],
    'weather',
  );
  sensor(
    area,
    'wind',
    'Weather station anemometer',
    key,
    station,
    [
      topic('wind.speed', round(6 + random() * 14, 1)),
      topic('wind.direction.current', Math.round(random() * 359)),
    ],
    'weather',
  );
  sensor(
    area,
    'humidity',
    'Weather station humidity',
    key,
    station,
    [
      topic('humidity.relative.current', Math.round(55 + random() * 30)),
      topic('temperature.dewpoint.current', round(temperature - 6 - random() * 3, 1)),
    ],
    'weather',
  );
  sensor(
    area,
    'air',
    'Weather station barometer',
    key,
    station,
    [
      topic('air.pressure.relative.current', round(1008 + random() * 12, 1)),
      topic('air.density.current', round(1.2 + random() * 0.04, 3)),
    ],
    'weather',
  );
  if (pyranometer) {
    // Global solar radiation (W/m²): the server's ET0 takes it as measured Rs (issue 30).
    sensor(
      area,
      'solar',
      'Weather station pyranometer',
      key,
      station,
      [topic('solar.radiation.current', Math.round(random() * 600))],
      'weather',
    );
  }
}

function irrigationSensors(
  sheet: SensorSheet,
  spec: DemoSite,
  land: SiteLand,
  hardware: SiteHardware,
) {
  const { random, topic, sensor } = sheet;
  const { irrigationAreas, zonesOf } = land;
  const { radioFor } = hardware;
  for (const [areaIndex, area] of irrigationAreas.entries()) {
    const areaSpec = spec.irrigation[areaIndex];
    if (!areaSpec) continue;
    for (const [zoneIndex, zone] of zonesOf(area).entries()) {
      if (!radioFor(`soil:${zone.id}`)) continue;
      const location = centroidOf(zone);
      const moisture = round(22 + random() * 16, 1);
      // The first zone's probe is a multi-layer one (§3 multiLayer): moisture at 10, 30, 60 cm.
      const layers =
        zoneIndex === 0
          ? [10, 30, 60].map((depth) =>
              topic(`soil.moisture.${depth}`, round(moisture + depth * 0.05, 1)),
            )
          : [];
      sensor(
        area,
        'soilMoisture',
        `${zone.label} soil probe`,
        `soil:${zone.id}`,
        location,
        [
          topic('soil.moisture', moisture),
          ...layers,
          topic('soil.temperature', round(11 + random() * 6, 1)),
        ],
        zoneIndex === 0 ? 'multiLayer' : undefined,
      );
    }
    const pumpKey = `pump:${area.id}`;
    const shedSide = offset(spec.shed, 5 + areaIndex * 6, 12);
    const running = areaSpec.program.scene === 'running';
    for (const pump of areaSpec.pumps) {
      sensor(area, 'pump', `${pump} status`, pumpKey, shedSide, [
        topic('pump.running', running ? 1 : 0, 'digital'),
        topic('pump.current', running ? round(18 + random() * 4, 1) : 0),
      ]);
    }
    sensor(area, 'pressure', 'Mainline pressure', pumpKey, shedSide, [
      topic('pressure', running ? Math.round(310 + random() * 30) : Math.round(40 + random() * 10)),
    ]);
    sensor(area, 'watermeter', 'Mainline flow meter', pumpKey, shedSide, [
      topic('water.flow', running ? round(24 + random() * 6, 1) : 0),
      topic('water.total', Math.round(18_000 + random() * 9_000)),
    ]);
    sensor(area, 'power', `${areaSpec.pumps[0] ?? 'Pump'} supply`, pumpKey, shedSide, [
      topic('power.voltage', Math.round(410 + random() * 10)),
      topic('power.current', running ? round(21 + random() * 3, 1) : 0),
    ]);
    if (areaSpec.externalInput) {
      sensor(area, 'external', areaSpec.externalInput, pumpKey, shedSide, [
        topic('external.input', 0, 'digital'),
      ]);
    }
    if (areaSpec.weather) weatherSensors(sheet, spec, area, areaSpec.pyranometer === true);
  }
}

function frostSensors(sheet: SensorSheet, land: SiteLand) {
  const { random, topic, sensor } = sheet;
  const { frostArea, frostBlocks } = land;
  if (frostArea) {
    for (const block of frostBlocks) {
      sensor(
        frostArea,
        'temperature',
        `${block.label} canopy temperature`,
        `canopy:${block.id}`,
        centroidOf(block),
        [topic('temperature', round(4 + random() * 5, 1))],
        'canopy',
      );
      // The fan's engine controller reports through the block's canopy radio. §3 has no fan
      // sensor type: an external input marked frostFan, with the §9 fan chart metrics.
      const engineHours = Math.round(300 + random() * 400);
      sensor(
        frostArea,
        'external',
        `${block.label.replace(/ block$/, '')} engine`,
        `canopy:${block.id}`,
        centroidOf(block),
        [
          topic(FAN_METRICS.rpm, 0),
          topic(FAN_METRICS.fuelLevel, Math.round(60 + random() * 35)),
          topic(FAN_METRICS.trip, round(random() * 6, 1)),
          topic(FAN_METRICS.total, engineHours),
          topic(FAN_METRICS.battery, round(12.6 + random() * 0.2, 2)),
          topic(FAN_METRICS.windSpeed, round(3 + random() * 6, 1)),
        ],
        FROST_FAN_IDENTIFIER,
      );
    }
    const first = frostBlocks[0];
    if (first) {
      const tower = centroidOf(first);
      sensor(
        frostArea,
        'wind',
        'Fan 1 tower wind',
        `canopy:${first.id}`,
        tower,
        [topic('wind.speed', round(3 + random() * 6, 1))],
        'canopy',
      );
      sensor(
        frostArea,
        'humidity',
        'Fan 1 dew point',
        `canopy:${first.id}`,
        tower,
        [
          topic('humidity.relative.current', Math.round(70 + random() * 20)),
          topic('temperature.dewpoint.current', round(1 + random() * 3, 1)),
        ],
        'canopy',
      );
    }
  }
}

function waterSensors(sheet: SensorSheet, spec: DemoSite, land: SiteLand) {
  const { random, topic, sensor } = sheet;
  const { waterArea } = land;
  if (waterArea && spec.water) {
    for (const [index, tank] of spec.water.tanks.entries()) {
      const location = offset(spec.shed, 80, -40 + index * 50);
      const level = Math.round(45 + random() * 50);
      sensor(waterArea, 'level', `${tank} level`, `tank:${index}`, location, [
        topic('level', level),
        // m³ held: the simulator's stock tank holds 30 m³ (apps/simulator/src/water.ts).
        topic('tank.volume', round((level / 100) * 30, 1)),
      ]);
      sensor(waterArea, 'watermeter', `${tank} outlet meter`, `tank:${index}`, location, [
        topic('water.flow', round(random() * 3, 1)),
        topic('water.total', Math.round(2_000 + random() * 3_000)),
      ]);
    }
    sensor(waterArea, 'combine', 'Total water use', 'tank:0', offset(spec.shed, 80, -40), [
      topic('water.total', Math.round(25_000 + random() * 9_000)),
    ]);
    sensor(waterArea, 'pressure', 'Supply line pressure', 'tank:0', offset(spec.shed, 80, -40), [
      topic('pressure', Math.round(180 + random() * 40)),
    ]);
  }
}

export async function seedSensors(
  tx: Transaction,
  spec: DemoSite,
  ctx: SiteContext,
  land: SiteLand,
  hardware: SiteHardware,
) {
  const sheet = sensorSheet(ctx, land.site, hardware);
  irrigationSensors(sheet, spec, land, hardware);
  frostSensors(sheet, land);
  waterSensors(sheet, spec, land);
  return tx.insert(t.sensors).values(sheet.values).returning();
}

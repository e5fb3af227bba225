import type { MetaType } from '@paddock/domain';
import { schema as t, type Transaction } from '@paddock/server';
import type { DemoSite } from './demo-sites.ts';
import type { SiteHardware } from './hardware.ts';
import type { SiteLand } from './land.ts';
import { minutesAgo } from './support.ts';

/** A demo site's events: what happened lately, the trouble still open, the rest acknowledged. */
export async function seedEvents(
  tx: Transaction,
  spec: DemoSite,
  now: Date,
  land: SiteLand,
  hardware: SiteHardware,
) {
  const { firstIrrigation, irrigationAreas, frostArea } = land;
  const { leafRows, troubleAt, baseUnit } = hardware;
  const eventValues: (typeof t.events.$inferInsert)[] = [];
  const event = (
    area: { id: number },
    type: 'warning' | 'error' | 'info',
    targetType: MetaType | null,
    targetId: number | null,
    message: string,
    minutes: number,
    open: boolean,
  ) =>
    eventValues.push({
      areaId: area.id,
      type,
      targetType,
      targetId,
      message,
      open,
      createdAt: minutesAgo(now, minutes),
    });
  for (const [index, row] of leafRows.entries()) {
    const trouble = troubleAt.get(index);
    if (!trouble) continue;
    const area = { id: row.areaId };
    switch (trouble) {
      case 'lowBattery':
        event(
          area,
          'warning',
          'radio',
          row.id,
          `Radio ${row.serialno} battery low (${row.batteryValue} V)`,
          40,
          true,
        );
        break;
      case 'weakSignal':
        event(
          area,
          'warning',
          'radio',
          row.id,
          `Radio ${row.serialno} signal weak (${row.signalValue} dBm)`,
          75,
          true,
        );
        break;
      case 'misses':
        event(
          area,
          'warning',
          'radio',
          row.id,
          `Radio ${row.serialno} missed ${row.missesValue} reports`,
          130,
          true,
        );
        break;
      case 'overdue':
        event(
          area,
          'error',
          'radio',
          row.id,
          `Radio ${row.serialno} overdue: no report for 5 hours`,
          5 * 60,
          true,
        );
        break;
      case 'fault':
        event(area, 'error', 'radio', row.id, `Radio ${row.serialno} reported a fault`, 25, true);
        break;
    }
  }
  event(
    firstIrrigation,
    'info',
    'unit',
    baseUnit.id,
    `Unit ${baseUnit.serialno} restarted after a power cut`,
    60 * 26,
    false,
  );
  for (const [areaIndex, area] of irrigationAreas.entries()) {
    const areaSpec = spec.irrigation[areaIndex];
    if (!areaSpec) continue;
    const name = areaSpec.program.name;
    switch (areaSpec.program.scene) {
      case 'running':
        event(area, 'info', 'area', area.id, `${name} started`, 35, false);
        break;
      case 'irrigated':
        event(area, 'info', 'area', area.id, `${name} started`, 14 * 60, false);
        event(area, 'info', 'area', area.id, `${name} finished`, 6 * 60, false);
        break;
      case 'paused':
        event(area, 'info', 'area', area.id, `${name} started`, 3 * 60, false);
        event(area, 'warning', 'area', area.id, `${name} paused: low supply pressure`, 50, true);
        break;
      case 'idle':
        break;
    }
  }
  if (frostArea) {
    event(
      frostArea,
      'info',
      'area',
      frostArea.id,
      'Frost fans started at 0.5 °C',
      60 * 24 * 4 + 180,
      false,
    );
    event(
      frostArea,
      'info',
      'area',
      frostArea.id,
      'Frost fans stopped at 3.0 °C',
      60 * 24 * 4,
      false,
    );
  }
  await tx.insert(t.events).values(eventValues);
}

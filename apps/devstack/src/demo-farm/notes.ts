import { schema as t, type Transaction } from '@paddock/server';
import type { SiteHardware } from './hardware.ts';
import type { SiteLand } from './land.ts';
import { minutesAgo, type SiteContext } from './support.ts';

/**
 * A demo site's notes (§3 Note: target, area): what the people who look after the farm wrote
 * down, so the zone page and the radio's detail pane show the notes a real farm keeps. The
 * newest note of a target is listed first.
 */
export async function seedNotes(
  tx: Transaction,
  ctx: SiteContext,
  land: SiteLand,
  hardware: SiteHardware,
) {
  const { manager, admin } = ctx.accounts;
  const [firstZone] = land.zonesOf(land.firstIrrigation);
  const lowBatteryAt = [...hardware.troubleAt].find(([, trouble]) => trouble === 'lowBattery');
  const lowBatteryRadio = lowBatteryAt ? hardware.leafRows[lowBatteryAt[0]] : undefined;
  const rows: (typeof t.notes.$inferInsert)[] = [];
  if (firstZone) {
    rows.push(
      {
        areaId: land.firstIrrigation.id,
        targetType: 'section',
        targetId: firstZone.id,
        text: 'Two sprinklers on the north row replaced; check they turn at the next run.',
        createdBy: manager.id,
        createdAt: minutesAgo(ctx.now, 60 * 26),
      },
      {
        areaId: land.firstIrrigation.id,
        targetType: 'section',
        targetId: firstZone.id,
        text: 'Ran 20 minutes short last night: pressure dropped while the wash-down was on.',
        createdBy: admin.id,
        createdAt: minutesAgo(ctx.now, 60 * 5),
      },
    );
  }
  if (lowBatteryRadio) {
    rows.push({
      areaId: lowBatteryRadio.areaId,
      targetType: 'radio',
      targetId: lowBatteryRadio.id,
      text: 'Battery ordered; the radio stays on the post until it is fitted.',
      createdBy: manager.id,
      createdAt: minutesAgo(ctx.now, 60 * 3),
    });
  }
  if (rows.length > 0) await tx.insert(t.notes).values(rows);
}

/**
 * The irrigation map's Water balance layer (issue 30 item 3): each zone filled by how much of its
 * readily available water (RAW) its root zone has used, from GET areas/{id}/water-balance, and
 * its deficit in mm and % of RAW in its tooltip. Plain values, like the map's other layers.
 */
import { COLOURS, type Colour, type ZoneWaterBalance } from '@paddock/domain';
import type { MapZone } from './map-layers.ts';

/** Where a zone's depletion stands against its RAW; `none` when it has no balance. */
export type DeficitBand = 'comfortable' | 'approaching' | 'dry' | 'none';

/** The bands from wet to dry, then none: the legend's order. */
export const DEFICIT_BANDS: readonly DeficitBand[] = ['comfortable', 'approaching', 'dry', 'none'];

/**
 * Share of RAW from which a zone is shown approaching dry. Decision: past half of RAW, a few
 * summer days of ETc (4–6 mm of ET0 a day, FAO-56) take a usual RAW of 30–60 mm to stress, so
 * the zone is worth watching before a deficit-mode start waters it.
 */
const APPROACHING_SHARE_OF_RAW = 0.5;

/** §9 status colours: success green, paused amber, fault red, stopped grey. */
export const DEFICIT_BAND_COLOURS: Record<DeficitBand, Colour> = {
  comfortable: COLOURS.success,
  approaching: COLOURS.paused,
  dry: COLOURS.fault,
  none: COLOURS.stopped,
};

/**
 * A zone's band: dry past RAW (the balance's own `dry`), approaching from half of RAW, else
 * comfortable; none without a balance or with a RAW of 0 (no soil to speak of).
 */
export function deficitBand(balance: ZoneWaterBalance | undefined): DeficitBand {
  if (!balance || !(balance.raw > 0)) return 'none';
  if (balance.dry) return 'dry';
  return balance.depletion >= APPROACHING_SHARE_OF_RAW * balance.raw
    ? 'approaching'
    : 'comfortable';
}

/**
 * The zone as the layer draws it: filled in its band's colour, its tooltip the label and the
 * deficit as `describe` words it (mm and % of RAW), or the label alone without a balance.
 */
export function waterBalanceZone(
  zone: MapZone,
  balance: ZoneWaterBalance | undefined,
  describe: (balance: ZoneWaterBalance) => string,
): MapZone {
  return {
    ...zone,
    fill: DEFICIT_BAND_COLOURS[deficitBand(balance)],
    label: balance ? `${zone.label}: ${describe(balance)}` : zone.label,
  };
}

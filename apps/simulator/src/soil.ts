/**
 * Soil moisture of a root zone, as a volumetric percentage: irrigation and rain fill it, the
 * crop draws it down by evapotranspiration (less as the soil dries and the plant closes up), and
 * water above field capacity drains away within a day. Pure: the caller passes the period's
 * water and evapotranspiration in.
 */
export type SoilProfile = {
  /** % where drainage stops: the soil holds this much against gravity. */
  fieldCapacity: number;
  /** % below which the crop can draw no more. */
  wiltingPoint: number;
  /** % with every pore full. */
  saturation: number;
  /** Depth of soil the probe stands for (mm): 10 mm of water wets it by 1000 / depth %. */
  rootZoneMm: number;
  /** Crop coefficient: the crop's water use against the reference evapotranspiration. */
  cropCoefficient: number;
};

/** A loam under a vineyard or orchard. */
export const LOAM: SoilProfile = {
  fieldCapacity: 38,
  wiltingPoint: 12,
  saturation: 48,
  rootZoneMm: 400,
  cropCoefficient: 0.8,
};

/** Hours for the excess above field capacity to fall to a third. */
const DRAINAGE_HOURS = 12;

export function nextSoilMoisture(
  moisture: number,
  period: { hours: number; waterMm: number; evapotranspirationMm: number },
  soil: SoilProfile = LOAM,
): number {
  const wetted = moisture + (period.waterMm / soil.rootZoneMm) * 100;
  // The crop draws freely down to 70% of the available water, then less and less.
  const available = (wetted - soil.wiltingPoint) / (0.7 * (soil.fieldCapacity - soil.wiltingPoint));
  const stress = Math.min(1, Math.max(0, available));
  const drawn =
    wetted -
    ((period.evapotranspirationMm * soil.cropCoefficient * stress) / soil.rootZoneMm) * 100;
  const excess = Math.max(0, drawn - soil.fieldCapacity);
  const drained = drawn - excess * (1 - Math.exp(-period.hours / DRAINAGE_HOURS));
  return Math.min(soil.saturation, Math.max(soil.wiltingPoint * 0.8, drained));
}

/** A multi-layer probe's metric: soil.moisture.{depth in cm}. */
export const SOIL_LAYER_METRIC = /^soil\.moisture\.(\d+)$/;

/**
 * One layer of a multi-layer probe: water reaches a layer later the deeper it is (about an hour
 * per 5 cm to settle), and the deeper soil holds a little more (less root uptake, less
 * evaporation), so the layers follow the root zone's moisture with a lag and an offset.
 */
export function nextLayerMoisture(
  layer: number,
  rootZone: number,
  depthCm: number,
  hours: number,
): number {
  const target = rootZone + Math.min(6, depthCm * 0.06);
  const settle = Math.max(0.5, depthCm / 5);
  return layer + (target - layer) * (1 - Math.exp(-hours / settle));
}

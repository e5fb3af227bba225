/** GET areas/{id}/water-balance's shape: each zone's bucket run over the days read. */
import {
  cropCoefficient,
  probeDepletion,
  readilyAvailableWater,
  totalAvailableWater,
  waterBalanceParameters,
  zoneDayIrrigation,
  zoneWaterBalance,
  type AreaWaterBalance,
  type ZoneWaterBalance,
} from '@paddock/domain';
import type { WaterBalanceInputs } from './area-water-balance.ts';

/** mm to 0.1 and % to whole: a probe-free model is not better than that. */
const tenths = (value: number) => Math.round(value * 10) / 10;

function presentZone(
  inputs: WaterBalanceInputs,
  section: { id: number; label: string },
): ZoneWaterBalance {
  const parameters = waterBalanceParameters(inputs.settings, section.id, inputs.seasonStart);
  const zoneDays = inputs.irrigation.get(section.id);
  const irrigation = inputs.dates.map((date) => {
    const row = zoneDays?.get(date);
    return row
      ? zoneDayIrrigation(row, parameters.areaSquareMetres)
      : { depth: 0, source: 'none' as const };
  });
  // Each day with a probe reading is corrected toward it (bucket.ts probeCorrectedDepletion).
  const probe = inputs.probes.get(section.id);
  const { steps } = zoneWaterBalance(
    parameters,
    inputs.dates.map((date, index) => ({
      date,
      et0: inputs.et0.get(date) ?? null,
      rain: inputs.rain.get(date) ?? 0,
      irrigation: irrigation[index]?.depth ?? 0,
      probeMoisture: probe?.days.get(date)?.moisture ?? null,
    })),
  );
  const lastReading = probe && inputs.dates.findLast((date) => probe.days.has(date));
  const reading = lastReading ? probe.days.get(lastReading) : undefined;
  const last = steps.at(-1);
  const today = irrigation.at(-1);
  const taw = totalAvailableWater(parameters.soil);
  const raw = readilyAvailableWater(parameters.soil);
  const depletion = last?.depletion ?? 0;
  const coefficient = cropCoefficient(parameters.crop, inputs.date);
  return {
    section: section.id,
    label: section.label,
    depletion: tenths(depletion),
    taw: tenths(taw),
    raw: tenths(raw),
    percentOfRaw: raw > 0 ? Math.round((depletion / raw) * 100) : 0,
    dry: depletion > raw,
    soil: parameters.soil,
    today: {
      et0: tenths(inputs.et0.get(inputs.date) ?? 0),
      kc: Math.round(coefficient.kc * 100) / 100,
      stage: coefficient.stage,
      etc: tenths(last?.etc ?? 0),
      rain: tenths(last?.rain ?? 0),
      effectiveRain: tenths(last?.effectiveRain ?? 0),
      irrigation: tenths(today?.depth ?? 0),
      irrigationSource: today?.source ?? 'none',
    },
    probe:
      probe && reading
        ? {
            sensor: probe.sensorId,
            label: probe.label,
            moisture: reading.moisture,
            at: new Date(reading.at).toISOString(),
            depletion: tenths(probeDepletion(parameters.soil, reading.moisture)),
          }
        : null,
  };
}

export function presentWaterBalance(areaId: number, inputs: WaterBalanceInputs): AreaWaterBalance {
  return {
    area: areaId,
    timezone: inputs.timeZone,
    date: inputs.date,
    from: inputs.from,
    seasonStart: inputs.seasonStart,
    et0Station: inputs.station,
    rainGauge: inputs.gauge,
    et0EstimatedFrom: inputs.et0EstimatedFrom,
    missingEt0: inputs.dates.filter((date) => !inputs.et0.has(date)),
    zones: inputs.area.sections.map((section) => presentZone(inputs, section)),
  };
}

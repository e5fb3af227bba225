/**
 * What the frost explorer's chart draws: the lines (each block's canopy, each fan's tower
 * temperature, the wind) and, over them, 0 °C, each fan's runs as a shaded strip and the canopy
 * temperature marked at each start and stop.
 */
import { CANOPY_TEMPERATURE_C, COLOURS, FAN_METRICS, type FrostRun } from '@paddock/domain';
import type { TFunction } from 'i18next';
import type { ChartAnnotations, ChartMetric } from '../../../components/chart/index.ts';
import { seriesColour } from '../../../components/chart/palette.ts';
import type { FanRow } from '../fans.ts';

/** The wind comes from the area's wind sensor if it has one, else from the first fan. */
export function explorerMetrics(
  fans: readonly FanRow[],
  windSensorId: number | null,
  t: TFunction,
): ChartMetric[] {
  const lines: ChartMetric[] = [];
  for (const fan of fans) {
    if (fan.canopy) {
      lines.push({
        source: { kind: 'sensor', id: fan.canopy.sensorId },
        metric: 'temperature',
        label: fan.canopy.label,
        unit: '°C',
      });
    }
  }
  for (const fan of fans) {
    lines.push({
      source: { kind: 'sensor', id: fan.id },
      metric: FAN_METRICS.towerTemperature,
      label: t('Frost.TowerOf', { fan: fan.label }),
      unit: '°C',
    });
  }
  const windFan = fans[0];
  if (windSensorId !== null) {
    lines.push({
      source: { kind: 'sensor', id: windSensorId },
      metric: 'wind.speed',
      label: t('Frost.Wind'),
      unit: 'kph',
    });
  } else if (windFan) {
    lines.push({
      source: { kind: 'sensor', id: windFan.id },
      metric: FAN_METRICS.windSpeed,
      label: t('Frost.Wind'),
      unit: 'kph',
    });
  }
  return lines;
}

/** Each fan keeps its line's colour and its own row of the strip (`fanIndex`: fan id → index). */
export function explorerAnnotations(
  runs: readonly FrostRun[],
  fanIndex: ReadonlyMap<number, number>,
  t: TFunction,
  number: (value: number | null) => string,
): ChartAnnotations {
  const colourOf = (fan: number) => seriesColour(fanIndex.get(fan) ?? 0);
  return {
    lines: [
      {
        value: CANOPY_TEMPERATURE_C,
        unit: '°C',
        label: t('Frost.ZeroLine'),
        colour: COLOURS.fault,
      },
    ],
    spans: runs.map((run) => ({
      from: Date.parse(run.start),
      to: run.stop === null ? null : Date.parse(run.stop),
      label: run.fanLabel,
      colour: colourOf(run.fan),
      row: fanIndex.get(run.fan) ?? 0,
    })),
    marks: runs.flatMap((run) => [
      ...(run.canopyAtStart === null
        ? []
        : [
            {
              at: Date.parse(run.start),
              value: run.canopyAtStart,
              unit: '°C',
              label: t('Frost.StartMark', { value: number(run.canopyAtStart) }),
              colour: colourOf(run.fan),
            },
          ]),
      ...(run.stop === null || run.canopyAtStop === null
        ? []
        : [
            {
              at: Date.parse(run.stop),
              value: run.canopyAtStop,
              unit: '°C',
              label: t('Frost.StopMark', { value: number(run.canopyAtStop) }),
              colour: colourOf(run.fan),
            },
          ]),
    ]),
  };
}

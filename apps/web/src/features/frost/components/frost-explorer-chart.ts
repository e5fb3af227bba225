/**
 * What the frost explorer's chart draws: the lines (each block's canopy, each fan's tower
 * temperature, the wind) and, over them, 0 °C, each fan's runs as a shaded strip and the canopy
 * temperature marked at each start and stop; on tonight, the forecast's expected curve, dashed,
 * with the time it reaches the start temperature marked (issue 31).
 */
import {
  CANOPY_TEMPERATURE_C,
  COLOURS,
  FAN_METRICS,
  type FrostForecastTonight,
  type FrostRun,
} from '@paddock/domain';
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

/**
 * The forecast's colour: a dark slate outside the series' palette, so the expected curve is not
 * taken for a sensor's line (the dash says it is not a reading).
 */
export const FORECAST_COLOUR = '#37474F';

/**
 * Tonight's expected curve (T₂ down to Tmin at sunrise) and the point it reaches the start
 * temperature, added to the night's annotations; nothing before the forecast is made.
 */
export function withForecast(
  annotations: ChartAnnotations,
  tonight: FrostForecastTonight | null,
  t: TFunction,
  number: (value: number | null) => string,
  time: (iso: string) => string,
): ChartAnnotations {
  if (!tonight || tonight.curve.length === 0) return annotations;
  return {
    ...annotations,
    curves: [
      ...(annotations.curves ?? []),
      {
        points: tonight.curve.map((point) => ({
          at: Date.parse(point.at),
          value: point.temperature,
        })),
        unit: '°C',
        label: t('Frost.Forecast.CurveLabel', { tmin: number(tonight.tmin) }),
        colour: FORECAST_COLOUR,
      },
    ],
    marks: [
      ...(annotations.marks ?? []),
      ...(tonight.startExpectedAt === null
        ? []
        : [
            {
              at: Date.parse(tonight.startExpectedAt),
              value: tonight.startTemperature,
              unit: '°C',
              label: t('Frost.Forecast.StartMark', {
                start: number(tonight.startTemperature),
                time: time(tonight.startExpectedAt),
              }),
              colour: FORECAST_COLOUR,
            },
          ]),
    ],
  };
}

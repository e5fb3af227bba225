/**
 * The shapes of the frost forecast's answers (issue 31): tonight's forecast of a frost area, and
 * its past nights, forecast against observed, with the season's error.
 */
import { z } from 'zod';
import { idSchema, isoDateTimeSchema, nullableIsoDateTimeSchema } from '../entities/primitives.ts';

/** A local date YYYY-MM-DD: the date a frost night began (night.ts). */
export const frostNightDateSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'A night is a date YYYY-MM-DD');

/** Where the coefficients come from: the site's own radiative nights, or the FAO default. */
export const frostForecastFitSourceSchema = z.enum(['site', 'default']);
export type FrostForecastFitSource = z.infer<typeof frostForecastFitSourceSchema>;

export const frostForecastCurvePointSchema = z.object({
  at: isoDateTimeSchema,
  /** Expected air temperature (°C). */
  temperature: z.number(),
});

/**
 * Tonight. Before two hours after sunset (or with no reference reading then) evaluatedAt, t2,
 * td2, tmin and startExpectedAt are null and the curve is empty; a, b, c and the fit are those
 * tonight's forecast will use.
 */
export const frostForecastTonightSchema = z.object({
  /** The local date tonight began (YYYY-MM-DD, site zone). */
  night: frostNightDateSchema,
  sunset: isoDateTimeSchema,
  /** The next morning's sunrise. */
  sunrise: isoDateTimeSchema,
  /** When the forecast was made: sunset + 2 h by the worker, or when "forecast now" was asked. */
  evaluatedAt: nullableIsoDateTimeSchema,
  /** Air temperature of the area's reference sensor two hours after sunset (°C). */
  t2: z.number().nullable(),
  /** Its dew point then (°C). */
  td2: z.number().nullable(),
  a: z.number(),
  b: z.number(),
  c: z.number(),
  fit: z.object({
    /** Radiative nights fitted; 0 with the default. */
    nights: z.number().int().nonnegative(),
    /** Mean absolute residual of the fitted nights (°C); null with the default. */
    meanAbsoluteError: z.number().nullable(),
    source: frostForecastFitSourceSchema,
  }),
  /** Tonight's forecast minimum (°C), expected at sunrise. */
  tmin: z.number().nullable(),
  /** The site's start temperature (frost rules startAtOrBelow, °C). */
  startTemperature: z.number(),
  /** When the curve reaches the start temperature; null when it stays above or before T₂. */
  startExpectedAt: nullableIsoDateTimeSchema,
  /** Hourly from T₂ time to sunrise. */
  curve: z.array(frostForecastCurvePointSchema),
  warning: z.object({
    /** The forecast minimum at or below which the early warning goes out (°C). */
    threshold: z.number(),
    sent: z.boolean(),
    sentAt: nullableIsoDateTimeSchema,
  }),
});
export type FrostForecastTonight = z.infer<typeof frostForecastTonightSchema>;

/** GET areas/{id}/frost-forecast; tonight is null where the sun does not set at the site. */
export const frostForecastSchema = z.object({
  area: idSchema,
  tonight: frostForecastTonightSchema.nullable(),
});
export type FrostForecast = z.infer<typeof frostForecastSchema>;

/** A past night: its forecast beside what happened. */
export const frostForecastNightSchema = z.object({
  night: frostNightDateSchema,
  /** Null where the night had no reading two hours after sunset. */
  forecastMin: z.number().nullable(),
  /** The lowest reference temperature from sunset to the next sunrise; null with no reading. */
  observedMin: z.number().nullable(),
  /** forecastMin − observedMin (°C); null unless both are known. */
  error: z.number().nullable(),
  /** A clear, calm night by the radiative-night rule (isRadiativeNight): the fit takes only these. */
  radiative: z.boolean(),
});
export type FrostForecastNight = z.infer<typeof frostForecastNightSchema>;

/**
 * The season's forecast error over its radiative nights with both a forecast and an observation
 * (the FFST forecasts radiation frost; a windy or cloudy night's miss says nothing of the fit).
 */
export const frostForecastSeasonSchema = z.object({
  count: z.number().int().nonnegative(),
  /** °C; null with no such night. */
  meanAbsoluteError: z.number().nullable(),
  /** Mean forecast − observed (°C), above 0: the forecast runs warm; null with no such night. */
  bias: z.number().nullable(),
});
export type FrostForecastSeason = z.infer<typeof frostForecastSeasonSchema>;

/** GET areas/{id}/frost-forecasts?from&to: the nights in the range, newest first. */
export const frostForecastsSchema = z.object({
  area: idSchema,
  nights: z.array(frostForecastNightSchema),
  season: frostForecastSeasonSchema,
});
export type FrostForecasts = z.infer<typeof frostForecastsSchema>;

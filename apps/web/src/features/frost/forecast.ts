/** The frost page's forecast season: which past nights its forecast-against-observed table covers. */

/**
 * Decision: the season is the year of nights up to tonight. A frost season runs a few months in
 * either hemisphere (May–October in New Zealand, November–April in Germany), and a year holds
 * one whole season wherever the site is and whenever it is asked; the contract allows 400.
 */
export const FORECAST_SEASON_NIGHTS = 365;

/** The local dates (YYYY-MM-DD, inclusive) of the season ending with `tonight`. */
export function forecastSeasonRange(tonight: string): { from: string; to: string } {
  const [year, month, day] = tonight.split('-').map(Number) as [number, number, number];
  const from = new Date(Date.UTC(year, month - 1, day - FORECAST_SEASON_NIGHTS + 1));
  return { from: from.toISOString().slice(0, 10), to: tonight };
}

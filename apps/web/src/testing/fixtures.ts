/** Small records the tests build over and over, each from the values that tell them apart. */
import type { CountryCode } from '@paddock/domain';
import type { ChartMetric, SeriesSource } from '../components/chart/types.ts';

/** A site as the site lists and the site search see it: its id, name, country and region. */
export const taggedSite = <C extends CountryCode>(
  id: number,
  label: string,
  country: C,
  region: string,
) => ({ id, label, tags: { country, region } });

/** One line of a chart: a source's metric, with the name and unit it is shown with. */
export const chartMetric = (
  source: SeriesSource,
  metric: string,
  label: string,
  unit: string,
): ChartMetric => ({ source, metric, label, unit });

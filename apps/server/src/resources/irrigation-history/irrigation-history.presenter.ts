/** The irrigation history's rows as the API gives them: minutes and mm to 0.1, m³ to the litre. */
import type { IrrigationHistory, IrrigationHistoryRow } from '@paddock/domain';

const tenths = (value: number) => Math.round(value * 10) / 10;
const litres = (m3: number) => Math.round(m3 * 1000) / 1000;

export function presentIrrigationHistoryRow(
  row: IrrigationHistoryRow,
): IrrigationHistory['rows'][number] {
  return {
    period: row.period,
    section: row.zoneId,
    runs: row.runs,
    runtime: tenths(row.runtimeMs / 60_000),
    applied: tenths(row.applied),
    target: row.target === null ? null : tenths(row.target),
    volume: row.volume === null ? null : litres(row.volume),
  };
}

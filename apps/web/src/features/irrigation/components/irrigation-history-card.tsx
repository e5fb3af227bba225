/**
 * The irrigation history (§9 "irrigation monthly") under the program on the area page and under
 * the zone on the zone page: the chart itself is shared (components/chart).
 */
import { Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IrrigationHistoryChart } from '../../../components/chart/irrigation-history-chart.tsx';

export function IrrigationHistoryCard(props: {
  readonly areaId: number;
  /** The zone page's zone. */
  readonly section?: number;
  readonly timeZone: string;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" mt="md" component="section" aria-label={t('IrrigationHistory.Title')}>
      <IrrigationHistoryChart
        areaId={props.areaId}
        title={t('IrrigationHistory.Title')}
        timeZone={props.timeZone}
        {...(props.section === undefined ? {} : { section: props.section })}
      />
    </Paper>
  );
}

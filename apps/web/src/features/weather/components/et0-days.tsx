/**
 * A weather station's latest days of ET0 (issue 30 item 2), each with what it came from: the
 * day's temperatures, humidity (or the eq. 48 estimate from Tmin), wind at its height (or
 * FAO-56's 2 m/s), solar radiation measured or estimated from the temperature range (eq. 50 with
 * the site's kRs), and pressure measured or from the elevation (eq. 7). Read from GET
 * sites/{id}/et0, which keeps each day's inputs; shown under the ET0 chart.
 */
import { Table, Text } from '@mantine/core';
import { addDays, localDateOf, type Et0Day } from '@paddock/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSiteEt0 } from '../../../data/et0/get-site-et0.ts';
import { useNow } from '../../../lib/use-now.ts';

/** How many days back the table reaches: a week, the span a grower compares ET0 over. */
const ET0_DAYS_SHOWN = 7;
/** The site's today is looked at again this often, so the table moves on after midnight. */
const TODAY_TICK_MS = 15 * 60_000;

const fixed = (value: number, digits = 1) => value.toFixed(digits);

/** What one day's ET0 came from, in words, input by input. */
function et0Sources(day: Et0Day, t: TFunction): string {
  const { inputs } = day;
  const parts = [
    t('Weather.Et0.Temperature', {
      max: fixed(inputs.tMaxCelsius),
      min: fixed(inputs.tMinCelsius),
    }),
    inputs.sources.ea === 'rh' && inputs.rhMaxPercent !== null && inputs.rhMinPercent !== null
      ? t('Weather.Et0.Humidity', {
          max: fixed(inputs.rhMaxPercent, 0),
          min: fixed(inputs.rhMinPercent, 0),
        })
      : t('Weather.Et0.HumidityFromTmin'),
    inputs.sources.wind === 'measured' && inputs.windSpeedMetresPerSecond !== null
      ? t('Weather.Et0.Wind', {
          speed: fixed(inputs.windSpeedMetresPerSecond),
          height: inputs.windHeightMetres,
        })
      : t('Weather.Et0.WindDefault'),
    inputs.sources.rs === 'measured'
      ? t('Weather.Et0.RadiationMeasured', { rs: fixed(inputs.terms.rsMj) })
      : t('Weather.Et0.RadiationEstimated', {
          rs: fixed(inputs.terms.rsMj),
          krs: inputs.kRs ?? '–',
        }),
    inputs.sources.pressure === 'measured'
      ? t('Weather.Et0.PressureMeasured', { pressure: fixed(inputs.terms.pressureKpa) })
      : t('Weather.Et0.PressureElevation', {
          pressure: fixed(inputs.terms.pressureKpa),
          elevation: inputs.elevationMetres,
        }),
  ];
  return parts.join(' · ');
}

export function Et0Days({
  siteId,
  areaId,
  timeZone,
}: {
  siteId: number;
  /** The station: ET0 is kept per weather station area. */
  areaId: number;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const today = localDateOf(useNow(TODAY_TICK_MS).getTime(), timeZone);
  const range = { from: addDays(today, -ET0_DAYS_SHOWN), to: today };
  const et0 = useSiteEt0(siteId, range);
  const days = et0.data?.stations.find((station) => station.area === areaId)?.days ?? [];
  if (et0.isError) {
    return (
      <Text size="sm" c="dimmed">
        {t('Weather.Et0.Unavailable')}
      </Text>
    );
  }
  if (!et0.data) return null;
  if (days.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('Weather.Et0.None', { days: ET0_DAYS_SHOWN })}
      </Text>
    );
  }
  return (
    <Table striped withTableBorder fz="xs" aria-label={t('Weather.Et0.Title')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('Weather.Et0.Date')}</Table.Th>
          <Table.Th>{t('Weather.Layer.et0')}</Table.Th>
          <Table.Th>{t('Weather.Et0.From')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {[...days].reverse().map((day) => (
          <Table.Tr key={day.date} data-date={day.date}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{day.date}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{`${fixed(day.et0)} mm`}</Table.Td>
            <Table.Td>{et0Sources(day, t)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The season's forecast against what happened (issue 31 item 3): each past night's forecast
 * minimum beside the observed minimum and the error, and over the season's clear, calm nights
 * (the nights the FFST forecasts) the mean absolute error, the bias (above 0: the forecast runs
 * warm) and their count.
 */
import { Badge, Group, Paper, SimpleGrid, Skeleton, Table, Text } from '@mantine/core';
import type { FrostForecasts } from '@paddock/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFrostForecasts } from '../../../data/frost/get-frost-forecasts.ts';
import { forecastSeasonRange } from '../forecast.ts';
import { nightDate } from '../night-format.ts';

export function FrostForecastSeason({ forecasts }: { forecasts: FrostForecasts | undefined }) {
  const { t, i18n } = useTranslation();
  if (!forecasts) return <Skeleton h={240} />;
  const number = (value: number, signed: boolean) =>
    new Intl.NumberFormat(i18n.language, {
      maximumFractionDigits: 1,
      minimumFractionDigits: 1,
      ...(signed ? { signDisplay: 'exceptZero' as const } : {}),
    }).format(value);
  const degrees = (value: number | null, signed = false) =>
    value === null ? '--' : `${number(value, signed)} °C`;
  const nightLabel = (night: string) => nightDate(i18n.language, night);
  const { season } = forecasts;
  return (
    <Paper withBorder p="xs" radius="sm" data-testid="frost-forecast-season">
      <Text fw={600} size="sm" mb={6}>
        {t('Frost.Season.Title')}
      </Text>
      <SimpleGrid cols={3} spacing="xs" mb="xs">
        <div data-testid="frost-season-mae">
          <Text size="xs" c="dimmed">
            {t('Frost.Season.MeanAbsoluteError')}
          </Text>
          <Text fw={700}>{degrees(season.meanAbsoluteError)}</Text>
        </div>
        <div data-testid="frost-season-bias">
          <Text size="xs" c="dimmed">
            {t('Frost.Season.Bias')}
          </Text>
          <Text fw={700}>{degrees(season.bias, true)}</Text>
        </div>
        <div data-testid="frost-season-count">
          <Text size="xs" c="dimmed">
            {t('Frost.Season.Count')}
          </Text>
          <Text fw={700}>{season.count}</Text>
        </div>
      </SimpleGrid>
      {forecasts.nights.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('Frost.Season.NoNights')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table fz="sm" striped aria-label={t('Frost.Season.Title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('Frost.Season.Night')}</Table.Th>
                <Table.Th ta="right">{t('Frost.Season.Forecast')}</Table.Th>
                <Table.Th ta="right">{t('Frost.Season.Observed')}</Table.Th>
                <Table.Th ta="right">{t('Frost.Season.Error')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {forecasts.nights.map((night) => (
                <Table.Tr key={night.night} data-testid="frost-season-night">
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      {nightLabel(night.night)}
                      {/* The verdict comes with the morning's observation. */}
                      {night.observedMin !== null && !night.radiative && (
                        <Badge size="xs" variant="light" color="gray">
                          {t('Frost.Season.NotRadiative')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">{degrees(night.forecastMin)}</Table.Td>
                  <Table.Td ta="right">{degrees(night.observedMin)}</Table.Td>
                  <Table.Td ta="right">{degrees(night.error, true)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

/** The season of an area up to `tonight` (its local date), fetched when the view opens. */
export function ForecastSeason({ areaId, tonight }: { areaId: number; tonight: string }) {
  const season = useMemo(() => forecastSeasonRange(tonight), [tonight]);
  const forecasts = useFrostForecasts(areaId, season);
  return <FrostForecastSeason forecasts={forecasts.data} />;
}

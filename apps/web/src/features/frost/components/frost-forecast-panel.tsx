/**
 * Tonight's frost forecast on the frost page (issue 31): the forecast minimum, when the canopy is
 * expected to reach the start temperature (site time), the fit behind it (the site's own nights
 * and their error, or the FAO default until it has enough), whether the early warning went out,
 * and "Forecast now" for users with edit rights.
 */
import { Badge, Button, Group, Modal, Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import {
  AN_ERROR_HAS_OCCURRED,
  COLOURS,
  forecastTime,
  forecastWarns,
  MIN_FIT_NIGHTS,
  type FrostForecast,
  type FrostForecastTonight,
} from '@paddock/domain';
import { IconRefresh } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useForecastFrostNow } from '../../../data/frost/forecast-frost-now.ts';
import { useFrostForecast } from '../../../data/frost/get-frost-forecast.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { siteClock } from '../night-format.ts';

function Item({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </div>
  );
}

export interface FrostForecastPanelProps {
  readonly forecast: FrostForecast | undefined;
  readonly timeZone: string;
  /** The user may ask for the forecast again (edit rights on the area). */
  readonly canForecast: boolean;
  readonly onForecastNow: () => void;
  readonly forecasting: boolean;
}

/**
 * Before its time (two hours after sunset) a forecast reads the day's air, and may send the
 * night's one early warning: the user is asked first.
 */
function beforeForecastTime(tonight: FrostForecastTonight | null): boolean {
  return tonight !== null && Date.now() < forecastTime(new Date(tonight.sunset)).getTime();
}

/** "Forecast now" before the forecast's time: what it does then, asked before it is done. */
function EarlyForecastConfirm({
  opened,
  forecastAt,
  onClose,
  onConfirm,
}: {
  readonly opened: boolean;
  /** Two hours after tonight's sunset, as a time of day. */
  readonly forecastAt: string;
  readonly onClose: () => void;
  readonly onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('Frost.Forecast.EarlyTitle')}>
      <Text size="sm">{t('Frost.Forecast.EarlyText', { time: forecastAt })}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('Common.Cancel')}
        </Button>
        <Button onClick={onConfirm}>{t('Frost.Forecast.Now')}</Button>
      </Group>
    </Modal>
  );
}

export function FrostForecastPanel({
  forecast,
  timeZone,
  canForecast,
  onForecastNow,
  forecasting,
}: FrostForecastPanelProps) {
  const { t, i18n } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  if (!forecast) return <Skeleton h={74} />;
  const tonight = forecast.tonight;
  const number = (value: number) =>
    new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(value);
  const time = (iso: string) => siteClock(i18n.language, timeZone, iso);

  const button = canForecast && (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconRefresh size={14} />}
      loading={forecasting}
      onClick={() => (beforeForecastTime(tonight) ? setConfirming(true) : onForecastNow())}
    >
      {t('Frost.Forecast.Now')}
    </Button>
  );
  const confirmEarly = tonight && (
    <EarlyForecastConfirm
      opened={confirming}
      forecastAt={time(forecastTime(new Date(tonight.sunset)).toISOString())}
      onClose={() => setConfirming(false)}
      onConfirm={() => {
        setConfirming(false);
        onForecastNow();
      }}
    />
  );

  if (!tonight) {
    return (
      <Paper withBorder p="xs" radius="sm" data-testid="frost-forecast">
        <Text size="sm" c="dimmed">
          {t('Frost.Forecast.NoSunset')}
        </Text>
      </Paper>
    );
  }

  const madeAt = forecastTime(new Date(tonight.sunset));
  const warns = tonight.tmin !== null && forecastWarns(tonight.tmin, tonight.warning.threshold);
  return (
    <Paper withBorder p="xs" radius="sm" data-testid="frost-forecast" data-night={tonight.night}>
      <Group justify="space-between" gap="xs" mb={6} wrap="wrap">
        <Text fw={600} size="sm">
          {t('Frost.Forecast.Title')}
        </Text>
        {button}
        {confirmEarly}
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        <Item label={t('Frost.Forecast.Minimum')} testId="frost-forecast-minimum">
          {tonight.tmin === null ? (
            <>
              <Text fw={700} size="lg">
                --
              </Text>
              <Text size="xs" c="dimmed">
                {t('Frost.Forecast.MadeAt', { time: time(madeAt.toISOString()) })}
              </Text>
            </>
          ) : (
            <>
              <Text fw={700} size="lg" {...(warns ? { style: { color: COLOURS.fault } } : {})}>
                {number(tonight.tmin)} °C
              </Text>
              <Text size="xs" c="dimmed">
                {t('Frost.Forecast.From', {
                  t2: number(tonight.t2 ?? 0),
                  td2: number(tonight.td2 ?? 0),
                })}
              </Text>
            </>
          )}
        </Item>
        <Item
          label={t('Frost.Forecast.StartExpected', { start: number(tonight.startTemperature) })}
          testId="frost-forecast-start"
        >
          <Text fw={700} size="lg">
            {tonight.startExpectedAt ? time(tonight.startExpectedAt) : '--'}
          </Text>
          {tonight.tmin !== null && !tonight.startExpectedAt && (
            <Text size="xs" c="dimmed">
              {t('Frost.Forecast.StaysAbove')}
            </Text>
          )}
        </Item>
        <Item label={t('Frost.Forecast.Fit')} testId="frost-forecast-fit">
          {tonight.fit.source === 'site' ? (
            <>
              <Text fw={700} size="lg">
                {t('Frost.Forecast.FitNights', { count: tonight.fit.nights })}
              </Text>
              <Text size="xs" c="dimmed">
                {tonight.fit.meanAbsoluteError === null
                  ? '--'
                  : t('Frost.Forecast.FitError', {
                      error: number(tonight.fit.meanAbsoluteError),
                    })}
              </Text>
            </>
          ) : (
            <>
              <Text fw={700} size="sm" mt={4}>
                {t('Frost.Forecast.DefaultCoefficients')}
              </Text>
              <Text size="xs" c="dimmed">
                {t('Frost.Forecast.DefaultUntil', { count: MIN_FIT_NIGHTS })}
              </Text>
            </>
          )}
        </Item>
        <Item label={t('Frost.Forecast.Warning')} testId="frost-forecast-warning">
          <Group gap={6} mt={4}>
            {tonight.warning.sent ? (
              <Badge color="red" variant="light" data-sent="true">
                {tonight.warning.sentAt
                  ? t('Frost.Forecast.WarningSentAt', { time: time(tonight.warning.sentAt) })
                  : t('Frost.Forecast.WarningSent')}
              </Badge>
            ) : (
              <Badge color="gray" variant="light" data-sent="false">
                {t('Frost.Forecast.WarningNotSent')}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {t('Frost.Forecast.WarningThreshold', { threshold: number(tonight.warning.threshold) })}
          </Text>
        </Item>
      </SimpleGrid>
    </Paper>
  );
}

/** Tonight's forecast of an area, polled with the page, and "Forecast now" with its failure. */
export function TonightForecast({
  areaId,
  timeZone,
  canForecast,
  refetchIntervalMs,
}: {
  areaId: number;
  timeZone: string;
  canForecast: boolean;
  refetchIntervalMs: number;
}) {
  const { t } = useTranslation();
  const forecast = useFrostForecast(areaId, refetchIntervalMs);
  const forecastNow = useForecastFrostNow(areaId);
  return (
    <FrostForecastPanel
      forecast={forecast.data}
      timeZone={timeZone}
      canForecast={canForecast}
      forecasting={forecastNow.isPending}
      onForecastNow={() =>
        forecastNow.mutate(undefined, {
          onError: (error) =>
            notify({
              level: 'error',
              title: t('Frost.Forecast.Failed'),
              message: t(
                isApiError(error) && error.message ? error.message : AN_ERROR_HAS_OCCURRED,
              ),
            }),
        })
      }
    />
  );
}

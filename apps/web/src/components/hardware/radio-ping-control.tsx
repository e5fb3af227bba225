/** A radio's ping in the detail pane (§7). */
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../lib/use-now.ts';
import { RADIO_PING_PACE, useRadioPing, type PingState } from './use-radio-ping.ts';

/** The ping button, its progress while followed (every 5 s, §9) and its result. */
export function PingControl({ radioId, areaId }: { radioId: number; areaId: number }) {
  const { t } = useTranslation();
  const { state, ping } = useRadioPing(radioId, areaId);
  const running = state.phase === 'running';
  return (
    <Stack gap={6} data-testid="radio-ping" data-phase={state.phase}>
      <Group gap="sm">
        <Button size="xs" onClick={() => void ping()} loading={running} disabled={running}>
          {t('Hardware.Ping.Button')}
        </Button>
        <PingResult state={state} />
      </Group>
      {running && <PingProgress state={state} />}
    </Stack>
  );
}

function PingProgress({ state }: { state: Extract<PingState, { phase: 'running' }> }) {
  const { t } = useTranslation();
  // The bar moves every second between the 5 s follow-ups.
  const now = useNow(1_000);
  const limit = RADIO_PING_PACE.everyMs * RADIO_PING_PACE.polls;
  const waited = Math.max(0, now.getTime() - state.startedAt);
  return (
    <>
      <Progress
        value={Math.min(100, Math.max(5, (waited / limit) * 100))}
        animated
        aria-label={t('Hardware.Ping.Progress')}
      />
      <Text size="xs" c="dimmed" role="status">
        {t(`Hardware.Ping.Status.${state.status}`)} ·{' '}
        {t('Hardware.Ping.Waited', { seconds: Math.round(waited / 1000) })}
      </Text>
    </>
  );
}

function PingResult({ state }: { state: PingState }) {
  const { t } = useTranslation();
  if (state.phase === 'done') {
    return (
      <Text size="sm" c="irrigated.9" role="status" fw={600}>
        {t('Hardware.Ping.Done')}
      </Text>
    );
  }
  if (state.phase === 'failed') {
    return (
      <Alert color="fault" p={4} role="alert" variant="light">
        {t(`Hardware.Ping.Failed.${state.reason}`)}
      </Alert>
    );
  }
  return null;
}

/** A fan's state (running, stopped, fault) in its colour: running blue, fault red (§4/§9). */
import { Badge } from '@mantine/core';
import { COLOURS, type FanState } from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import { NEUTRAL_COLOUR } from '../../../components/map/map-items.ts';

export const FAN_STATE_COLOURS: Record<FanState, string> = {
  running: COLOURS.running,
  stopped: COLOURS.stopped,
  fault: COLOURS.fault,
  unknown: NEUTRAL_COLOUR,
};

export function FanStateBadge({ state, size = 'md' }: { state: FanState; size?: 'xs' | 'md' }) {
  const { t } = useTranslation();
  return (
    <Badge
      data-testid="fan-state"
      data-state={state}
      variant="filled"
      size={size}
      styles={{
        root: {
          backgroundColor: FAN_STATE_COLOURS[state],
          color: state === 'stopped' ? '#37474F' : '#fff',
          // The state word is short: never cut it on a narrow table.
          overflow: 'visible',
        },
        label: { overflow: 'visible' },
      }}
    >
      {t(`Frost.State.${state}`)}
    </Badge>
  );
}

/** A fan's state (running, stopped, fault) in its colour: running blue, fault red (§4/§9). */
import { COLOURS, type FanState } from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import { NEUTRAL_COLOUR } from '../../../components/map/map-items.ts';
import { ColourBadge } from './colour-badge.tsx';

export const FAN_STATE_COLOURS: Record<FanState, string> = {
  running: COLOURS.running,
  stopped: COLOURS.stopped,
  fault: COLOURS.fault,
  unknown: NEUTRAL_COLOUR,
};

export function FanStateBadge({ state, size = 'md' }: { state: FanState; size?: 'xs' | 'md' }) {
  const { t } = useTranslation();
  return (
    <ColourBadge
      data-testid="fan-state"
      data-state={state}
      size={size}
      colour={FAN_STATE_COLOURS[state]}
      darkText={state === 'stopped'}
    >
      {t(`Frost.State.${state}`)}
    </ColourBadge>
  );
}

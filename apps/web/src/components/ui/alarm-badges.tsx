/** An alarm's state and severity as badges, in the §9 colours (raised in the fault colour). */
import { Badge } from '@mantine/core';
import type { Alarm, AlarmSeverity } from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import { alarmDisplayState, SEVERITY_COLOUR, STATE_COLOUR } from './alarm-state.ts';

/**
 * A badge keeps its whole word. Mantine's badge is a grid whose label clips (overflow: hidden),
 * so its smallest width is its padding alone, and a table column sized to fit (width: 1%) shrank
 * it to "WA…": at least its content's width.
 */
const KEEP_WIDTH = { flexShrink: 0, minWidth: 'max-content' } as const;

const STATE_VARIANT = {
  raised: 'filled',
  acknowledged: 'filled',
  normal: 'outline',
  off: 'light',
} as const;

export function AlarmStateBadge({
  alarm,
  size = 'md',
}: {
  readonly alarm: Pick<Alarm, 'active' | 'rule' | 'state'>;
  readonly size?: 'xs' | 'sm' | 'md';
}) {
  const { t } = useTranslation();
  const state = alarmDisplayState(alarm);
  return (
    <Badge
      size={size}
      color={STATE_COLOUR[state]}
      // The §9 palettes are one shade each, so their light variant loses its text: filled with
      // automatic contrast where it calls for attention, outline or grey otherwise.
      variant={STATE_VARIANT[state]}
      autoContrast
      style={KEEP_WIDTH}
    >
      {t(`Alarms.State.${state}`)}
    </Badge>
  );
}

export function SeverityBadge({
  severity,
  size = 'md',
}: {
  readonly severity: AlarmSeverity;
  readonly size?: 'xs' | 'sm' | 'md';
}) {
  const { t } = useTranslation();
  return (
    <Badge size={size} color={SEVERITY_COLOUR[severity]} variant="dot" style={KEEP_WIDTH}>
      {t(`Alarms.Severity.${severity}`)}
    </Badge>
  );
}

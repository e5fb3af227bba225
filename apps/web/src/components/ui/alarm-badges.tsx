/** An alarm's state and severity as badges, in the §9 colours (raised in the fault colour). */
import { Badge } from '@mantine/core';
import type { Alarm, AlarmSeverity } from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import { alarmDisplayState, SEVERITY_COLOUR, STATE_COLOUR } from './alarm-state.ts';

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
      variant={state === 'raised' ? 'filled' : 'light'}
      autoContrast
      style={{ flexShrink: 0 }}
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
    <Badge
      size={size}
      color={SEVERITY_COLOUR[severity]}
      variant="outline"
      autoContrast
      style={{ flexShrink: 0 }}
    >
      {t(`Alarms.Severity.${severity}`)}
    </Badge>
  );
}

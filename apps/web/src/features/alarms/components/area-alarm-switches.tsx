/**
 * The area's two alarm switches (§3 Area alarmsActive and snoozed, §7 PUT areas/{id} with the
 * site): "Alarms active" off stops the area's rules from being evaluated at all; "Snoozed" keeps
 * them evaluated (alarms and events are recorded) but sends no message.
 */
import { Group, Switch, Text } from '@mantine/core';
import type { Area } from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import { useUpdateAreaAlarmSwitch, type AreaAlarmSwitch } from '../../../data/areas/update-area.ts';
import { notify } from '../../../lib/notify.ts';
import { errorText } from '../error-text.ts';

export function AreaAlarmSwitches({
  siteId,
  area,
  canEdit,
}: {
  readonly siteId: number;
  readonly area: Area;
  readonly canEdit: boolean;
}) {
  const { t } = useTranslation();
  const update = useUpdateAreaAlarmSwitch(siteId, area.id);
  // Shown at once; the site's refresh confirms it (or puts it back after a failure).
  const pending = update.isPending ? update.variables : undefined;
  const alarmsActive =
    pending && 'alarmsActive' in pending ? pending.alarmsActive : area.alarmsActive;
  const snoozed = pending && 'snoozed' in pending ? pending.snoozed : area.snoozed;
  const change = (next: AreaAlarmSwitch) =>
    update.mutate(next, {
      onError: (error) =>
        notify({
          level: 'error',
          title: t('Alarms.Area.SaveFailed'),
          message: errorText(error, t),
        }),
    });
  return (
    <Group gap="lg" wrap="wrap" aria-label={t('Alarms.Area.Switches')} role="group">
      <Switch
        checked={alarmsActive}
        disabled={!canEdit || update.isPending}
        onChange={(event) => change({ alarmsActive: event.currentTarget.checked })}
        label={t('Alarms.Area.Active')}
        description={t('Alarms.Area.ActiveHint')}
      />
      <Switch
        checked={snoozed}
        color="paused"
        disabled={!canEdit || update.isPending || !alarmsActive}
        onChange={(event) => change({ snoozed: event.currentTarget.checked })}
        label={t('Alarms.Area.Snoozed')}
        description={t('Alarms.Area.SnoozedHint')}
      />
      {!alarmsActive && (
        <Text size="sm" c="dimmed">
          {t('Alarms.Area.OffNote')}
        </Text>
      )}
    </Group>
  );
}

/** The zone's settings in the program: depth, variation, cycles, repeat and sequence. */
import { Card, Group, Text, Title } from '@mantine/core';
import { SETTING_UNITS } from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import type { ZoneView } from '../irrigation-view.ts';

type ZoneSetting = NonNullable<ZoneView['zone']>['setting'];

export function ZoneSettingsCard({ zone, setting }: { zone: ZoneView; setting: ZoneSetting }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md" component="section" aria-label={t('Irrigation.Zone.Settings')}>
      <Title order={3} size="h5" mb="xs">
        {t('Irrigation.Zone.Settings')}
      </Title>
      <Group gap="lg">
        <Setting
          label={t('Irrigation.Setting.Depth')}
          value={`${setting.depth} ${SETTING_UNITS.depth}`}
        />
        <Setting
          label={t('Irrigation.Setting.Variation')}
          value={`${setting.variation} ${SETTING_UNITS.variation}`}
        />
        <Setting
          label={t('Irrigation.Setting.Cycles')}
          value={`${setting.cycles} ${SETTING_UNITS.cycles}`}
        />
        <Setting
          label={t('Irrigation.Setting.Repeat')}
          value={
            setting.repeat
              ? t('Irrigation.Setting.RepeatEvery', {
                  hours: setting.repeatInterval,
                  count: setting.repeatCount,
                })
              : t('Irrigation.Setting.RepeatOff')
          }
        />
        <Setting
          label={t('Irrigation.Setting.Sequence')}
          value={
            zone.sequence === null
              ? t('Irrigation.Sequences.None')
              : t('Irrigation.Sequences.Name', { number: zone.sequence + 1 })
          }
        />
      </Group>
    </Card>
  );
}

function Setting({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {value}
      </Text>
    </div>
  );
}

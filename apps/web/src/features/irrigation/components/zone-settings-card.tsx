/** The zone's settings in the program: depth, variation, cycles, repeat and sequence. */
import { Group, Text } from '@mantine/core';
import { SETTING_UNITS } from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import type { ZoneView } from '../irrigation-view.ts';
import { SectionCard } from './section-card.tsx';

type ZoneSetting = NonNullable<ZoneView['zone']>['setting'];

export function ZoneSettingsCard({ zone, setting }: { zone: ZoneView; setting: ZoneSetting }) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('Irrigation.Zone.Settings')}>
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
    </SectionCard>
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

/**
 * The sections of the alarm form (§3 Alarm and rule, §9 templates): the frost fan set points
 * picked in one go, the target sensor or fan, a set point's metric, operator, threshold and clear
 * value, a fan's start temperature, the reset-after and minimum durations, and the contact
 * notifications the alarm tells. Each binds to the state of useAlarmForm.
 */
import {
  Checkbox,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { Contact, Sensor } from '@paddock/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { OPERATOR_SYMBOL } from '../../../components/ui/alarm-state.ts';
import {
  FAN_PRESETS,
  isSetPointTemplate,
  OPERATORS,
  sensorMetrics,
  withFanPreset,
  type AlarmForm,
} from '../alarm-form.ts';
import type { AlarmFormBinding } from './use-alarm-form.ts';

/** A value's unit shown inside the input's right edge. */
const unitSection = (unit: string | null | undefined) =>
  unit ? { rightSection: <Text size="sm">{unit}</Text>, rightSectionWidth: 48 } : {};

/** On a frost area, one of the fan set points (§9: fuel, battery, RPM, canopy) fills the form. */
export function FanPresetSelect({
  sensors,
  setForm,
}: {
  sensors: readonly Sensor[];
  setForm: AlarmFormBinding['setForm'];
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('Alarms.Form.FanPreset')}
      description={t('Alarms.Form.FanPresetHint')}
      placeholder={t('Alarms.Form.FanPresetPlaceholder')}
      data={FAN_PRESETS.map((preset, index) => ({
        value: String(index),
        label: `${t(`Alarms.FanPreset.${preset.name}`)} (${preset.path} ${OPERATOR_SYMBOL[preset.operator]} ${preset.threshold})`,
      }))}
      value={null}
      onChange={(value) => {
        const preset = value === null ? undefined : FAN_PRESETS[Number(value)];
        if (!preset) return;
        setForm((current) =>
          withFanPreset(current, preset, t(`Alarms.FanPreset.${preset.name}`), sensors),
        );
      }}
    />
  );
}

/** The sensor a set point watches, or the fan "fan should be running" watches. */
export function TargetSelect({
  form,
  setForm,
  shown,
  targets,
  fan,
}: Pick<AlarmFormBinding, 'form' | 'setForm' | 'shown'> & {
  /** The area's sensors the template can watch (targetSensors). */
  targets: readonly Sensor[];
  fan: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={fan ? t('Alarms.Form.Fan') : t('Alarms.Form.Target')}
      placeholder={t('Alarms.Form.TargetPlaceholder')}
      searchable
      data={targets.map((candidate) => ({
        value: String(candidate.id),
        label: `${candidate.label || candidate.serialno} (${candidate.serialno})`,
      }))}
      nothingFoundMessage={fan ? t('Alarms.Form.NoFans') : t('Alarms.Form.NoSensors')}
      value={form.sensor === null ? null : String(form.sensor)}
      onChange={(value) => {
        const next = targets.find((candidate) => String(candidate.id) === value);
        setForm((current) => ({
          ...current,
          sensor: next?.id ?? null,
          // The only metric of a sensor is picked for the user.
          path: !isSetPointTemplate(current.template)
            ? ''
            : next && sensorMetrics(next).length === 1
              ? (sensorMetrics(next)[0] ?? '')
              : next && sensorMetrics(next).includes(current.path)
                ? current.path
                : '',
        }));
      }}
      error={shown('sensor')}
      required
    />
  );
}

/** A set point: the target's metric, the operator, the threshold and the clear value. */
export function SetPointFields({
  form,
  set,
  shown,
  text,
  sensor,
  unit,
}: Pick<AlarmFormBinding, 'form' | 'set' | 'shown' | 'text'> & {
  /** The target picked, whose metrics the metric select offers. */
  sensor: Sensor | undefined;
  /** The metric's unit, shown in the threshold and clear value inputs. */
  unit: string;
}) {
  const { t } = useTranslation();
  const metricChoices = useMemo(() => (sensor ? sensorMetrics(sensor) : []), [sensor]);
  return (
    <>
      <Select
        label={t('Alarms.Form.Metric')}
        data={metricChoices}
        value={form.path || null}
        onChange={(value) => set('path', value ?? '')}
        error={shown('path')}
        disabled={metricChoices.length === 0}
        placeholder={
          !sensor ? t('Alarms.Form.PickTargetFirst') : t('Alarms.Form.MetricPlaceholder')
        }
        required
      />
      <div>
        <Text size="sm" fw={500} mb={4}>
          {t('Alarms.Form.Operator')}
        </Text>
        <SegmentedControl
          fullWidth
          value={form.operator}
          onChange={(value) => set('operator', value as AlarmForm['operator'])}
          data={OPERATORS.map((operator) => ({
            value: operator,
            label: `${OPERATOR_SYMBOL[operator]} ${t(`Alarms.Operator.${operator}`)}`,
          }))}
          aria-label={t('Alarms.Form.Operator')}
        />
      </div>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label={t('Alarms.Form.Threshold')}
          inputMode="decimal"
          {...text('threshold')}
          {...unitSection(unit)}
          required
        />
        <TextInput
          label={t('Alarms.Form.ClearValue')}
          description={t('Alarms.Form.ClearValueHint')}
          inputMode="decimal"
          {...text('clearValue')}
          {...unitSection(unit)}
        />
      </SimpleGrid>
    </>
  );
}

/** "Fan should be running": the canopy temperature from which the fan must run. */
export function FanShouldRunFields({ text }: Pick<AlarmFormBinding, 'text'>) {
  const { t } = useTranslation();
  return (
    <>
      <Text size="sm" c="dimmed">
        {t('Alarms.Form.FanShouldRunHint')}
      </Text>
      <TextInput
        label={t('Alarms.Form.StartTemperature')}
        description={t('Alarms.Form.StartTemperatureHint')}
        inputMode="decimal"
        {...text('startTemperature')}
        {...unitSection('°C')}
      />
    </>
  );
}

/** How long the alarm waits before it resets, and how long a condition must last to raise it. */
export function DurationFields({ text }: Pick<AlarmFormBinding, 'text'>) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <TextInput
        label={t('Alarms.Form.ResetAfter')}
        description={t('Alarms.Form.DurationHint')}
        placeholder="00:30:00"
        {...text('resetAfter')}
      />
      <TextInput
        label={t('Alarms.Form.MinimumDuration')}
        description={t('Alarms.Form.MinimumDurationHint')}
        placeholder="00:05:00"
        {...text('minimumDuration')}
      />
    </SimpleGrid>
  );
}

/** The site's contact notifications the alarm tells; an inactive one shows but cannot be picked. */
export function NotificationChoices({
  contacts,
  value,
  onChange,
}: {
  contacts: readonly Contact[];
  /** The ids of the notifications picked. */
  value: readonly number[];
  onChange: (notifications: number[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group
      label={t('Alarms.Form.Notifications')}
      description={t('Alarms.Form.NotificationsHint')}
      value={value.map(String)}
      onChange={(values) => onChange(values.map(Number))}
    >
      <Stack gap={6} mt={6}>
        {contacts.flatMap((contact) =>
          contact.notifications
            .filter((notification) => notification.id !== undefined)
            .map((notification) => (
              <Checkbox
                key={notification.id}
                value={String(notification.id)}
                label={`${contact.name} · ${t(`Alarms.Method.${notification.method}`)} · ${notification.address}`}
                disabled={!notification.active}
              />
            )),
        )}
        {contacts.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('Alarms.Contacts.Empty')}
          </Text>
        )}
      </Stack>
    </Checkbox.Group>
  );
}

/**
 * Create an alarm from a template, or edit one (§3 Alarm and rule, §9 templates): the template,
 * the target (a sensor of the area for a set point, a fan for "fan should be running", the area's
 * hardware otherwise), the metric, operator and set point with its unit, the clear value
 * (hysteresis), the fan's start temperature, reset-after, minimum duration, severity, and the
 * contact notifications it tells. On a frost area the fan set points (§9: fuel, battery, RPM,
 * canopy) fill the form in one pick.
 */
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import {
  alarmTemplateTargets,
  LABEL_MAX_LENGTH,
  type Alarm,
  type AlarmTemplate,
  type Area,
  type Contact,
  type Radio,
  type Sensor,
  type Unit,
} from '@paddock/domain';
import { useMemo, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveAlarm } from '../../../data/alarms/save-alarm.ts';
import { useMetrics } from '../../../data/metrics/get-metrics.ts';
import { notify } from '../../../lib/notify.ts';
import {
  alarmBodyOf,
  alarmFormErrors,
  alarmFormOf,
  FAN_PRESETS,
  isFanTemplate,
  isSetPointTemplate,
  newAlarmForm,
  OPERATORS,
  SEVERITIES,
  sensorMetrics,
  targetSensors,
  templateChoices,
  templateLabel,
  watchesSensor,
  withFanPreset,
  withTemplate,
  type AlarmForm,
  type AlarmFormField,
} from '../alarm-form.ts';
import { OPERATOR_SYMBOL } from '../../../components/ui/alarm-state.ts';
import { errorText } from '../error-text.ts';
import { metricUnit } from '../metric-units.ts';

/** The form's fields typed as free text (parsed and checked by alarmFormErrors). */
type TextField =
  'name' | 'threshold' | 'clearValue' | 'startTemperature' | 'resetAfter' | 'minimumDuration';

/** A value's unit shown inside the input's right edge. */
const unitSection = (unit: string | null | undefined) =>
  unit ? { rightSection: <Text size="sm">{unit}</Text>, rightSectionWidth: 48 } : {};

export interface AlarmFormModalProps {
  readonly area: Area;
  /** The alarm edited; a new one when absent. */
  readonly alarm?: Alarm;
  readonly sensors: readonly Sensor[];
  readonly radios: readonly Radio[];
  readonly units: readonly Unit[];
  readonly contacts: readonly Contact[];
  readonly onClose: (saved?: Alarm) => void;
}

export function AlarmFormModal(props: AlarmFormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={() => props.onClose()}
      title={props.alarm ? t('Alarms.Form.EditTitle') : t('Alarms.Form.NewTitle')}
      size="lg"
      centered
    >
      <AlarmFormView {...props} />
    </Modal>
  );
}

function AlarmFormView({
  area,
  alarm,
  sensors,
  radios,
  units,
  contacts,
  onClose,
}: AlarmFormModalProps) {
  const { t } = useTranslation();
  const metrics = useMetrics();
  const save = useSaveAlarm(area.id);
  const [form, setForm] = useState<AlarmForm>(() => (alarm ? alarmFormOf(alarm) : newAlarmForm()));
  const [submitted, setSubmitted] = useState(false);
  const errors = alarmFormErrors(form);
  const shown = (field: AlarmFormField) =>
    submitted && errors[field] ? t(errors[field]) : undefined;
  const set = <K extends AlarmFormField>(field: K, value: AlarmForm[K]) =>
    setForm((current) => ({ ...current, [field]: value }));
  /** A text field's value, change and error, as every text input of the form binds them. */
  const text = (field: TextField) => ({
    value: form[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(field, event.currentTarget.value),
    error: shown(field),
  });

  const setPoint = isSetPointTemplate(form.template);
  const fan = isFanTemplate(form.template);
  const targets = targetSensors(form.template, sensors);
  const sensor = sensors.find((candidate) => candidate.id === form.sensor);
  const metricChoices = useMemo(() => (sensor ? sensorMetrics(sensor) : []), [sensor]);
  const unit = form.path ? metricUnit(form.path, metrics.data) : '';
  const watched = watchesSensor(form.template)
    ? null
    : alarmTemplateTargets(form.template, { radios, units });
  const frost = area.type === 'frost';

  const submit = () => {
    setSubmitted(true);
    if (Object.keys(errors).length > 0) return;
    const body = alarmBodyOf(form, area.id, {
      ...(alarm ? { id: alarm.rule.id, active: alarm.active } : {}),
    });
    save.mutate(alarm ? { id: alarm.id, body } : { id: undefined, body }, {
      onSuccess: (saved) => {
        notify({ level: 'info', message: t('Alarms.Form.Saved', { name: saved.label }) });
        onClose(saved);
      },
    });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        {frost && alarm === undefined && (
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
        )}
        <Select
          label={t('Alarms.Form.Template')}
          data={templateChoices(area).map((template) => ({
            value: String(template),
            label: t(templateLabel(template)),
          }))}
          value={String(form.template)}
          allowDeselect={false}
          disabled={alarm !== undefined}
          onChange={(value) =>
            value !== null &&
            setForm((current) => withTemplate(current, Number(value) as AlarmTemplate))
          }
        />
        <TextInput
          label={t('Alarms.Form.Name')}
          {...text('name')}
          maxLength={LABEL_MAX_LENGTH}
          required
        />
        {watchesSensor(form.template) && (
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
        )}
        {setPoint && (
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
        )}
        {fan && (
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
        )}
        {watched && (
          <Text size="sm" c="dimmed">
            {t('Alarms.Form.Watches', { count: watched.targets.length })}
          </Text>
        )}
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
        <Select
          label={t('Alarms.Form.Severity')}
          data={SEVERITIES.map((severity) => ({
            value: severity,
            label: t(`Alarms.Severity.${severity}`),
          }))}
          value={form.severity}
          allowDeselect={false}
          onChange={(value) => value && set('severity', value as AlarmForm['severity'])}
        />
        <Switch
          checked={form.enabled}
          onChange={(event) => set('enabled', event.currentTarget.checked)}
          label={t('Alarms.Form.Enabled')}
        />
        <Checkbox.Group
          label={t('Alarms.Form.Notifications')}
          description={t('Alarms.Form.NotificationsHint')}
          value={form.notifications.map(String)}
          onChange={(values) => set('notifications', values.map(Number))}
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
        {save.isError && (
          <Alert color="fault" role="alert" title={t('Alarms.Form.SaveFailed')}>
            {errorText(save.error, t)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose()}>
            {t('Common.Cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('Common.Save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Create an alarm from a template, or edit one (§3 Alarm and rule, §9 templates): the template,
 * the target (a sensor of the area for a set point, a fan for "fan should be running", the area's
 * hardware otherwise), the metric, operator and set point with its unit, the clear value
 * (hysteresis), the fan's start temperature, reset-after, minimum duration, severity, and the
 * contact notifications it tells. On a frost area the fan set points (§9: fuel, battery, RPM,
 * canopy) fill the form in one pick.
 */
import { Modal, Select, Switch, Text, TextInput } from '@mantine/core';
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
import { useTranslation } from 'react-i18next';
import { useMetrics } from '../../../data/metrics/get-metrics.ts';
import {
  isFanTemplate,
  isSetPointTemplate,
  SEVERITIES,
  targetSensors,
  templateChoices,
  templateLabel,
  watchesSensor,
  withTemplate,
  type AlarmForm,
} from '../alarm-form.ts';
import { metricUnit } from '../metric-units.ts';
import {
  DurationFields,
  FanPresetSelect,
  FanShouldRunFields,
  NotificationChoices,
  SetPointFields,
  TargetSelect,
} from './alarm-form-sections.tsx';
import { useAlarmForm } from './use-alarm-form.ts';
import { StackedForm } from '../../../components/ui/stacked-form.tsx';
import { SaveFooter } from './save-footer.tsx';

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
  const { form, setForm, set, shown, text, submit, save } = useAlarmForm(area, alarm, onClose);

  const setPoint = isSetPointTemplate(form.template);
  const fan = isFanTemplate(form.template);
  const sensor = sensors.find((candidate) => candidate.id === form.sensor);
  const unit = form.path ? metricUnit(form.path, metrics.data) : '';
  const watched = watchesSensor(form.template)
    ? null
    : alarmTemplateTargets(form.template, { radios, units });
  const frost = area.type === 'frost';

  return (
    <StackedForm onSubmit={submit}>
      {frost && alarm === undefined && <FanPresetSelect sensors={sensors} setForm={setForm} />}
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
        <TargetSelect
          form={form}
          setForm={setForm}
          shown={shown}
          targets={targetSensors(form.template, sensors)}
          fan={fan}
        />
      )}
      {setPoint && (
        <SetPointFields
          form={form}
          set={set}
          shown={shown}
          text={text}
          sensor={sensor}
          unit={unit}
        />
      )}
      {fan && <FanShouldRunFields text={text} />}
      {watched && (
        <Text size="sm" c="dimmed">
          {t('Alarms.Form.Watches', { count: watched.targets.length })}
        </Text>
      )}
      <DurationFields text={text} />
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
      <NotificationChoices
        contacts={contacts}
        value={form.notifications}
        onChange={(notifications) => set('notifications', notifications)}
      />
      <SaveFooter save={save} failedTitle={t('Alarms.Form.SaveFailed')} onCancel={onClose} />
    </StackedForm>
  );
}

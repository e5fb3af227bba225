/**
 * The alarm form's state and its save (§3 Alarm and rule): the fields, their errors (shown only
 * once Save was pressed, so a new form does not open in red), and the save that closes the form
 * with the alarm saved. The mutation lives with the form, so its notice runs while it is open.
 */
import type { Alarm, Area } from '@paddock/domain';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveAlarm } from '../../../data/alarms/save-alarm.ts';
import { notify } from '../../../lib/notify.ts';
import {
  alarmBodyOf,
  alarmFormErrors,
  alarmFormOf,
  newAlarmForm,
  type AlarmForm,
  type AlarmFormField,
} from '../alarm-form.ts';

/** The form's fields typed as free text (parsed and checked by alarmFormErrors). */
export type TextField =
  'name' | 'threshold' | 'clearValue' | 'startTemperature' | 'resetAfter' | 'minimumDuration';

export function useAlarmForm(
  area: Area,
  alarm: Alarm | undefined,
  onClose: (saved?: Alarm) => void,
) {
  const { t } = useTranslation();
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

  return { form, setForm, set, shown, text, submit, save };
}

/** What the form's sections bind to: the state and setters of useAlarmForm. */
export type AlarmFormBinding = ReturnType<typeof useAlarmForm>;

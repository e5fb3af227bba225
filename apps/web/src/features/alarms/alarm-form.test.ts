import { ALARM_TEMPLATES, type Alarm } from '@paddock/domain';
import { describe, expect, it } from 'vitest';
import {
  alarmBodyOf,
  alarmFormErrors,
  alarmFormOf,
  newAlarmForm,
  withTemplate,
  type AlarmForm,
} from './alarm-form.ts';

const setPoint = (overrides: Partial<AlarmForm> = {}): AlarmForm => ({
  ...newAlarmForm(ALARM_TEMPLATES.simpleSetPoint),
  sensor: 12,
  path: 'soil.moisture',
  threshold: '30',
  ...overrides,
});

describe('the alarm form', () => {
  it('starts from the template: its name, severity and reset-after (§9)', () => {
    expect(newAlarmForm(ALARM_TEMPLATES.anyRadioOverdue)).toMatchObject({
      name: 'Any radio overdue',
      severity: 'warning',
      resetAfter: '24:00:00',
    });
    expect(newAlarmForm(ALARM_TEMPLATES.anyCoordinatorOverdue).severity).toBe('critical');
    expect(newAlarmForm(ALARM_TEMPLATES.anySetPoint).resetAfter).toBe('00:30:00');
    expect(newAlarmForm(ALARM_TEMPLATES.allUnitOverdue).resetAfter).toBe('');
  });

  it('takes the new template’s defaults, keeping a name the user typed', () => {
    const typed = { ...newAlarmForm(), name: 'Block A dry', sensor: 4, path: 'soil.moisture' };
    expect(withTemplate(typed, ALARM_TEMPLATES.anyUnitOverdue)).toMatchObject({
      name: 'Block A dry',
      severity: 'critical',
      resetAfter: '24:00:00',
      sensor: null,
      path: '',
    });
    expect(withTemplate(newAlarmForm(), ALARM_TEMPLATES.anyRadioOverdue).name).toBe(
      'Any radio overdue',
    );
  });

  it.each<[string, Partial<AlarmForm>, string, string]>([
    ['no sensor', { sensor: null }, 'sensor', 'Alarms.Form.TargetRequired'],
    ['no metric', { path: '' }, 'path', 'Alarms.Form.MetricRequired'],
    ['no set point', { threshold: ' ' }, 'threshold', 'Alarms.Form.ThresholdRequired'],
    ['a set point in words', { threshold: 'thirty' }, 'threshold', 'Alarms.Form.ThresholdRequired'],
    [
      'a clear value above a greaterThan set point',
      { clearValue: '31' },
      'clearValue',
      'Alarms.Form.ClearValueSide',
    ],
    [
      'a reset-after not HH:MM:SS',
      { resetAfter: '30 min' },
      'resetAfter',
      'Alarms.Form.DurationInvalid',
    ],
    ['a blank name', { name: '  ' }, 'name', 'Alarms.Form.NameRequired'],
  ])('refuses %s (§5)', (_, change, field, message) => {
    expect(alarmFormErrors(setPoint(change))).toEqual({ [field]: message });
  });

  it('accepts a decimal comma and a clear value on the safe side', () => {
    expect(alarmFormErrors(setPoint({ threshold: '30,5', clearValue: '28' }))).toEqual({});
    expect(
      alarmFormErrors(setPoint({ operator: 'lessThan', threshold: '10', clearValue: '12' })),
    ).toEqual({});
  });

  it('needs no target, metric or set point for an overdue template', () => {
    expect(alarmFormErrors(newAlarmForm(ALARM_TEMPLATES.anyRadioOverdue))).toEqual({});
  });

  it('sends a simple set point on its sensor with hysteresis and minimum duration', () => {
    const body = alarmBodyOf(
      setPoint({ clearValue: '28', minimumDuration: '00:05:00', notifications: [3, 5] }),
      7,
    );
    expect(body).toEqual({
      active: true,
      notifications: [3, 5],
      rule: {
        name: 'Set point',
        severity: 'warning',
        target: 12,
        targetType: 'sensor',
        enabled: true,
        template: 1,
        conditions: {
          all: [
            { type: 'streamData', path: 'soil.moisture', operator: 'greaterThan', value: 30 },
            { type: 'status' },
          ],
        },
        resetAfter: null,
        clearValue: 28,
        minimumDuration: '00:05:00',
      },
    });
  });

  it('sends an overdue template on the area with the digital overdue condition (§9)', () => {
    const body = alarmBodyOf(newAlarmForm(ALARM_TEMPLATES.anyCoordinatorOverdue), 7);
    expect(body.rule).toMatchObject({
      target: 7,
      targetType: 'area',
      severity: 'critical',
      resetAfter: '24:00:00',
      conditions: { all: [{ path: 'overdue', operator: 'equal', value: 1 }, { type: 'status' }] },
    });
    expect(body.rule).not.toHaveProperty('clearValue');
  });

  it('reads a saved alarm back into the form and keeps the rule id on save', () => {
    const saved = {
      ...alarmBodyOf(setPoint({ clearValue: '28' }), 7),
      id: 40,
      area: 7,
      site: 1,
      label: 'Block A dry',
      threshold: 30,
      operator: 'greaterThan',
    } as unknown as Alarm;
    (saved.rule as { id?: number }).id = 40;
    const form = alarmFormOf(saved);
    expect(form).toMatchObject({
      name: 'Block A dry',
      sensor: 12,
      threshold: '30',
      clearValue: '28',
    });
    expect(alarmBodyOf(form, 7, { id: 40, active: false })).toMatchObject({
      active: false,
      rule: { id: 40, name: 'Block A dry' },
    });
  });

  it('keeps the sensor for another set-point template, the area for an overdue one', () => {
    const form = setPoint();
    expect(withTemplate(form, ALARM_TEMPLATES.anySetPoint)).toMatchObject({ sensor: 12 });
    expect(alarmBodyOf(withTemplate(form, ALARM_TEMPLATES.anySetPoint), 7).rule).toMatchObject({
      target: 12,
      targetType: 'sensor',
      template: 2,
      resetAfter: '00:30:00',
    });
  });
});

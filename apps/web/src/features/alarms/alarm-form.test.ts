import { ALARM_TEMPLATES, FAN_SET_POINT_PRESETS, type Alarm, type Sensor } from '@paddock/domain';
import { describe, expect, it } from 'vitest';
import {
  alarmBodyOf,
  alarmFormErrors,
  alarmFormOf,
  newAlarmForm,
  targetSensors,
  templateChoices,
  withFanPreset,
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

const device = (
  id: number,
  type: Sensor['type'],
  metrics: string[],
  identifier?: string,
): Sensor => ({
  id,
  type,
  radio: 1,
  unit: null,
  location: null,
  tags: identifier ? { identifier } : {},
  topics: metrics.map((metric) => ({ metric, type: 'analog', lastValue: 1, timestamp: null })),
  label: `Sensor ${id}`,
  serialno: `S-${id}`,
});
const soil = device(1, 'soilMoisture', ['soil.moisture']);
const canopy = device(2, 'temperature', ['temperature'], 'canopy');
const fan = device(3, 'external', ['fan.rpm', 'fan.fuelLevel', 'fan.battery'], 'frostFan');

describe('the alarm form on a frost area (issue 15)', () => {
  it('offers "fan should be running" on frost areas only', () => {
    expect(templateChoices({ type: 'frost' })).toContain(ALARM_TEMPLATES.fanShouldRun);
    expect(templateChoices({ type: 'irrigation' })).not.toContain(ALARM_TEMPLATES.fanShouldRun);
  });

  it('builds a critical rule on the fan with its grace and start temperature', () => {
    const form: AlarmForm = {
      ...newAlarmForm(ALARM_TEMPLATES.fanShouldRun),
      sensor: fan.id,
      startTemperature: '0,5',
    };
    expect(targetSensors(form.template, [soil, canopy, fan])).toEqual([fan]);
    expect(alarmFormErrors(form)).toEqual({});
    const body = alarmBodyOf(form, 9);
    expect(body.rule).toMatchObject({
      template: ALARM_TEMPLATES.fanShouldRun,
      target: fan.id,
      targetType: 'sensor',
      severity: 'critical',
      minimumDuration: '00:05:00',
      startTemperature: 0.5,
    });
    expect(body.rule.conditions.all[0]).toMatchObject({ path: 'fan.rpm', value: 0 });
    // Blank start temperature: the site's frost rules decide.
    expect(alarmBodyOf({ ...form, startTemperature: '' }, 9).rule.startTemperature).toBeUndefined();
  });

  it('wants the fan, and a start temperature in range', () => {
    const form = newAlarmForm(ALARM_TEMPLATES.fanShouldRun);
    expect(alarmFormErrors(form).sensor).toBe('Alarms.Form.FanRequired');
    expect(alarmFormErrors({ ...form, sensor: 3, startTemperature: '20' })).toEqual({
      startTemperature: 'Alarms.Form.StartRange',
    });
  });

  it('fills a fan set point from a preset, on a fan or on the canopy', () => {
    const fuel = FAN_SET_POINT_PRESETS.find((preset) => preset.name === 'Fuel empty');
    const frozen = FAN_SET_POINT_PRESETS.find((preset) => preset.canopy);
    if (!fuel || !frozen) throw new Error('presets missing');
    const filled = withFanPreset(newAlarmForm(), fuel, 'Kraftstoff leer', [soil, canopy, fan]);
    expect(filled).toMatchObject({
      template: ALARM_TEMPLATES.simpleSetPoint,
      name: 'Kraftstoff leer',
      sensor: fan.id,
      path: 'fan.fuelLevel',
      operator: 'lessThan',
      threshold: '12',
      severity: 'critical',
    });
    expect(alarmFormErrors(filled)).toEqual({});
    expect(withFanPreset(filled, frozen, 'Canopy', [soil, canopy, fan])).toMatchObject({
      sensor: canopy.id,
      path: 'temperature',
      threshold: '0',
    });
  });
});

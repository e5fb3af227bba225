import { describe, expect, it } from 'vitest';
import {
  ALARM_TEMPLATES,
  FAN_SHOULD_RUN_GRACE,
  alarmRuleFromTemplate,
} from '../constants/alarm-templates.ts';
import type { AlarmRule } from '../entities/alarm.ts';
import { FROST_RULE_PRESETS } from '../frost/rules.ts';
import {
  FAN_SHOULD_RUN_CLEAR_MARGIN_C,
  fanCanopyTemperature,
  fanStartTemperature,
  readFanShouldRun,
} from './fan-should-run.ts';
import { NORMAL_MEMORY, stepAlarm, type AlarmMemory, type AlarmTransition } from './rules.ts';

const rule = (extra: Partial<AlarmRule> = {}): AlarmRule => ({
  ...alarmRuleFromTemplate(ALARM_TEMPLATES.fanShouldRun, { target: 7, targetType: 'sensor' }),
  id: 1,
  ...extra,
});

const at = (minute: number) => new Date(Date.UTC(2026, 6, 10, 3, minute));

/** Runs the rule over readings a minute apart; returns each step's transition. */
function run(
  alarmRule: AlarmRule,
  readings: readonly { rpm: number | null; canopy: number | null }[],
  start = 1,
) {
  let memory: AlarmMemory = { ...NORMAL_MEMORY };
  const transitions: (AlarmTransition | null)[] = [];
  readings.forEach((reading, minute) => {
    const step = stepAlarm(
      alarmRule,
      memory,
      readFanShouldRun(alarmRule, { ...reading, startTemperature: start }),
      at(minute),
    );
    memory = step.memory;
    transitions.push(step.transition);
  });
  return { transitions, memory };
}

const stopped = (canopy: number) => ({ rpm: 0, canopy });
const running = (canopy: number) => ({ rpm: 2350, canopy });

describe('the fanShouldRun template', () => {
  it('builds a critical rule on the fan, RPM at 0, with the grace as its minimum duration', () => {
    const built = rule({ startTemperature: 0.5 });
    expect(built.severity).toBe('critical');
    expect(built.conditions.all[0]).toEqual({
      type: 'streamData',
      path: 'fan.rpm',
      operator: 'equal',
      value: 0,
    });
    expect(built.minimumDuration).toBe(FAN_SHOULD_RUN_GRACE);
    expect(built.resetAfter).toBeNull();
    expect(built.startTemperature).toBe(0.5);
  });

  it('judges by its own start temperature, else the site frost rules', () => {
    const site = FROST_RULE_PRESETS.marlboroughConsent;
    expect(fanStartTemperature(rule({ startTemperature: -0.5 }), site)).toBe(-0.5);
    expect(fanStartTemperature(rule(), site)).toBe(1);
  });

  it("reads the fan's own canopy, else the area's coldest", () => {
    expect(fanCanopyTemperature(2.1, [0.3, -1])).toBe(2.1);
    expect(fanCanopyTemperature(null, [0.3, null, -1])).toBe(-1);
    expect(fanCanopyTemperature(null, [null])).toBeNull();
  });
});

describe('readFanShouldRun', () => {
  it('raises for a stopped fan at or below the start temperature, not above it', () => {
    expect(readFanShouldRun(rule(), { rpm: 0, canopy: 1, startTemperature: 1 })).toEqual({
      raise: true,
      clear: false,
    });
    expect(readFanShouldRun(rule(), { rpm: 0, canopy: 1.2, startTemperature: 1 })?.raise).toBe(
      false,
    );
  });

  it('never raises for a running fan, however cold', () => {
    expect(readFanShouldRun(rule(), { rpm: 2300, canopy: -3, startTemperature: 1 })).toEqual({
      raise: false,
      clear: true,
    });
  });

  it('has nothing to say without an RPM or a canopy temperature', () => {
    expect(readFanShouldRun(rule(), { rpm: null, canopy: -1, startTemperature: 1 })).toBeNull();
    expect(readFanShouldRun(rule(), { rpm: 0, canopy: null, startTemperature: 1 })).toBeNull();
  });

  it("clears above the start temperature plus the margin, or the rule's clear value", () => {
    const input = { rpm: 0, startTemperature: 1 };
    const margin = 1 + FAN_SHOULD_RUN_CLEAR_MARGIN_C;
    expect(readFanShouldRun(rule(), { ...input, canopy: margin })?.clear).toBe(false);
    expect(readFanShouldRun(rule(), { ...input, canopy: margin + 0.1 })?.clear).toBe(true);
    expect(readFanShouldRun(rule({ clearValue: 3 }), { ...input, canopy: 2 })?.clear).toBe(false);
    expect(readFanShouldRun(rule({ clearValue: 3 }), { ...input, canopy: 3.1 })?.clear).toBe(true);
  });
});

describe('fanShouldRun through the state machine (grace 5 minutes)', () => {
  it('raises once the stopped fan has stood in the cold for the grace, not before', () => {
    const { transitions } = run(rule(), [
      stopped(1.5),
      stopped(1),
      stopped(0.8),
      stopped(0.6),
      stopped(0.5),
      stopped(0.4),
      stopped(0.3),
      stopped(0.2),
    ]);
    // Cold from minute 1; raised at minute 6, five minutes on; once.
    expect(transitions).toEqual([null, null, null, null, null, null, 'raised', null]);
  });

  it('does not raise when the fan starts within the grace', () => {
    const { transitions } = run(rule(), [
      stopped(1),
      stopped(0.8),
      stopped(0.6),
      running(0.5),
      running(0.7),
      running(1.4),
      running(1.6),
    ]);
    expect(transitions.every((transition) => transition === null)).toBe(true);
  });

  it('clears when the fan starts', () => {
    const { transitions, memory } = run(rule(), [
      ...Array.from({ length: 6 }, () => stopped(0)),
      running(0),
    ]);
    expect(transitions.slice(5)).toEqual(['raised', 'cleared']);
    expect(memory.status).toBe('normal');
  });

  it('clears when the canopy warms past the margin with the fan still stopped', () => {
    const { transitions } = run(rule(), [
      ...Array.from({ length: 6 }, () => stopped(0)),
      stopped(1.2),
      stopped(1.6),
    ]);
    expect(transitions.slice(5)).toEqual(['raised', null, 'cleared']);
  });

  it('does not flap while the canopy hovers about the start temperature', () => {
    const hovering = [0.9, 1.1, 0.95, 1.3, 1, 1.4, 0.8, 1.2, 1, 1.5];
    const { transitions, memory } = run(rule(), [
      ...Array.from({ length: 6 }, () => stopped(0.5)),
      ...hovering.map(stopped),
    ]);
    expect(transitions.filter((t) => t !== null)).toEqual(['raised']);
    expect(memory.status).toBe('raised');
  });

  it('starts the grace again after the canopy rose above the start temperature', () => {
    const { transitions } = run(rule(), [
      stopped(1),
      stopped(0.9),
      stopped(0.8),
      stopped(1.3),
      stopped(0.9),
      stopped(0.8),
      stopped(0.7),
      stopped(0.6),
      stopped(0.5),
    ]);
    // Three cold minutes, a warm one that resets the grace, then four cold: never five in a row.
    expect(transitions.every((transition) => transition === null)).toBe(true);
  });
});

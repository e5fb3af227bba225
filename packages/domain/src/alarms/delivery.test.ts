import { describe, expect, it } from 'vitest';
import {
  alarmMessage,
  deliveryTime,
  escalationPlan,
  isWorkingHours,
  nextWorkingStart,
} from './delivery.ts';

const AUCKLAND = 'Pacific/Auckland';

describe('quiet hours in the site time zone', () => {
  it('reads the wall clock of the site, not of the server', () => {
    // 2026-01-15 18:00 UTC is 07:00 NZDT next day (UTC+13): working hours.
    expect(isWorkingHours(new Date('2026-01-15T18:00:00Z'), AUCKLAND)).toBe(true);
    // 2026-07-15 18:00 UTC is 06:00 NZST (UTC+12) too; 16:30 UTC is 04:30: quiet.
    expect(isWorkingHours(new Date('2026-07-15T16:30:00Z'), AUCKLAND)).toBe(false);
  });

  it('holds a message until six on the wall clock, across daylight saving', () => {
    // NZ daylight saving starts 2026-09-27 02:00 → 03:00. 01:00 NZST on the 27th is 13:00 UTC 26th.
    const night = new Date('2026-09-26T13:00:00Z');
    // 06:00 NZDT (UTC+13) on the 27th is 17:00 UTC on the 26th.
    expect(nextWorkingStart(night, AUCKLAND).toISOString()).toBe('2026-09-26T17:00:00.000Z');
    // After work (21:00 NZST 2026-07-15 = 09:00 UTC) → 06:00 NZST on the 16th = 18:00 UTC 15th.
    expect(nextWorkingStart(new Date('2026-07-15T09:00:00Z'), AUCKLAND).toISOString()).toBe(
      '2026-07-15T18:00:00.000Z',
    );
  });

  const night = new Date('2026-07-15T16:30:00Z');
  it.each([
    [false, false, 'warning', true],
    [true, false, 'warning', false],
    [false, true, 'warning', true],
    [false, true, 'critical', false],
    [false, false, 'critical', true],
  ] as const)(
    'afterhours %s, critical passes %s, %s: held %s',
    (afterhours, criticalAfterhours, severity, held) => {
      expect(deliveryTime(night, AUCKLAND, { afterhours, criticalAfterhours, severity }).held).toBe(
        held,
      );
    },
  );
});

describe('escalation plan', () => {
  it('runs the steps after each wait, then reminder rounds', () => {
    const plan = escalationPlan({
      steps: [
        { contact: 1, method: 'sms', waitMinutes: 5 },
        { contact: 2, method: 'voice', waitMinutes: 10 },
      ],
      repeat: 1,
      repeatMinutes: 30,
    });
    expect(plan.map((s) => [s.contact, s.round, s.offsetMs / 60_000])).toEqual([
      [1, 0, 0],
      [2, 0, 5],
      [1, 1, 35],
      [2, 1, 40],
    ]);
  });
  it('is empty without steps', () => {
    expect(escalationPlan({ steps: [], repeat: 3, repeatMinutes: 5 })).toEqual([]);
  });
});

describe('messages', () => {
  const part = {
    label: 'Block A soil moisture low',
    area: 'Block A',
    severity: 'warning' as const,
    value: 12,
    kind: 'raised' as const,
    ackUrl: 'http://x/ack/t',
  };
  it('groups several alarms into one', () => {
    const { subject, text } = alarmMessage('Farm', [part, { ...part, label: 'Pump' }], 'sms');
    expect(subject).toBe('2 alarms at Farm');
    expect(text.split('Acknowledge:')).toHaveLength(3);
  });
  it('asks for 1 on a call', () => {
    expect(alarmMessage('Farm', [part], 'voice').text).toMatch(/Press 1 to acknowledge\.$/);
  });
  it('carries the sentence a raise adds after the alarm’s line', () => {
    const forecast = { ...part, label: 'Frost forecast', detail: 'Forecast minimum -1.0 °C' };
    for (const method of ['sms', 'email', 'voice'] as const) {
      expect(alarmMessage('Farm', [forecast], method).text).toContain(
        'Block A: Frost forecast (12). Forecast minimum -1.0 °C',
      );
    }
  });
});

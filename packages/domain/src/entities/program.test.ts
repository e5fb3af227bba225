import { describe, expect, it } from 'vitest';
import { buildProgram, buildProgramZone } from '../testing/factories.ts';
import {
  controlConfigSchema,
  programActionBodySchema,
  programActionResponseSchema,
  programSchema,
  programScheduleSchema,
  programStatusSchema,
  programUpdateBodySchema,
  programVariationSchema,
  programWithinBounds,
  programZoneSchema,
  zoneApplicationSchema,
  zoneSettingSchema,
} from './program.ts';

const running = {
  activity: 'running',
  startTime: '2024-09-01T06:00:00+12:00',
  endTime: '2024-09-01T09:30:00+12:00',
  stoppedTime: null,
  requestActive: false,
  requestId: 1042,
};

describe('§3 program status', () => {
  it.each([
    ['a running program', running, true],
    ['a never-run program (times absent)', { activity: 'stopped', requestActive: false }, true],
    ['a start in flight', { ...running, activity: 'starting', requestActive: true }, true],
    ['an unknown activity', { ...running, activity: 'watering' }, false],
    ['a local time without offset', { ...running, startTime: '2024-09-01T06:00:00' }, false],
    ['no requestActive', { activity: 'paused' }, false],
  ])('%s is accepted: %s', (_why, value, ok) => {
    expect(programStatusSchema.safeParse(value).success).toBe(ok);
  });
});

describe('§3 program schedule', () => {
  const schedule = buildProgram().schedule;

  it.each([
    ['the factory schedule', schedule, true],
    ['four sequences', { ...schedule, sequences: [[100], [101], [102], [103]] }, true],
    [
      'five sequences (§9 sequences per program 4)',
      { ...schedule, sequences: [[1], [2], [3], [4], [5]] },
      false,
    ],
    ['a section id of 0 in a sequence', { ...schedule, sequences: [[0]] }, false],
    ['pump attachments', { ...schedule, attachments: [501, 502] }, true],
    ['no manual flag', { ...schedule, manual: undefined }, false],
  ])('%s is accepted: %s', (_why, value, ok) => {
    expect(programScheduleSchema.safeParse(value).success).toBe(ok);
  });

  it.each([
    [{ id: 500, variation: -20, exclude: false }, true],
    [{ id: 500, variation: 0, exclude: true }, true],
    [{ id: 500, variation: -120, exclude: false }, false],
    [{ id: 500, variation: 1e308, exclude: false }, false],
    [{ id: 500, variation: 10 }, false],
  ])('§4 control config %j is accepted: %s', (value, ok) => {
    expect(controlConfigSchema.safeParse(value).success).toBe(ok);
  });

  it.each([
    [{ id: 500, variation: 10 }, 'invalid control configuration'],
    [{ id: 500, exclude: true, variation: null }, 'invalid control configuration'],
    [{ id: 500, variation: -120, exclude: false }, 'Too small: expected number to be >=-100'],
  ])('§8 control config %j is refused with %j', (value, message) => {
    expect(controlConfigSchema.safeParse(value).error?.issues[0]?.message).toBe(message);
  });

  it.each([
    [{ id: 100, variation: 25, manual: true }, true],
    [{ id: 100, variation: 25 }, false],
  ])('§3 variation %j is accepted: %s', (value, ok) => {
    expect(programVariationSchema.safeParse(value).success).toBe(ok);
  });
});

describe('§3 zone application and setting', () => {
  const zone = buildProgramZone();

  it.each([
    ['the factory application', zone.application, true],
    [
      'a last cycle flag (ours, §4 irrigation colour)',
      { ...zone.application, lastCycle: false, irrigated: true },
      true,
    ],
    ['a pivot irrigation type', { ...zone.application, irrigationType: 'pivotZone' }, false],
    ['a negative cycle count', { ...zone.application, cycleCount: -1 }, false],
    ['an unknown status', { ...zone.application, status: 'irrigated' }, false],
  ])('%s is accepted: %s', (_why, value, ok) => {
    expect(zoneApplicationSchema.safeParse(value).success).toBe(ok);
  });

  it.each([
    ['the factory setting', zone.setting, true],
    [
      '12 mm in 3 cycles, repeating every 24 h twice',
      { ...zone.setting, depth: 12, cycles: 3, repeat: true, repeatInterval: 24, repeatCount: 2 },
      true,
    ],
    ['a negative depth', { ...zone.setting, depth: -1 }, false],
    ['fractional cycles', { ...zone.setting, cycles: 1.5 }, false],
    ['no banned flag', { ...zone.setting, banned: undefined }, false],
    // Every number bounded and finite (limits.ts): none can make a run endless.
    ['the deepest run, 200 mm', { ...zone.setting, depth: 200, applicationRate: 10 }, true],
    ['201 mm', { ...zone.setting, depth: 201, applicationRate: 10 }, false],
    ['an infinite depth', { ...zone.setting, depth: Number.POSITIVE_INFINITY }, false],
    ['a depth of 1e308', { ...zone.setting, depth: 1e308 }, false],
    ['a variation of +100 %', { ...zone.setting, variation: 100 }, true],
    ['a variation of 1e308 %', { ...zone.setting, variation: 1e308 }, false],
    ['a variation NaN', { ...zone.setting, variation: Number.NaN }, false],
    ['24 cycles', { ...zone.setting, cycles: 24 }, true],
    ['25 cycles', { ...zone.setting, cycles: 25 }, false],
    ['24 repeats a week apart', { ...zone.setting, repeatCount: 24, repeatInterval: 168 }, true],
    ['25 repeats', { ...zone.setting, repeatCount: 25 }, false],
    ['repeats 169 hours apart', { ...zone.setting, repeatInterval: 169 }, false],
    ['a rate of 0.1 mm/h on 4.8 mm', { ...zone.setting, depth: 4.8, applicationRate: 0.1 }, true],
    ['a rate of 1e-300 mm/h', { ...zone.setting, applicationRate: 1e-300 }, false],
    ['a rate of 100,001 mm/h', { ...zone.setting, applicationRate: 100_001 }, false],
    ['a run of more than 48 hours', { ...zone.setting, depth: 4.9, applicationRate: 0.1 }, false],
  ])('%s is accepted: %s', (_why, value, ok) => {
    expect(zoneSettingSchema.safeParse(value).success).toBe(ok);
  });

  it('names the depth when a run would last more than 48 hours', () => {
    const result = zoneSettingSchema.safeParse({ ...zone.setting, depth: 200, applicationRate: 1 });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['depth']]);
  });

  it('a zone needs its application and setting', () => {
    expect(programZoneSchema.safeParse(zone).success).toBe(true);
    expect(programZoneSchema.safeParse({ id: 100, setting: zone.setting }).success).toBe(false);
  });
});

describe('§3 program', () => {
  it('parses a running program of a Hawke’s Bay vineyard', () => {
    const program = buildProgram({ status: programStatusSchema.parse(running) });
    expect(programSchema.parse(program)).toEqual(program);
  });

  it.each([
    ['an empty name', { name: '' }],
    ['no area', { area: undefined }],
    ['a modified date that is not ISO', { modified: '1 Sep 2024' }],
  ])('refuses %s', (_why, overrides) => {
    expect(programSchema.safeParse({ ...buildProgram(), ...overrides }).success).toBe(false);
  });
});

describe('§7 PUT programs/{id}', () => {
  const { schedule, zones } = buildProgram();

  it.each([
    ['a rename', { name: 'Night run' }, true],
    ['a sequence edit', { schedule }, true],
    ['a depth edit', { zones }, true],
    ['all three', { name: 'Night run', schedule, zones }, true],
    ['an empty body', {}, false],
    ['only unknown keys', { area: 10 }, false],
    ['an empty name', { name: '' }, false],
  ])('%s is accepted: %s', (_why, body, ok) => {
    expect(programUpdateBodySchema.safeParse(body).success).toBe(ok);
  });
});

describe('§7 POST programs/{id}/start|resume|pause|test', () => {
  it.each([
    ['no body fields', {}, true],
    ['a start time', { startTime: '2024-09-02T05:00:00+12:00' }, true],
    ['some zones', { zones: [100, 101] }, true],
    ['a request to follow up', { requestId: 1042 }, true],
    ['an empty zone list', { zones: [] }, false],
    ['a start time without offset', { startTime: '2024-09-02 05:00' }, false],
    ['a text request id', { requestId: 'abc' }, false],
  ])('%s is accepted: %s', (_why, body, ok) => {
    expect(programActionBodySchema.safeParse(body).success).toBe(ok);
  });

  it.each([
    [{ status: 'new', requestId: 1042 }, true],
    [{ status: 'started', requestId: 1042 }, false],
    [{ status: 'new' }, false],
  ])('response %j is accepted: %s', (value, ok) => {
    expect(programActionResponseSchema.safeParse(value).success).toBe(ok);
  });
});

describe('a program stored before its numbers were bounded', () => {
  it('leaves a program in range as it is', () => {
    const program = buildProgram();
    expect(programWithinBounds(program)).toEqual(program);
  });

  it('brings every number into range, so it parses and can be edited', () => {
    const program = buildProgram();
    const [zone] = program.zones;
    if (!zone) throw new Error('the factory program has a zone');
    const stored = {
      ...program,
      schedule: {
        ...program.schedule,
        variations: [{ id: zone.id, variation: 1e308, manual: false }],
        controls: [{ id: 500, variation: -1e308, exclude: true }],
      },
      zones: [
        {
          ...zone,
          application: { ...zone.application, cycleCount: 1e9 },
          setting: {
            ...zone.setting,
            // JSON keeps an infinite number as null.
            depth: null as unknown as number,
            variation: 1e308,
            cycles: 2.5e9,
            applicationRate: 1e-300,
            repeatInterval: 1e308,
            repeatCount: -4,
          },
        },
      ],
    };
    const within = programWithinBounds(stored);
    expect(programSchema.safeParse(within).success).toBe(true);
    expect(within.schedule.variations[0]?.variation).toBe(100);
    expect(within.schedule.controls[0]?.variation).toBe(-100);
    expect(within.zones[0]?.setting).toMatchObject({
      depth: 0,
      variation: 100,
      cycles: 24,
      applicationRate: 0.1,
      repeatInterval: 168,
      repeatCount: 0,
    });
    expect(within.zones[0]?.application.cycleCount).toBe(24);
  });

  it('shortens a run longer than the bounds allow by its depth', () => {
    const zone = buildProgramZone();
    const program = buildProgram({
      zones: [{ ...zone, setting: { ...zone.setting, depth: 200, applicationRate: 1 } }],
    });
    const within = programWithinBounds(program);
    expect(programSchema.safeParse(within).success).toBe(true);
    expect(within.zones[0]?.setting.depth).toBe(48);
  });
});

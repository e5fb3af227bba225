import { InvalidControlConfigurationError } from '@paddock/domain';
import { buildProgram, buildProgramZone } from '@paddock/domain/testing';
import { describe, expect, it } from 'vitest';
import {
  checkZoneSetting,
  controlConfigBody,
  programSettingsBody,
  sequencesBody,
  skipZoneBody,
  zoneSettingBody,
} from './program-edits.ts';

const zone = (id: number, setting = {}) => {
  const base = buildProgramZone();
  return { ...base, id, setting: { ...base.setting, id, ...setting } };
};

const program = buildProgram({
  schedule: {
    manual: false,
    attachments: [101],
    sequences: [[1, 2], [3], [4]],
    variations: [],
    controls: [{ id: 500, variation: 10, exclude: false }],
  },
  zones: [zone(1), zone(2, { repeat: true, repeatInterval: 12, repeatCount: 2 }), zone(3), zone(4)],
});

describe('zone setting edits (§3 depth, variation, cycle, repeat, zone config)', () => {
  it('replaces only the edited zone setting and irrigation type', () => {
    const body = zoneSettingBody(program, 1, { depth: 14, cycles: 3 }, 'singleSprinklerZone');
    expect(body.schedule).toBeUndefined();
    expect(body.zones?.[0]?.setting).toMatchObject({ id: 1, depth: 14, cycles: 3 });
    expect(body.zones?.[0]?.application.irrigationType).toBe('singleSprinklerZone');
    expect(body.zones?.[1]).toBe(program.zones[1]);
  });

  it('checks a setting with the domain schema', () => {
    const { setting } = zone(1);
    expect(checkZoneSetting(setting)).toEqual([]);
    const issues = checkZoneSetting({ ...setting, depth: -1, cycles: 1.5, variation: -120 });
    expect(issues.map((issue) => issue.field).sort()).toEqual(['cycles', 'depth', 'variation']);
  });
});

describe('skip (§3 action, on a §4 skippable zone)', () => {
  it('drops the repeats still to come of a zone with repeats', () => {
    const body = skipZoneBody(program, 2);
    expect(body.zones?.[1]?.setting).toMatchObject({ repeatCount: 0, manual: false });
  });

  it('makes a stopped zone manual, so the program passes it by', () => {
    expect(skipZoneBody(program, 1).zones?.[0]?.setting.manual).toBe(true);
  });
});

describe('sequence membership (§3 sequence and zones edits, §9 at most 4)', () => {
  it('keeps the order of zones that stay and appends zones that move in', () => {
    const body = sequencesBody(program, new Map([[3, 0]]));
    expect(body.schedule?.sequences).toEqual([[1, 2, 3], [4]]);
  });

  it('takes a zone out of every sequence (banned) and drops emptied sequences', () => {
    const body = sequencesBody(
      program,
      new Map([
        [4, null],
        [1, 3],
      ]),
    );
    expect(body.schedule?.sequences).toEqual([[2], [3], [1]]);
  });

  it('changes nothing else of the schedule', () => {
    const body = sequencesBody(program, new Map());
    expect(body.schedule).toEqual(program.schedule);
  });
});

describe('control config (§4 rule)', () => {
  it('adds a config that changes something', () => {
    const body = controlConfigBody(program, { id: 501, variation: 0, exclude: true });
    expect(body.schedule?.controls).toEqual([
      { id: 500, variation: 10, exclude: false },
      { id: 501, variation: 0, exclude: true },
    ]);
  });

  it('removes a config that changes nothing', () => {
    const body = controlConfigBody(program, { id: 500, variation: 0, exclude: false });
    expect(body.schedule?.controls).toEqual([]);
  });

  it("refuses a config without both values: 'invalid control configuration'", () => {
    expect(() => controlConfigBody(program, { id: 500, exclude: true })).toThrow(
      InvalidControlConfigurationError,
    );
    expect(() => controlConfigBody(program, { id: 500, exclude: true })).toThrow(
      'invalid control configuration',
    );
  });
});

describe('program settings (§3 schedule and pumps)', () => {
  it('sends the name only when it changed, and the manual flag and pumps', () => {
    const same = programSettingsBody(program, {
      name: ` ${program.name} `,
      manual: true,
      attachments: [],
    });
    expect(same.name).toBeUndefined();
    expect(same.schedule).toMatchObject({ manual: true, attachments: [] });
    expect(
      programSettingsBody(program, { name: 'Night', manual: false, attachments: [101] }).name,
    ).toBe('Night');
  });
});

import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { alarmRuleSchema, alarmSchema } from '../entities/alarm.ts';
import { areaSchema } from '../entities/area.ts';
import { contactSchema } from '../entities/contact.ts';
import { controlSchema } from '../entities/control.ts';
import { eventSchema } from '../entities/event.ts';
import { programSchema, programZoneSchema } from '../entities/program.ts';
import { radioSchema } from '../entities/radio.ts';
import { actionRequestSchema } from '../entities/request.ts';
import { sectionSchema } from '../entities/section.ts';
import { sensorSchema } from '../entities/sensor.ts';
import { siteSchema } from '../entities/site.ts';
import { unitSchema } from '../entities/unit.ts';
import { userSchema } from '../entities/user.ts';
import { weatherSensorSchema } from '../entities/weather-sensor.ts';
import {
  buildActionRequest,
  buildAlarm,
  buildAlarmRule,
  buildArea,
  buildContact,
  buildControl,
  buildEvent,
  buildProgram,
  buildProgramZone,
  buildRadio,
  buildSection,
  buildSensor,
  buildSite,
  buildUnit,
  buildUser,
  buildWeatherSensor,
} from './factories.ts';

const cases: [string, () => unknown, z.ZodType][] = [
  ['buildSite', buildSite, siteSchema],
  ['buildArea', buildArea, areaSchema],
  ['buildSection', buildSection, sectionSchema],
  ['buildRadio', buildRadio, radioSchema],
  ['buildUnit', buildUnit, unitSchema],
  ['buildSensor', buildSensor, sensorSchema],
  ['buildControl', buildControl, controlSchema],
  ['buildProgramZone', buildProgramZone, programZoneSchema],
  ['buildProgram', buildProgram, programSchema],
  ['buildContact', buildContact, contactSchema],
  ['buildUser', buildUser, userSchema],
  ['buildAlarmRule', buildAlarmRule, alarmRuleSchema],
  ['buildAlarm', buildAlarm, alarmSchema],
  ['buildWeatherSensor', buildWeatherSensor, weatherSensorSchema],
  ['buildActionRequest', buildActionRequest, actionRequestSchema],
  ['buildEvent', buildEvent, eventSchema],
];

describe('§3 factories build schema-valid entities', () => {
  it.each(cases)('%s() parses unchanged', (_name, build, schema) => {
    const built = build();
    expect(schema.parse(built)).toEqual(built);
  });

  it.each(cases)('%s() is deterministic', (_name, build) => {
    expect(build()).toEqual(build());
  });

  it('applies overrides', () => {
    const site = buildSite({ id: 2, label: 'Riverina Almonds' });
    expect(site).toMatchObject({ id: 2, label: 'Riverina Almonds', type: 'site' });
    expect(siteSchema.safeParse(site).success).toBe(true);
  });

  it('returns fresh objects, so a test can mutate its own copy', () => {
    const first = buildArea();
    first.capabilities.push('things');
    expect(buildArea().capabilities).not.toContain('things');
  });

  it('the default program bans no zone: its section is in a sequence (§4)', () => {
    const program = buildProgram();
    const sequenced = program.schedule.sequences.flat();
    expect(program.zones.every((zone) => sequenced.includes(zone.id))).toBe(true);
  });
});

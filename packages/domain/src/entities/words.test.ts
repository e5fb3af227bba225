import { describe, expect, it } from 'vitest';
import { environmentSchema, thingTypeSchema } from './vocabulary.ts';
import { ENVIRONMENTS, isEnvironment, isThingType, THING_TYPES } from './words.ts';

describe('zod-free word lists for start-up', () => {
  it('the enums are built from the lists, so each word is spelled once', () => {
    expect(environmentSchema.options).toEqual([...ENVIRONMENTS]);
    expect(thingTypeSchema.options).toEqual([...THING_TYPES]);
  });

  it.each([...ENVIRONMENTS])('%s is an environment', (environment) => {
    expect(isEnvironment(environment)).toBe(true);
  });

  it.each(['prod', 'Production', '', ' production', null, undefined, 1, ['production']])(
    '%j is not an environment',
    (value) => {
      expect(isEnvironment(value)).toBe(false);
    },
  );

  it('thing types are exactly the enum’s words', () => {
    for (const type of THING_TYPES) expect(isThingType(type)).toBe(true);
    for (const value of ['Valve', 'valve_addon', '', 'toString', undefined, 0]) {
      expect(isThingType(value)).toBe(thingTypeSchema.safeParse(value).success);
      expect(isThingType(value)).toBe(false);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { buildSection } from '../testing/factories.ts';
import { sectionSchema, sectionUpdateBodySchema } from './section.ts';

describe('§3 section', () => {
  it.each([
    ['an irrigation zone', buildSection(), true],
    [
      'a multi-layer section with only a location',
      buildSection({ type: 'multiLayer', outline: null }),
      true,
    ],
    [
      'a section without outline or location',
      buildSection({ outline: undefined, location: undefined }),
      true,
    ],
    ['an unknown type', { ...buildSection(), type: 'block' }, false],
    [
      'an outline of two points',
      buildSection({ outline: '[[-39.61,176.82],[-39.61,176.823]]' }),
      false,
    ],
    ['a location with lat out of range', buildSection({ location: '[176.82,-39.61]' }), false],
    ['no area', { ...buildSection(), area: undefined }, false],
  ])('%s is accepted: %s', (_why, value, ok) => {
    expect(sectionSchema.safeParse(value).success).toBe(ok);
  });
});

describe('§7 PUT sections/{id}', () => {
  it.each([
    [{ label: 'Block B Pinot' }, true],
    [{ location: '[-39.6115,176.822]' }, true],
    [{ outline: null }, true],
    [{}, false],
    [{ label: '' }, false],
    [{ label: '  ' }, false],
    [{ location: 'here' }, false],
  ])('%j is accepted: %s', (body, ok) => {
    expect(sectionUpdateBodySchema.safeParse(body).success).toBe(ok);
  });
});

import { describe, expect, it } from 'vitest';
import { jsonNestingDepth } from './json-body.ts';

describe('JSON nesting depth, counted before parsing', () => {
  it.each([
    ['1', 0],
    ['{}', 1],
    ['{"a":[1,{"b":[]}]}', 4],
    ['[[],[[]],[]]', 3],
    ['{"text":"[[[{{{"}', 1],
    ['{"text":"a \\" [[[ \\\\"}', 1],
    ['["\\\\", [[]]]', 3],
  ])('%s nests %d deep', (text, depth) => {
    expect(jsonNestingDepth(text, 100)).toBe(depth);
  });

  it('stops counting once past the limit', () => {
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    expect(jsonNestingDepth(deep, 32)).toBe(33);
  });
});

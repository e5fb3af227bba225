import { describe, expect, it } from 'vitest';
import { placeholderListHeight, placeholderRowCount } from './placeholder.ts';

describe('§2 home loading placeholder list height', () => {
  it.each([
    [900, 300, 576],
    [900, 899.5, 0],
    [400, 100.4, 275],
  ])('window %d, list top %d → %d px (24 px kept below)', (windowHeight, top, height) => {
    expect(placeholderListHeight(windowHeight, top)).toBe(height);
  });

  it('fits whole rows, at least one', () => {
    expect(placeholderRowCount(500, 48)).toBe(10);
    expect(placeholderRowCount(0, 48)).toBe(1);
  });
});

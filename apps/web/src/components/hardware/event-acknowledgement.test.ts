import { describe, expect, it } from 'vitest';
import { isNewEvent, withAcknowledged } from './event-acknowledgement.ts';

describe("the 'last acknowledged events' preference (§3)", () => {
  it('keeps the newest acknowledged time per area, never going back', () => {
    const first = withAcknowledged({}, 4, [
      { timestamp: '2026-11-25T08:00:00.000Z' },
      { timestamp: '2026-11-25T09:30:00.000Z' },
    ]);
    expect(first).toEqual({ 'area-4': '2026-11-25T09:30:00.000Z' });
    expect(withAcknowledged(first, 4, [{ timestamp: '2026-11-25T07:00:00.000Z' }])).toEqual(first);
    expect(withAcknowledged(first, 5, [])).toEqual(first);
  });

  it('marks open events after it as new', () => {
    const seen = '2026-11-25T09:30:00.000Z';
    expect(isNewEvent({ open: true, timestamp: '2026-11-25T09:31:00.000Z' }, seen)).toBe(true);
    expect(isNewEvent({ open: true, timestamp: '2026-11-25T09:00:00.000Z' }, seen)).toBe(false);
    expect(isNewEvent({ open: false, timestamp: '2026-11-25T10:00:00.000Z' }, seen)).toBe(false);
    expect(isNewEvent({ open: true, timestamp: '2026-11-25T10:00:00.000Z' }, undefined)).toBe(true);
  });
});

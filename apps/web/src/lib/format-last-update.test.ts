import { lastUpdateDisplay } from '@paddock/domain';
import { describe, expect, it } from 'vitest';
import { formatLastUpdate } from './format-last-update.ts';

const now = new Date('2026-11-21T09:00:00.000Z');
const ago = (ms: number) => lastUpdateDisplay(new Date(now.getTime() - ms), now);

describe('formatLastUpdate (§9 last-update display, §1 German relative times)', () => {
  it('words seconds, minutes and "> 1" hour in English', () => {
    expect(formatLastUpdate(ago(45_000), 'en')).toBe('45 seconds ago');
    expect(formatLastUpdate(ago(12 * 60_000), 'en')).toBe('12 minutes ago');
    expect(formatLastUpdate(ago(3 * 3_600_000), 'en')).toBe('> 1 hour ago');
    expect(formatLastUpdate(ago(0), 'en')).toBe('now');
  });

  it('words them in German', () => {
    expect(formatLastUpdate(ago(45_000), 'de')).toBe('vor 45 Sekunden');
    expect(formatLastUpdate(ago(12 * 60_000), 'de')).toBe('vor 12 Minuten');
    expect(formatLastUpdate(ago(3 * 3_600_000), 'de')).toBe('vor > 1 Stunde');
    expect(formatLastUpdate(ago(60_000 + 1), 'de')).toBe('vor 1 Minute');
  });

  it('keeps "--" for no report and offers short styles', () => {
    expect(formatLastUpdate(lastUpdateDisplay(null, now), 'de')).toBe('--');
    expect(formatLastUpdate(ago(12 * 60_000), 'de', { style: 'short' })).toBe('vor 12 Min.');
    expect(formatLastUpdate(ago(12 * 60_000), 'en', { style: 'short' })).toBe('12 min. ago');
  });

  it('falls back to English for a tag Intl does not take', () => {
    expect(formatLastUpdate(ago(12 * 60_000), 'not a tag!')).toBe('12 minutes ago');
  });
});

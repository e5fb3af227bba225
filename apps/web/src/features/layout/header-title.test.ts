import { parseRoute } from '@paddock/domain';
import { describe, expect, it } from 'vitest';
import { testI18n } from '../../testing/test-i18n.ts';
import { translatedHeaderTitle } from './header-title.ts';

const t = testI18n.t.bind(testI18n) as (key: string, options?: Record<string, unknown>) => string;
const context = { siteLabel: 'Te Awa', areaLabel: 'Block {A}', zoneLabel: 'North 1' };

describe('§2 header title, translated', () => {
  it.each([
    ['/dashboard', 'Dashboard'],
    ['/4/irrigation/9/zone/2', 'Zone North 1'],
    ['/4/irrigation/9', 'Block {A}'],
    ['/4/9/alarms', 'Block {A} - Alarms'],
    ['/4/telemetry/9/alarms/3', 'Block {A} - Alarms'],
    ['/4/summary', 'Te Awa'],
    ['/4/irrigation/alarms', 'Te Awa'],
  ])('%s → %s', (path, text) => {
    expect(translatedHeaderTitle(parseRoute(path), context, t)).toEqual({ kind: 'text', text });
  });

  it('is loading while the label is unknown, and absent outside a site', () => {
    expect(translatedHeaderTitle(parseRoute('/4/irrigation/9'), {}, t)).toEqual({
      kind: 'loading',
    });
    expect(translatedHeaderTitle(parseRoute('/notfound'), context, t)).toEqual({ kind: 'none' });
  });

  it('uses the German wording when German is on', async () => {
    const de = testI18n.cloneInstance({ lng: 'de' });
    de.addResourceBundle('de', 'translations', { '{{area}} - Alarms': '{{area}} - Alarme' });
    await de.changeLanguage('de');
    const tDe = de.t.bind(de) as typeof t;
    expect(translatedHeaderTitle(parseRoute('/4/9/alarms'), context, tDe)).toEqual({
      kind: 'text',
      text: 'Block {A} - Alarme',
    });
  });
});

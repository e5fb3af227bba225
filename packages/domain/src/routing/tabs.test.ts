import { describe, expect, it } from 'vitest';
import {
  areaCapabilitySchema,
  type AreaCapability,
  type AreaType,
} from '../entities/vocabulary.ts';
import { parseRoute } from './parse.ts';
import {
  areaHasTab,
  areaTabs,
  isPhoneUserAgent,
  routeTab,
  tabPath,
  tabPresentation,
  visibleTabs,
  type AreaTabId,
  type TabBar,
  type TabId,
} from './tabs.ts';

const area = (type: AreaType, capabilities: AreaCapability[] = []) => ({ type, capabilities });

describe('§2 Top tab bar: which tabs an area has', () => {
  it.each<[string, ReturnType<typeof area>, AreaTabId[]]>([
    ['irrigation area, no capabilities', area('irrigation'), ['irrigation', 'telemetry']],
    [
      'irrigation area with weather',
      area('irrigation', ['weather']),
      ['irrigation', 'weather', 'telemetry'],
    ],
    [
      'irrigation area with soil moisture',
      area('irrigation', ['soilMoisture']),
      ['irrigation', 'addons', 'telemetry'],
    ],
    [
      'irrigation pump capability is the pump add-on',
      area('irrigation', ['irrigationPump']),
      ['irrigation', 'addons', 'telemetry'],
    ],
    ['water capability', area('frost', ['water']), ['frost', 'addons', 'telemetry']],
    ['things capability', area('frost', ['things']), ['frost', 'addons', 'telemetry']],
    ['type water without capabilities', area('water'), ['addons', 'telemetry']],
    ['empty type is water', area(''), ['addons', 'telemetry']],
    ['frost without capabilities', area('frost'), ['frost', 'telemetry']],
    [
      'temperature and battery/signal are no add-on capabilities',
      area('frost', ['temperature', 'batterySignal']),
      ['frost', 'telemetry'],
    ],
    [
      'every capability, irrigation',
      area('irrigation', areaCapabilitySchema.options),
      ['irrigation', 'addons', 'weather', 'telemetry'],
    ],
  ])('%s', (_name, candidate, tabs) => {
    expect(areaTabs(candidate)).toEqual(tabs);
  });

  it.each<[AreaTabId, ReturnType<typeof area>, boolean]>([
    ['irrigation', area('irrigation'), true],
    ['irrigation', area('water'), false],
    ['irrigation', area('frost', ['weather']), false],
    ['addons', area('water'), true],
    ['addons', area('irrigation', ['weather']), false],
    ['weather', area('water', ['weather']), true],
    ['weather', area('irrigation'), false],
    ['telemetry', area('frost'), true],
  ])('%s tab for %j: %s', (tab, candidate, shown) => {
    expect(areaHasTab(candidate, tab)).toBe(shown);
  });
});

describe('§2 Top tab bar: routes matching a tab', () => {
  it.each<[string, TabId | undefined]>([
    ['/4/irrigation/9', 'irrigation'],
    ['/4/irrigation/9/list/3', 'irrigation'],
    ['/4/irrigation/9/zone/2', 'irrigation'],
    ['/4/addons/9', 'addons'],
    ['/4/things/9', 'addons'],
    ['/4/weather/9', 'weather'],
    ['/4/telemetry/9/radio/3', 'telemetry'],
    ['/4/users', 'users'],
    ['/4/telemetry/alarms', 'telemetry'],
    ['/4/things/alarms', 'addons'],
    ['/4/summary', undefined],
    ['/4', undefined],
    ['/4/9', undefined],
    ['/4/9/alarms', undefined],
    ['/4/9/radio/3', undefined],
    ['/4/playground', undefined],
    ['/dashboard', undefined],
    ['/', undefined],
    ['/login', undefined],
  ])('%s matches %j', (pathname, tab) => {
    expect(routeTab(parseRoute(pathname))).toBe(tab);
  });
});

describe('§2 Top tab bar: visibleTabs', () => {
  const irrigation = area('irrigation', ['weather', 'soilMoisture']);
  const water = area('water');

  it.each<[string, Parameters<typeof visibleTabs>[0], TabBar]>([
    [
      'area section shows the selected area tabs',
      {
        route: parseRoute('/4/irrigation/9'),
        area: irrigation,
        firstArea: water,
        isFullScreen: false,
      },
      {
        kind: 'tabs',
        tabs: ['irrigation', 'addons', 'weather', 'telemetry'],
        active: 'irrigation',
      },
    ],
    [
      'without a selected area it falls back to the first area',
      {
        route: parseRoute('/4/telemetry/9'),
        area: undefined,
        firstArea: water,
        isFullScreen: false,
      },
      { kind: 'tabs', tabs: ['addons', 'telemetry'], active: 'telemetry' },
    ],
    [
      "'Loading...' until tabs are known",
      { route: parseRoute('/4/telemetry/9'), area: null, firstArea: null, isFullScreen: false },
      { kind: 'loading' },
    ],
    [
      'admin section shows only Users, always',
      { route: parseRoute('/4/users'), area: irrigation, isFullScreen: false },
      { kind: 'tabs', tabs: ['users'], active: 'users' },
    ],
    [
      'admin section needs no area',
      { route: parseRoute('/4/users'), isFullScreen: false },
      { kind: 'tabs', tabs: ['users'], active: 'users' },
    ],
    [
      'hidden on full-screen pages',
      { route: parseRoute('/4/irrigation/9/zone/2'), area: irrigation, isFullScreen: true },
      { kind: 'hidden' },
    ],
    [
      'the zone page not full screen (desktop) shows the tabs',
      { route: parseRoute('/4/irrigation/9/zone/2'), area: irrigation, isFullScreen: false },
      {
        kind: 'tabs',
        tabs: ['irrigation', 'addons', 'weather', 'telemetry'],
        active: 'irrigation',
      },
    ],
    [
      'hidden on routes matching no tab (summary)',
      { route: parseRoute('/4/summary'), area: irrigation, isFullScreen: false },
      { kind: 'hidden' },
    ],
    [
      'hidden on the dashboard even while loading',
      { route: parseRoute('/dashboard'), isFullScreen: false },
      { kind: 'hidden' },
    ],
    [
      'things route is the Add-ons tab',
      { route: parseRoute('/4/things/9'), area: water, isFullScreen: false },
      { kind: 'tabs', tabs: ['addons', 'telemetry'], active: 'addons' },
    ],
  ])('%s', (_name, input, bar) => {
    expect(visibleTabs(input)).toEqual(bar);
  });

  it.each<[TabId, string]>([
    ['irrigation', '/4/irrigation/9'],
    ['addons', '/4/addons/9'],
    ['weather', '/4/weather/9'],
    ['telemetry', '/4/telemetry/9'],
    ['users', '/4/users'],
  ])('the %s tab leads to %s', (tab, path) => {
    expect(tabPath(tab, 4, 9)).toBe(path);
  });
});

describe('§2 On phones (detected by user agent) tabs show icons only', () => {
  it.each([
    [true, 'iconsOnly'],
    [false, 'iconsAndLabels'],
  ])('phone %s → %s', (isPhone, presentation) => {
    expect(tabPresentation(isPhone)).toBe(presentation);
  });

  it.each([
    [
      'iPhone Safari',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      true,
    ],
    [
      'Android phone Chrome',
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
      true,
    ],
    [
      'Android tablet Chrome',
      'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
      false,
    ],
    [
      'iPad',
      'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      false,
    ],
    [
      'desktop Firefox',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0',
      false,
    ],
    ['empty', '', false],
  ])('%s is a phone: %s', (_name, userAgent, phone) => {
    expect(isPhoneUserAgent(userAgent)).toBe(phone);
  });
});

/**
 * The frost forecast on the test farm's frost area (issue 31): past nights filled in and fitted
 * from the readings kept, tonight's forecast at sunset + 2 h with its early warning once however
 * many workers run it and whatever is pressed after, none for a night forecast above the
 * threshold, and the endpoints with their privileges. On PGlite, or DATABASE_URL.
 */
import { FFST_DEFAULT, nightSun, type FrostForecast, type FrostForecasts } from '@paddock/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../db/schema.ts';
import { smsThenEmailRoster } from '../../test/helpers/alarms.ts';
import { addSeries } from '../../test/helpers/farm.ts';
import { buildTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import { runForecastRound } from './forecast-job.ts';

const HOUR = 3_600_000;
const MIN = 60_000;
const ZONE = 'Pacific/Auckland';
/** Site a of the test farm (Hawke's Bay). */
const PLACE = { lat: -39.64, lng: 176.84 };
/** The coefficients the synthetic nights follow, which the fit should find. */
const SITE = { a: 0.7, b: 0.2, c: -4 };
const ENGINE = { groupMs: 0 };

let app: TestApp;
let areaId = 0;
const series: { air: number; dewPoint: number; wind: number } = { air: 0, dewPoint: 0, wind: 0 };

async function addSensor(type: string, label: string, metric: string): Promise<number> {
  const { db, farm } = app;
  const [sensor] = await db
    .insert(t.sensors)
    .values({
      siteId: farm.sites.a.id,
      areaId,
      type,
      tags: { identifier: 'canopy' },
      topics: [{ metric, type: 'analog', lastValue: null, timestamp: null }],
      label,
      serialno: `FC-${label}`,
    })
    .returning();
  if (!sensor) throw new Error('sensor not inserted');
  return addSeries(db, farm.sites.a.id, { type: 'sensor', id: sensor.id, metric });
}

/**
 * A clear, calm night's readings: 3 °C warmer at sunset, T₂ two hours on, then the FFST curve
 * down to its minimum at sunrise (which the fit should recover), every 10 minutes, a reading at
 * sunrise itself; dew point and 2 km/h wind throughout. Only until `until` when given.
 */
async function addNight(night: string, t2: number, td2: number, until?: Date) {
  const sun = nightSun(night, PLACE, ZONE);
  if (!sun) throw new Error('no sun');
  const tmin = SITE.a * t2 + SITE.b * td2 + SITE.c;
  const sunset = sun.sunset.getTime();
  const n = (sun.sunrise.getTime() - sunset) / HOUR;
  const air = (ms: number) => {
    const i = (ms - sunset) / HOUR;
    if (i <= 0) return t2 + 3;
    if (i <= 2) return t2 + 3 - 1.5 * i;
    if (i <= n) return t2 + (tmin - t2) * Math.sqrt((i - 2) / (n - 2));
    return tmin + 2 * (i - n);
  };
  const times: number[] = [];
  const last = until?.getTime() ?? sun.sunrise.getTime() + HOUR;
  for (let ms = sunset - HOUR; ms <= last; ms += 10 * MIN) times.push(ms);
  if (sun.sunrise.getTime() <= last) times.push(sun.sunrise.getTime());
  const rows = (seriesId: number, value: (ms: number) => number) =>
    times.map((ms) => ({ seriesId, time: new Date(ms), value: value(ms) }));
  await app.db
    .insert(t.readings)
    .values([
      ...rows(series.air, air),
      ...rows(series.dewPoint, () => td2),
      ...rows(series.wind, () => 2),
    ])
    .onConflictDoNothing();
  return { sun, tmin };
}

/**
 * The night's readings up to five minutes past its forecast time (sunset + 2 h), and the clock
 * there: the evening the worker forecasts and may warn.
 */
async function forecastEvening(night: string, t2: number, td2: number) {
  const sun = nightSun(night, PLACE, ZONE);
  if (!sun) throw new Error('no sun');
  const at = new Date(sun.sunset.getTime() + 2 * HOUR + 5 * MIN);
  await addNight(night, t2, td2, at);
  app.clock.set(at);
  return { sun, at };
}

/** Every round until nothing more is due, as the worker's loop does. */
async function runUntilDone(db = app.db, now = app.clock.now()) {
  let warned = 0;
  for (let round = 0; round < 20; round++) {
    const result = await runForecastRound(db, now, ENGINE, areaId);
    warned += result.warned;
    if (!result.more) return warned;
  }
  throw new Error('rounds never ended');
}

const PAST = Array.from({ length: 15 }, (_, k) => ({
  night: `2026-09-${String(5 + k).padStart(2, '0')}`,
  t2: 4 + ((k * 7) % 9),
  td2: -3 + ((k * 5) % 7),
}));

/**
 * A call as the user with a token of the clock's now: the tests move the clock by days, past
 * the life of a token kept from before.
 */
async function call(
  userId: number,
  options: { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: object },
) {
  const token = await app.tokenFor(userId);
  return app.app.inject({ ...options, headers: { authorization: `Bearer ${token}` } });
}

async function raisedMessages() {
  return app.db
    .select()
    .from(t.alarmNotifications)
    .innerJoin(t.alarms, eq(t.alarms.id, t.alarmNotifications.alarmId))
    .where(
      and(
        eq(t.alarms.areaId, areaId),
        eq(t.alarmNotifications.kind, 'raised'),
        sql`(${t.alarms.rule}->>'template')::integer = 102`,
      ),
    );
}

beforeAll(async () => {
  app = await buildTestApp();
  areaId = app.farm.areas.frost.id;
  series.air = await addSensor('temperature', 'Block 1 canopy temperature', 'temperature');
  series.dewPoint = await addSensor('humidity', 'Fan 1 dew point', 'temperature.dewpoint.current');
  series.wind = await addSensor('wind', 'Fan 1 tower wind', 'wind.speed');
  for (const past of PAST) await addNight(past.night, past.t2, past.td2);
  await call(app.farm.users.manager.id, {
    method: 'PUT',
    url: `/api/sites/${app.farm.sites.a.id}/roster`,
    payload: smsThenEmailRoster(app.farm, 0, 0),
  });
}, 180_000);

afterAll(async () => {
  await app?.close();
});

describe('past nights', () => {
  it('are filled in, observed and fitted: tonight uses the site’s own coefficients', async () => {
    // Local noon of the 20th: the nights up to the 19th are over.
    app.clock.set(new Date('2026-09-20T00:00:00Z'));
    await runUntilDone();
    const list = await call(app.farm.users.monitor.id, {
      method: 'GET',
      url: `/api/areas/${areaId}/frost-forecasts?from=2026-09-01&to=2026-09-20`,
    });
    expect(list.statusCode).toBe(200);
    const { nights, season } = list.json<FrostForecasts>();
    expect(nights.map((n) => n.night)).toEqual(PAST.map((p) => p.night).reverse());
    expect(nights.every((n) => n.radiative)).toBe(true);
    for (const past of PAST) {
      const row = nights.find((n) => n.night === past.night);
      expect(row?.observedMin).toBeCloseTo(SITE.a * past.t2 + SITE.b * past.td2 + SITE.c, 6);
    }
    // The first ten nights are forecast by the FAO default, the later ones by the site's fit.
    const [firstPast] = PAST;
    if (!firstPast) throw new Error('no past nights');
    expect(nights.at(-1)?.forecastMin).toBeCloseTo(
      FFST_DEFAULT.a * firstPast.t2 + FFST_DEFAULT.b * firstPast.td2 + FFST_DEFAULT.c,
      6,
    );
    expect(nights[0]?.error).toBeCloseTo(0, 6);
    expect(season.count).toBe(15);

    const tonight = await call(app.farm.users.monitor.id, {
      method: 'GET',
      url: `/api/areas/${areaId}/frost-forecast`,
    });
    expect(tonight.statusCode).toBe(200);
    const forecast = tonight.json<FrostForecast>().tonight;
    expect(forecast?.night).toBe('2026-09-20');
    expect(forecast?.fit).toMatchObject({ nights: 15, source: 'site' });
    expect(forecast?.a).toBeCloseTo(SITE.a, 6);
    expect(forecast?.c).toBeCloseTo(SITE.c, 6);
    // Before sunset + 2 h there is no reading to forecast from.
    expect(forecast).toMatchObject({ t2: null, td2: null, tmin: null, curve: [] });
    expect(forecast?.warning).toEqual({ threshold: 3, sent: false, sentAt: null });
  });
});

describe('the early warning', () => {
  it('goes once at sunset + 2 h across two workers, a restart and "forecast now"', async () => {
    // T₂ 5, Td₂ 0: −0.5 °C on the site's fit, under the threshold of 3 (start 2 + margin 1).
    const { sun, at } = await forecastEvening('2026-09-20', 5, 0);
    // Two worker processes at once: the interactive and the background lane's connections.
    const warned = await Promise.all([
      runUntilDone(app.db, at),
      runUntilDone(app.handle.background, at),
    ]);
    expect(warned[0] + warned[1]).toBe(1);
    // A restarted worker finds tonight forecast and warned.
    app.clock.advance(10 * MIN);
    expect(await runUntilDone()).toBe(0);
    // "Forecast now" evaluates again with the latest readings, under the same claim.
    const now = await call(app.farm.users.manager.id, {
      method: 'POST',
      url: `/api/areas/${areaId}/frost-forecast`,
    });
    expect(now.statusCode).toBe(200);
    const tonight = now.json<FrostForecast>().tonight;
    expect(tonight?.evaluatedAt).toBe(app.clock.now().toISOString());
    expect(tonight?.tmin).toBeLessThan(3);
    expect(tonight?.warning.sent).toBe(true);
    expect(tonight?.startExpectedAt).not.toBeNull();
    expect(tonight?.curve.at(-1)?.at).toBe(sun.sunrise.toISOString());

    const messages = await raisedMessages();
    expect(messages.map((m) => m.alarm_notifications.method).sort()).toEqual(['email', 'sms']);
    const text = messages[0]?.alarm_notifications.text ?? '';
    expect(text).toContain('Frost forecast');
    expect(text).toMatch(/Forecast minimum -0\.5 °C by sunrise \d\d:\d\d/);
    expect(text).toMatch(/start temperature 2\.0 °C expected at \d\d:\d\d/);
    expect(text).toContain('inversion now');
    expect(messages[0]?.alarms.label).toBe('Frost forecast');
    expect(messages[0]?.alarms.rule.severity).toBe('critical');
  });

  it('does not go for a night forecast above the threshold, and the morning clears the last', async () => {
    // T₂ 15, Td₂ 8: 8.1 °C.
    await forecastEvening('2026-09-21', 15, 8);
    expect(await runUntilDone()).toBe(0);
    expect(await raisedMessages()).toHaveLength(2);
    const [state] = await app.db
      .select({ status: t.alarmStates.status })
      .from(t.alarmStates)
      .innerJoin(t.alarms, eq(t.alarms.id, t.alarmStates.alarmId))
      .where(eq(t.alarms.areaId, areaId));
    // Last night's warning was cleared once its morning was observed.
    expect(state?.status).toBe('normal');
    const tonight = await call(app.farm.users.monitor.id, {
      method: 'GET',
      url: `/api/areas/${areaId}/frost-forecast`,
    });
    expect(tonight.json<FrostForecast>().tonight).toMatchObject({
      night: '2026-09-21',
      t2: 15,
      td2: 8,
      warning: { sent: false, sentAt: null },
    });
  });
});

describe('a warned night observed again', () => {
  it("does not clear a later night's warning", async () => {
    // The 20th warned, its readings stop at its forecast: observed incomplete, it is looked at
    // again every 10 minutes for three days. Meanwhile the 22nd warns.
    const { at } = await forecastEvening('2026-09-22', 5, 0);
    expect(await runUntilDone()).toBe(1);
    const [past] = await app.db
      .select()
      .from(t.frostForecasts)
      .where(and(eq(t.frostForecasts.areaId, areaId), eq(t.frostForecasts.night, '2026-09-20')));
    expect(past).toMatchObject({ observedMin: null });
    expect(past?.warnedAt).not.toBeNull();

    app.clock.advance(11 * MIN);
    await runUntilDone();
    const [state] = await app.db
      .select({ status: t.alarmStates.status, raisedAt: t.alarmStates.raisedAt })
      .from(t.alarmStates)
      .innerJoin(t.alarms, eq(t.alarms.id, t.alarmStates.alarmId))
      .where(eq(t.alarms.areaId, areaId));
    expect(state).toEqual({ status: 'raised', raisedAt: at });
  });
});

describe('a night whose readings come late', () => {
  it('is forecast and observed once they are in', async () => {
    // The 4th was looked at in the first round with nothing to read; its readings come now.
    await addNight('2026-09-04', 6, 0);
    app.clock.advance(11 * MIN);
    await runUntilDone();
    const list = await call(app.farm.users.monitor.id, {
      method: 'GET',
      url: `/api/areas/${areaId}/frost-forecasts?from=2026-09-04&to=2026-09-04`,
    });
    expect(list.json<FrostForecasts>().nights).toEqual([
      expect.objectContaining({
        night: '2026-09-04',
        observedMin: expect.closeTo(SITE.a * 6 + SITE.c, 6),
        radiative: true,
      }),
    ]);
  });

  it('is left as it is once its row is three days old', async () => {
    // The 3rd had no readings either; they come three days after its row was written: too late.
    app.clock.advance(3 * 24 * HOUR);
    await addNight('2026-09-03', 6, 0);
    await runUntilDone();
    const [row] = await app.db
      .select()
      .from(t.frostForecasts)
      .where(and(eq(t.frostForecasts.areaId, areaId), eq(t.frostForecasts.night, '2026-09-03')));
    expect(row).toMatchObject({ t2: null, observedMin: null });
  });
});

describe('the endpoints', () => {
  it('need view to read and edit to forecast now, on a frost area', async () => {
    const { users, areas } = app.farm;
    const url = `/api/areas/${areaId}/frost-forecast`;
    expect((await call(users.outsider.id, { method: 'GET', url })).statusCode).toBe(403);
    expect((await call(users.monitor.id, { method: 'POST', url })).statusCode).toBe(403);
    const irrigation = `/api/areas/${areas.irrigation.id}/frost-forecast`;
    expect((await call(users.manager.id, { method: 'GET', url: irrigation })).statusCode).toBe(404);
    const backwards = await call(users.monitor.id, {
      method: 'GET',
      url: `/api/areas/${areaId}/frost-forecasts?from=2026-09-20&to=2026-09-01`,
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain('to');
  });
});

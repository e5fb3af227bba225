/**
 * A past early warning of the frost forecast (issue 31), so the demo's message log shows one
 * from the first start: three nights ago the frost area's "Frost forecast" alarm was raised at
 * two hours after sunset, told to the first of the roster by sms and email, and cleared the next
 * morning. The night's forecast row records the warning as sent; the server's forecast fills in
 * that night's numbers from the history's readings (frost/forecast-job.ts).
 */
import {
  ALARM_TEMPLATES,
  FFST_DEFAULT,
  alarmMessage,
  defaultFrostRules,
  forecastMinimum,
  forecastTime,
  forecastWarningText,
  frostNightOf,
  nightCurve,
  nightSun,
  timeReaching,
} from '@paddock/domain';
import { schema as t, type Transaction } from '@paddock/server';
import { eq } from 'drizzle-orm';
import type { AlarmHistorySeed } from './alarm-history.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** The evening of the warning: T₂ and Td₂ of a clear, dry night. */
const WARNED_NIGHT = { daysAgo: 3, t2: 4.6, td2: -1.2, inversion: 2.4 };

export async function seedForecastHistory(
  tx: Transaction,
  { spec, now, land, alarms, rosterSteps }: AlarmHistorySeed,
) {
  const { site, frostArea } = land;
  if (!frostArea || !spec.frost) return;
  const index = alarms.alarmValues.findIndex(
    (value) =>
      value.areaId === frostArea.id && value.rule.template === ALARM_TEMPLATES.frostForecast,
  );
  const alarmId = alarms.alarmRows[index]?.id;
  const night = frostNightOf(
    new Date(now.getTime() - WARNED_NIGHT.daysAgo * DAY_MS),
    spec.timezone,
  );
  const sun = nightSun(night, spec.shed, spec.timezone);
  if (!alarmId || !sun) return;
  const { t2, td2 } = WARNED_NIGHT;
  const tmin = forecastMinimum(t2, td2, FFST_DEFAULT);
  const rules = defaultFrostRules(spec.region);
  const raisedAt = new Date(forecastTime(sun.sunset).getTime() + 60_000);
  const clearedAt = new Date(sun.sunrise.getTime() + HOUR_MS);
  const detail = forecastWarningText({
    tmin,
    sunrise: sun.sunrise,
    startTemperature: rules.startAtOrBelow,
    startExpectedAt: timeReaching(nightCurve(sun, t2, tmin), rules.startAtOrBelow),
    inversion: { value: WARNED_NIGHT.inversion, class: 'weak' },
    timeZone: spec.timezone,
  });
  const value = Math.round(tmin * 10) / 10;
  await tx.insert(t.frostForecasts).values({
    areaId: frostArea.id,
    night,
    siteId: site.id,
    sunset: sun.sunset,
    sunrise: sun.sunrise,
    ...FFST_DEFAULT,
    fitSource: 'default',
    warnedAt: raisedAt,
  });
  await tx.insert(t.alarmStates).values({
    alarmId,
    status: 'normal',
    episode: 1,
    raisedAt,
    raisedValue: value,
    clearedAt,
  });
  await tx.insert(t.events).values([
    {
      areaId: frostArea.id,
      type: 'error',
      targetType: 'area',
      targetId: frostArea.id,
      message: `Alarm: Frost forecast: ${detail}`,
      open: false,
      alarmId,
      createdAt: raisedAt,
    },
    {
      areaId: frostArea.id,
      type: 'info',
      targetType: 'area',
      targetId: frostArea.id,
      message: 'Alarm cleared: Frost forecast',
      open: false,
      alarmId,
      createdAt: clearedAt,
    },
  ]);
  // The first of the roster, by sms and by email as their contact ways say.
  const first = rosterSteps[0];
  if (!first) return;
  const ways = (
    await tx
      .select({ method: t.contactNotifications.method, address: t.contactNotifications.address })
      .from(t.contactNotifications)
      .where(eq(t.contactNotifications.contactId, first.contact))
  ).filter((way) => way.method === 'sms' || way.method === 'email');
  if (ways.length === 0) return;
  await tx.insert(t.alarmNotifications).values(
    ways.map(({ method, address }) => {
      const text = alarmMessage(
        spec.label,
        [
          {
            label: 'Frost forecast',
            area: spec.frost?.label ?? 'Frost',
            severity: 'critical',
            value,
            kind: 'raised',
            ackUrl: null,
            detail,
          },
        ],
        method,
      );
      return {
        siteId: site.id,
        areaId: frostArea.id,
        alarmId,
        episode: 1,
        contactId: first.contact,
        method,
        address,
        kind: 'raised' as const,
        severity: 'critical' as const,
        status: 'delivered' as const,
        attempts: 1,
        subject: text.subject,
        text: text.text,
        raisedValue: value,
        detail,
        providerId:
          method === 'sms' ? `SM${'1'.repeat(30)}${String(site.id).padStart(2, '0')}` : null,
        // The roster's first step is its phone; the email is the alarm's own notification.
        step: method === first.method ? 0 : null,
        dueAt: raisedAt,
        createdAt: raisedAt,
        sentAt: raisedAt,
      };
    }),
  );
}

/**
 * When and how an alarm's messages go out, pure: quiet hours in the site's time zone, the
 * escalation roster's schedule, and the text of a message for one alarm or a group of them.
 */
import type { Roster } from '../entities/alarm-notification.ts';
import type { AlarmSeverity, ContactMethod } from '../entities/vocabulary.ts';
import { zonedDateTime, zonedTimeToInstant } from '../constants/timezone.ts';

/**
 * Working hours, the site's wall clock, every day of the week (farms work weekends). Decision:
 * 06:00 to 20:00. A notification without `afterhours` is held outside them until the next
 * start, not dropped: the grower still hears of it at six if it is still raised.
 */
export const WORKING_HOURS = { startHour: 6, endHour: 20 } as const;

export function isWorkingHours(at: Date, timeZone: string, hours = WORKING_HOURS): boolean {
  const { hour } = zonedDateTime(at, timeZone);
  return hour >= hours.startHour && hour < hours.endHour;
}

/** The next start of working hours at or after `at`, on the site's wall clock (DST-aware). */
export function nextWorkingStart(at: Date, timeZone: string, hours = WORKING_HOURS): Date {
  const wall = zonedDateTime(at, timeZone);
  const today = zonedTimeToInstant(
    { ...wall, hour: hours.startHour, minute: 0, second: 0 },
    timeZone,
  );
  if (today.getTime() >= at.getTime()) return today;
  // Tomorrow's date on the wall clock: noon today plus a day is always tomorrow, DST or not.
  const noon = zonedTimeToInstant({ ...wall, hour: 12, minute: 0, second: 0 }, timeZone);
  const tomorrow = zonedDateTime(new Date(noon.getTime() + 86_400_000), timeZone);
  return zonedTimeToInstant({ ...tomorrow, hour: hours.startHour, minute: 0, second: 0 }, timeZone);
}

export interface DeliveryRule {
  /** The notification is also used out of working hours (§3 afterhours). */
  readonly afterhours: boolean;
  /** Ours: the contact lets critical alarms through quiet hours. */
  readonly criticalAfterhours: boolean;
  readonly severity: AlarmSeverity;
}

/**
 * When a message due at `at` may go out: at once in working hours, or when the notification is
 * used after hours, or for a critical alarm the contact lets through; otherwise at the next start
 * of working hours (`held` true).
 */
export function deliveryTime(
  at: Date,
  timeZone: string,
  rule: DeliveryRule,
): { at: Date; held: boolean } {
  if (rule.afterhours || isWorkingHours(at, timeZone)) return { at, held: false };
  if (rule.severity === 'critical' && rule.criticalAfterhours) return { at, held: false };
  return { at: nextWorkingStart(at, timeZone), held: true };
}

export interface EscalationStep {
  /** Index of the step in the roster. */
  readonly step: number;
  /** 0 the first pass, 1… the reminder rounds. */
  readonly round: number;
  readonly contact: number;
  readonly method: ContactMethod;
  /** Milliseconds after the raise. */
  readonly offsetMs: number;
}

/**
 * The roster's schedule for one raise: each step after the previous step's wait; then the whole
 * roster again `repeat` times, each round starting `repeatMinutes` after the previous round's
 * last step. Acknowledging or clearing cancels what has not gone out.
 */
export function escalationPlan(roster: Roster): EscalationStep[] {
  const offsets: number[] = [];
  let offset = 0;
  for (const step of roster.steps) {
    offsets.push(offset);
    offset += step.waitMinutes * 60_000;
  }
  const lastOffset = offsets.at(-1) ?? 0;
  const roundMs = lastOffset + roster.repeatMinutes * 60_000;
  const plan: EscalationStep[] = [];
  for (let round = 0; round <= roster.repeat; round++) {
    roster.steps.forEach((step, index) => {
      plan.push({
        step: index,
        round,
        contact: step.contact,
        method: step.method,
        offsetMs: round * roundMs + (offsets[index] ?? 0),
      });
    });
  }
  return plan;
}

export interface AlarmMessagePart {
  readonly label: string;
  readonly area: string;
  readonly severity: AlarmSeverity;
  /** The value that raised it, when it has one. */
  readonly value: number | null;
  readonly kind: 'raised' | 'reminder' | 'cleared' | 'test';
  /** The single-use acknowledgement link, when the message carries one. */
  readonly ackUrl: string | null;
  /** A sentence the raise adds (the frost forecast's minimum, start time and inversion). */
  readonly detail?: string | null;
}

const KIND_WORD = { raised: 'ALARM', reminder: 'REMINDER', cleared: 'Cleared', test: 'Test' };

function partLine(part: AlarmMessagePart): string {
  const value = part.value === null ? '' : ` (${part.value})`;
  const severity = part.kind === 'cleared' ? '' : ` [${part.severity}]`;
  const detail = part.detail ? `. ${part.detail}` : '';
  return `${KIND_WORD[part.kind]}${severity} ${part.area}: ${part.label}${value}${detail}`;
}

/**
 * One message for one or several alarms of a site told to one person together (grouped, so six
 * alarms of a storm are one sms, not six). Voice reads the lines and asks for 1; email and sms
 * carry each alarm's acknowledgement link.
 */
export function alarmMessage(
  site: string,
  parts: readonly AlarmMessagePart[],
  method: ContactMethod,
): { subject: string; text: string } {
  const first = parts[0];
  if (!first) throw new Error('A message needs at least one alarm');
  const subject =
    parts.length === 1
      ? `${KIND_WORD[first.kind]} ${site}: ${first.label}`
      : `${parts.length} alarms at ${site}`;
  if (method === 'voice') {
    const lines = parts.map((part) => partLine(part).replace(/\[|\]/g, ''));
    const ask = parts.some((part) => part.ackUrl !== null || part.kind !== 'cleared')
      ? ' Press 1 to acknowledge.'
      : '';
    return { subject, text: `Paddock, ${site}. ${lines.join('. ')}.${ask}` };
  }
  const lines = parts.map((part) =>
    part.ackUrl ? `${partLine(part)}\nAcknowledge: ${part.ackUrl}` : partLine(part),
  );
  const header = parts.length === 1 ? `Paddock ${site}` : `Paddock ${site}: ${parts.length} alarms`;
  return { subject, text: `${header}\n${lines.join('\n')}` };
}

/**
 * An audit row in words (issue 33 item 3): "Ada Admin changed the start temperature of Fan 3 from
 * 1.5 °C to 0.5 °C". Written once, when the row is written, with the names as they were then, and
 * covered by the row's hash: the words a grower shows a council are the words that were recorded.
 *
 * A change that sent fields (a PUT) is told field by field from what the object held before and
 * what was sent; every other operation by its phrase below, naming the object it touched.
 */
import { canonicalJson } from './chain.ts';

/** A field of an object in words, and the unit its numbers are in. */
type FieldWords = { label: string; unit?: string };

/**
 * Fields whose name in words is not their key's: the console's labels for them. Keys not listed
 * are told by their key, split into words ("designedFlow" → "designed flow").
 */
const FIELD_WORDS: Record<string, FieldWords> = {
  label: { label: 'name' },
  startTemperature: { label: 'start temperature', unit: '°C' },
  startAtOrBelow: { label: 'start temperature', unit: '°C' },
  stopBy: { label: 'stop temperature', unit: '°C' },
  windShutdownAbove: { label: 'wind shutdown speed', unit: 'm/s' },
  permittedHours: { label: 'permitted hours' },
  clearValue: { label: 'clear value' },
  setPoint: { label: 'set point' },
  minimumDuration: { label: 'minimum duration' },
  resetAfter: { label: 'reset time' },
  designedFlow: { label: 'designed flow', unit: 'L/min' },
  high: { label: 'high flow limit', unit: '%' },
  low: { label: 'low flow limit', unit: '%' },
  elevation: { label: 'elevation', unit: 'm' },
  privileges: { label: 'privileges' },
  active: { label: 'active' },
  enabled: { label: 'enabled' },
};

/** What an operation did, for those that send no fields to compare; `{object}` names its object. */
const PHRASES: Record<string, string> = {
  'POST /user/login': 'signed in',
  'POST /user/logout': 'signed out',
  'POST /user/refresh': 'renewed their session',
  'POST /user/change-password': 'changed their password',
  'POST /login/reset-password/begin': 'asked for a password reset',
  'POST /login/reset-password/finish': 'set a new password with a reset link',
  'POST /login/recovery': 'asked for account recovery',
  'POST /login/account-activation/validate': 'opened an activation link',
  'POST /login/account-activation/finish': 'activated their account',
  'POST /users/sign-up/complete': 'completed sign-up',
  'POST /users/find-by-email': 'looked up an account by email',
  'POST /users': 'invited a user to {object}',
  'POST /users/:userId/resend-activation-email': 'sent the activation email again',
  'DELETE /sites/:siteId/users/:userId': 'removed a user from {object}',
  'PUT /permissions': 'changed a user’s permissions on {object}',
  'PUT /sites/:site/roster': 'changed the escalation roster of {object}',
  'POST /programs/:id/start': 'started {object}',
  'POST /programs/:id/pause': 'paused {object}',
  'POST /programs/:id/resume': 'resumed {object}',
  'POST /programs/:id/test': 'tested {object}',
  'POST /controls/:id/test': 'tested {object}',
  'POST /radios/:id/ping': 'pinged {object}',
  'POST /fans/:id/start': 'asked {object} to start',
  'POST /fans/:id/stop': 'asked {object} to stop',
  'POST /contacts': 'added a contact',
  'POST /sites/:site/contacts': 'added a contact to {object}',
  'DELETE /sites/:site/contacts/:id': 'deleted {object}',
  'POST /contacts/:id/test': 'sent a test message to {object}',
  'POST /areas/:areaId/alarms': 'added an alarm to {object}',
  'DELETE /areas/:areaId/alarms/:id': 'deleted an alarm of {object}',
  'POST /areas/:areaId/alarms/:id/acknowledge': 'acknowledged an alarm of {object}',
  'POST /alarm-acks/:token': 'acknowledged {object} by the link in its message',
  'POST /providers/twilio/gather/:token': 'acknowledged {object} on an alarm call',
  'POST /areas/:id/events/acknowledge': 'acknowledged the events of {object}',
  'POST /areas/:id/notes': 'left a note on {object}',
  'DELETE /notes/:id': 'deleted a note of {object}',
  'POST /areas/:id/frost-forecast': 'recorded a frost forecast for {object}',
  'POST /exports': 'asked for an export',
  'POST /sites/:id/water-consents': 'added a water consent to {object}',
  'DELETE /sites/:id/water-consents/:consentId': 'deleted a water consent of {object}',
  'POST /sites/:id/scheduled-reports': 'scheduled a report for {object}',
  'DELETE /sites/:id/scheduled-reports/:reportId': 'deleted a scheduled report of {object}',
  'POST /sections/:id/flow/learn': 'started learning the flow of {object}',
  'POST /sites/:id/webhooks': 'added a webhook to {object}',
  'DELETE /webhooks/:id': 'deleted a webhook of {object}',
  'POST /webhooks/:id/deliveries/:deliveryId/resend': 'resent a webhook delivery of {object}',
  'GET /exports/:id/file': 'downloaded {object}',
  // What the worker does on a person's behalf (server audit/product-action.ts).
  'program.started': 'started {object}',
  'program.skipped': 'called off the start of {object}',
  'zone.shutOff': 'shut off {object}',
  'report.ready': 'made the export {object}',
};

/**
 * Changes told by their phrase although they send fields: what they send is lists of people and
 * privileges, which read better as one sentence than as values from and to.
 */
const TOLD_BY_PHRASE = new Set(['PUT /permissions', 'PUT /sites/:site/roster']);

/** The people in a row: null actor for what the product did on its own. */
export type AuditPeople = { actor: string | null; actingAs: string | null };

export type AuditWordsInput = AuditPeople & {
  /** As rows name it: 'PUT /sections/:id'. */
  operation: string;
  /** The contract's summary of the operation: the words of last resort. */
  summary: string;
  /** The object's name as it was when the change was made. */
  object: string | null;
  before: unknown;
  after: unknown;
  /** A refused sign-in's status (401 wrong login or password, 429 throttled). */
  refusedWith?: number;
  /** The login a refused sign-in typed. */
  login?: string;
};

/** One field the change gave a new value. */
export type FieldChange = { path: string[]; from: unknown; to: unknown };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The fields of `after` whose value differs from `before`'s at the same place, leaves first in the
 * order sent; arrays and values of different kinds are compared whole. Fields `before` did not
 * have are changes from nothing.
 */
export function fieldChanges(before: unknown, after: unknown, path: string[] = []): FieldChange[] {
  if (isRecord(after) && isRecord(before)) {
    return Object.entries(after).flatMap(([key, value]) =>
      value === undefined ? [] : fieldChanges(before[key], value, [...path, key]),
    );
  }
  if (path.length === 0) return [];
  return canonicalJson(before ?? null) === canonicalJson(after ?? null)
    ? []
    : [{ path, from: before ?? null, to: after ?? null }];
}

/**
 * Keeps of `before` only the fields `after` sent, at any depth: the row records what the change
 * touched, not the whole object. Without fields sent (a delete) the whole object is kept.
 */
export function beforeOfSent(before: unknown, after: unknown): unknown {
  if (!isRecord(after) || !isRecord(before)) return before ?? null;
  return Object.fromEntries(
    Object.keys(after)
      .filter((key) => key in before)
      .map((key) => [key, beforeOfSent(before[key], after[key])]),
  );
}

const splitWords = (key: string) => key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

function wordsOfField(path: string[]): FieldWords {
  const key = path.at(-1) ?? '';
  return FIELD_WORDS[key] ?? { label: splitWords(key) };
}

/** A value in words: numbers with the field's unit, text in quotes, nothing as "none". */
export function valueInWords(value: unknown, unit?: string): string {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'number') return unit ? `${value} ${unit}` : String(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return `“${value}”`;
  const text = canonicalJson(value);
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

/** The most fields one row tells by name; the rest are counted. */
const FIELDS_TOLD = 3;

function changesInWords(changes: FieldChange[], object: string | null): string {
  const of = object ? ` of ${object}` : '';
  const told = changes.slice(0, FIELDS_TOLD).map((change, index) => {
    const { label, unit } = wordsOfField(change.path);
    const from = valueInWords(change.from, unit);
    const to = valueInWords(change.to, unit);
    return `the ${label}${index === 0 ? of : ''} from ${from} to ${to}`;
  });
  const rest = changes.length - told.length;
  const list =
    told.length === 1
      ? told[0]
      : `${told.slice(0, -1).join(', ')} and ${told.at(-1)}${rest > 0 ? ` (and ${rest} more)` : ''}`;
  return `changed ${list}`;
}

/**
 * Who did it: the actor (and whom they acted as); with no actor, the product itself for its own
 * actions, and "Someone" for a call that carries no session (a reset link, an alarm's link).
 */
const who = ({ actor, actingAs }: AuditPeople, operation: string) => {
  if (actor === null) return isApiOperation(operation) ? 'Someone' : 'Paddock';
  return actingAs === null ? actor : `${actor} (as ${actingAs})`;
};

/** 'POST /areas/:id/notes' is a call of the contract; 'program.started' the product's action. */
const isApiOperation = (operation: string) => /^[A-Z]+ \//.test(operation);

/** The contract summary as a phrase: its first clause, without a parenthesised privilege. */
const summaryPhrase = (summary: string) =>
  summary.replace(/\s*\([^)]*\)/g, '').replace(/[.;:].*$/, '');

/** The row's words. */
export function auditText(input: AuditWordsInput): string {
  const { operation, object, before, after } = input;
  if (input.refusedWith !== undefined) {
    const why = input.refusedWith === 429 ? 'too many attempts' : 'wrong login or password';
    return `Failed sign-in as ${valueInWords(input.login ?? '')} (${why})`;
  }
  if (operation === 'POST /user/login/as') {
    return `${input.actor ?? 'Paddock'} switched to ${input.actingAs ?? 'another user'}`;
  }
  const byFields = operation.startsWith('PUT ') && !TOLD_BY_PHRASE.has(operation);
  const changes = byFields ? fieldChanges(before, after) : [];
  if (changes.length > 0) return `${who(input, operation)} ${changesInWords(changes, object)}`;
  const phrase = PHRASES[operation];
  if (phrase) {
    const named = phrase.replace(/ ?\{object\}/, object ? ` ${object}` : '');
    return `${who(input, operation)} ${named}`;
  }
  if (operation.startsWith('PUT ')) {
    // Fields sent equal to what was there; or an object whose handler noted nothing before.
    const what = object ?? 'a setting';
    return before === null
      ? `${who(input, operation)} changed ${what}`
      : `${who(input, operation)} saved ${what} unchanged`;
  }
  return `${who(input, operation)}: ${summaryPhrase(input.summary)}${object ? ` (${object})` : ''}`;
}

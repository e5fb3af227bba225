import { describe, expect, it } from 'vitest';
import {
  auditText,
  beforeOfSent,
  fieldChanges,
  valueInWords,
  type AuditWordsInput,
} from './words.ts';

const row = (over: Partial<AuditWordsInput>): AuditWordsInput => ({
  actor: 'Ada Admin',
  actingAs: null,
  operation: 'PUT /areas/:areaId/alarms/:id',
  summary: 'Change an alarm (needs edit on the area)',
  object: 'Fan 3',
  before: null,
  after: null,
  ...over,
});

describe('auditText', () => {
  it('tells a changed field with its unit, from the value before to the value sent', () => {
    const text = auditText(
      row({
        before: { rule: { name: 'Fan should run', startTemperature: 1.5 } },
        after: { rule: { name: 'Fan should run', startTemperature: 0.5 } },
      }),
    );
    expect(text).toBe('Ada Admin changed the start temperature of Fan 3 from 1.5 °C to 0.5 °C');
  });

  it('tells several fields, naming the object once, and counts those past three', () => {
    const before = { label: 'Zone 1', a: 1, b: 2, c: 3 };
    const after = { label: 'Zone 1 north', a: 5, b: 6, c: 7 };
    expect(
      auditText(row({ operation: 'PUT /sections/:id', object: 'Zone 1', before, after })),
    ).toBe(
      'Ada Admin changed the name of Zone 1 from “Zone 1” to “Zone 1 north”, the a from 1 to 5 ' +
        'and the b from 2 to 6 (and 1 more)',
    );
  });

  it('names both people under Switch User', () => {
    const text = auditText(
      row({ actor: 'Sam Support', actingAs: 'Ada Admin', operation: 'POST /fans/:id/start' }),
    );
    expect(text).toBe('Sam Support (as Ada Admin) asked Fan 3 to start');
  });

  it('tells an operation without fields by its phrase, and what the product did as Paddock', () => {
    expect(auditText(row({ operation: 'POST /areas/:id/notes', object: 'Block A' }))).toBe(
      'Ada Admin left a note on Block A',
    );
    expect(auditText(row({ actor: null, operation: 'program.started', object: 'Night' }))).toBe(
      'Paddock started Night',
    );
    // A call with no session (an alarm's link) is someone's, not the product's.
    const byLink = row({ actor: null, operation: 'POST /alarm-acks/:token', object: 'High flow' });
    expect(auditText(byLink)).toBe('Someone acknowledged High flow by the link in its message');
    expect(auditText(row({ operation: 'POST /user/logout', object: null }))).toBe(
      'Ada Admin signed out',
    );
  });

  it('tells a change of permissions by its phrase, not its lists from and to', () => {
    const text = auditText(
      row({
        operation: 'PUT /permissions',
        object: 'Te Awa',
        before: { owners: [{ id: 3, privileges: ['view'] }] },
        after: { owners: [{ id: 3, privileges: ['view', 'edit'] }] },
      }),
    );
    expect(text).toBe('Ada Admin changed a user’s permissions on Te Awa');
  });

  it('tells Switch User’s own call as a switch to the person acted as', () => {
    expect(
      auditText(
        row({ actor: 'Sam Support', actingAs: 'Mo Monitor', operation: 'POST /user/login/as' }),
      ),
    ).toBe('Sam Support switched to Mo Monitor');
  });

  it('tells a failed sign-in with the login typed and why', () => {
    const failed = row({ actor: null, operation: 'POST /user/login', login: 'x@farm.test' });
    expect(auditText({ ...failed, refusedWith: 401 })).toBe(
      'Failed sign-in as “x@farm.test” (wrong login or password)',
    );
    expect(auditText({ ...failed, refusedWith: 429 })).toBe(
      'Failed sign-in as “x@farm.test” (too many attempts)',
    );
  });

  it('falls back to the contract’s summary without its privilege note', () => {
    expect(
      auditText(row({ operation: 'POST /things/:id/frob', summary: 'Frob a thing (needs edit)' })),
    ).toBe('Ada Admin: Frob a thing (Fan 3)');
  });

  it('says a change that sent the values already there was saved unchanged', () => {
    const same = { label: 'Zone 1' };
    expect(auditText(row({ operation: 'PUT /sections/:id', before: same, after: same }))).toBe(
      'Ada Admin saved Fan 3 unchanged',
    );
    expect(auditText(row({ operation: 'PUT /sections/:id', before: null, after: same }))).toBe(
      'Ada Admin changed Fan 3',
    );
  });
});

describe('fieldChanges', () => {
  it('compares leaves, arrays whole, and fields new to the object from nothing', () => {
    expect(
      fieldChanges({ a: { b: 1, c: [1, 2] }, d: 'x' }, { a: { b: 1, c: [2, 1] }, d: 'x', e: true }),
    ).toEqual([
      { path: ['a', 'c'], from: [1, 2], to: [2, 1] },
      { path: ['e'], from: null, to: true },
    ]);
  });
});

describe('beforeOfSent', () => {
  it('keeps the fields sent, at any depth, and a whole object where nothing was sent', () => {
    const before = { label: 'Fan 3', rule: { startTemperature: 1.5, severity: 'warning' }, x: 1 };
    expect(beforeOfSent(before, { rule: { startTemperature: 0.5 } })).toEqual({
      rule: { startTemperature: 1.5 },
    });
    expect(beforeOfSent(before, null)).toEqual(before);
    expect(beforeOfSent(null, { a: 1 })).toBeNull();
  });
});

describe('valueInWords', () => {
  it.each([
    [null, undefined, 'none'],
    [2, 'L/min', '2 L/min'],
    [false, undefined, 'no'],
    ['North', undefined, '“North”'],
    [{ b: 1, a: 2 }, undefined, '{"a":2,"b":1}'],
  ])('%j', (value, unit, words) => {
    expect(valueInWords(value, unit)).toBe(words);
  });
});

import { describe, expect, it } from 'vitest';
import { buildEvent } from '../testing/factories.ts';
import {
  eventDataSchema,
  eventFilterBodySchema,
  eventSchema,
  exportRequestSchema,
  exportStatusLabel,
  metricsListSchema,
  noteCreateBodySchema,
  noteSchema,
} from './event.ts';
import type { ExportStatusLabel } from './event.ts';
import type { RequestStatus } from './vocabulary.ts';

describe('§3 events', () => {
  it.each([
    ['a battery warning on a radio', buildEvent()],
    [
      'an area-wide info event',
      buildEvent({ type: 'info', target: null, targetType: undefined, open: false }),
    ],
  ])('accepts %s', (_why, event) => {
    expect(eventSchema.safeParse(event).success).toBe(true);
  });

  it.each([
    ['an unknown type', { type: 'critical' }],
    ['no timestamp', { timestamp: undefined }],
    ['an unknown target type', { targetType: 'valve' }],
  ])('refuses %s', (_why, overrides) => {
    expect(eventSchema.safeParse({ ...buildEvent(), ...overrides }).success).toBe(false);
  });

  it.each([
    [{ events: [buildEvent()], stats: { open: 1 } }, true],
    [{ events: [], stats: { open: 0 } }, true],
    [{ events: [] }, false],
    [{ events: [], stats: { open: -1 } }, false],
  ])('§3 event data %j is accepted: %s', (value, ok) => {
    expect(eventDataSchema.safeParse(value).success).toBe(ok);
  });

  it.each([
    [{}, true],
    [{ from: '2024-09-01T00:00:00+12:00', types: ['error'], open: true }, true],
    [{ targets: [3], targetType: 'control' }, true],
    [{ targets: [3], targetType: 'valve' }, false],
    [{ types: ['fatal'] }, false],
    [{ from: 'yesterday' }, false],
  ])('§7 POST areas/{id}/events filter %j is accepted: %s', (body, ok) => {
    expect(eventFilterBodySchema.safeParse(body).success).toBe(ok);
  });

  const byAuthor = { author: { id: 7, name: 'Sam Field' }, mine: true };
  it.each([
    [
      {
        id: 5,
        target: 100,
        area: 10,
        text: 'Dripper line cut, repaired',
        timestamp: '2024-09-01T06:00:00Z',
        ...byAuthor,
      },
      true,
    ],
    [
      { id: 5, target: 100, area: 10, text: '', timestamp: '2024-09-01T06:00:00Z', ...byAuthor },
      false,
    ],
    [
      {
        id: 5,
        target: 100,
        targetType: 'control',
        area: 10,
        text: 'Valve leaking',
        timestamp: '2024-09-01T06:00:00Z',
        ...byAuthor,
      },
      true,
    ],
    [
      {
        id: 5,
        target: 1,
        targetType: 'pond',
        area: 10,
        text: 'x',
        timestamp: '2024-09-01T06:00:00Z',
        ...byAuthor,
      },
      false,
    ],
    [
      {
        id: 5,
        target: 1,
        area: 10,
        text: 'x',
        timestamp: '2024-09-01T06:00:00Z',
        author: null,
        mine: false,
      },
      true,
    ],
    [{ id: 5, target: 1, area: 10, text: 'x', timestamp: '2024-09-01T06:00:00Z' }, false],
  ])('§3 note %j is accepted: %s', (value, ok) => {
    expect(noteSchema.safeParse(value).success).toBe(ok);
  });

  it.each([
    [{ text: 'Checked the filters' }, true],
    [{ text: 'Valve leaking', target: 3, targetType: 'control' }, true],
    [{ text: '' }, false],
    [{ text: 'x', targetType: 'pond' }, false],
  ])('POST areas/{id}/notes body %j is accepted: %s', (body, ok) => {
    expect(noteCreateBodySchema.safeParse(body).success).toBe(ok);
  });
});

describe('§3 metrics list', () => {
  it.each([
    [
      [
        { id: 24, name: 'temperature', unit: '°C' },
        { id: 126, name: 'precipitation' },
      ],
      true,
    ],
    [[], true],
    [[{ id: 0, name: 'temperature' }], false],
    [[{ id: 24 }], false],
  ])('%j is accepted: %s', (value, ok) => {
    expect(metricsListSchema.safeParse(value).success).toBe(ok);
  });
});

describe('§3 export request: done is shown as finished', () => {
  it.each([
    [{ id: 9, status: 'done', format: 'pdf', url: '/exports/9.pdf' }, true],
    [{ id: 9, status: 'inProgress' }, true],
    [{ id: 9, status: 'finished' }, false],
    [{ id: 9, status: 'done', format: 'docx' }, false],
  ])('%j is accepted: %s', (value, ok) => {
    expect(exportRequestSchema.safeParse(value).success).toBe(ok);
  });

  it.each<[RequestStatus, ExportStatusLabel]>([
    ['done', 'finished'],
    ['failed', 'failed'],
    ['cancelled', 'failed'],
    ['new', 'loading'],
    ['inProgress', 'loading'],
    ['pending', 'loading'],
  ])('%s is shown as %s (§4 loading then finished or failed)', (status, label) => {
    expect(exportStatusLabel(status)).toBe(label);
  });
});

import { describe, expect, it } from 'vitest';
import type { ZoneApplicationStatus } from '../entities/vocabulary.ts';
import {
  irrigationColour,
  irrigationColourState,
  zoneStrokeState,
  type IrrigationColourInput,
  type IrrigationColourState,
} from './irrigation-colour.ts';

describe('§4 irrigation colour: fault wins, then running, then irrigated (last cycle true or undefined), else stopped', () => {
  it.each<[string, IrrigationColourInput, IrrigationColourState]>([
    [
      'fault beats everything → fault',
      { hasFaults: true, running: true, irrigated: true, lastCycle: true },
      'fault',
    ],
    ['fault alone → fault', { hasFaults: true }, 'fault'],
    [
      'running beats irrigated → running',
      { hasFaults: false, running: true, irrigated: true },
      'running',
    ],
    ['running alone → running', { running: true }, 'running'],
    ['irrigated, last cycle true → irrigated', { irrigated: true, lastCycle: true }, 'irrigated'],
    ['irrigated, last cycle undefined → irrigated', { irrigated: true }, 'irrigated'],
    [
      'irrigated, last cycle null (read as undefined) → irrigated',
      { irrigated: true, lastCycle: null },
      'irrigated',
    ],
    [
      'irrigated, last cycle false: more cycles to come → stopped',
      { irrigated: true, lastCycle: false },
      'stopped',
    ],
    ['not irrigated, last cycle true → stopped', { irrigated: false, lastCycle: true }, 'stopped'],
    ['nothing known → stopped', {}, 'stopped'],
    [
      'all false → stopped',
      { hasFaults: false, running: false, irrigated: false, lastCycle: false },
      'stopped',
    ],
    [
      'null faults are not faults → stopped',
      { hasFaults: null, running: null, irrigated: null },
      'stopped',
    ],
  ])('%s', (_, input, expected) => {
    expect(irrigationColourState(input)).toBe(expected);
  });

  it.each<[IrrigationColourState, string]>([
    ['fault', '#F44336'],
    ['running', '#448AFF'],
    ['irrigated', '#4CAF50'],
    ['stopped', '#ECEFF1'],
  ])('§9 colour of %s is %s', (state, colour) => {
    expect(irrigationColour(state)).toBe(colour);
  });
});

describe('§4 "A zone polygon stroke is the irrigated colour when paused without faults"', () => {
  it.each<
    [
      ZoneApplicationStatus,
      boolean | null | undefined,
      IrrigationColourState,
      IrrigationColourState,
    ]
  >([
    ['paused', false, 'stopped', 'irrigated'],
    ['paused', undefined, 'stopped', 'irrigated'],
    ['paused', null, 'running', 'irrigated'],
    ['paused', true, 'fault', 'fault'],
    ['running', false, 'running', 'running'],
    ['stopped', false, 'stopped', 'stopped'],
    ['pausing', false, 'running', 'running'],
    ['stopped', false, 'irrigated', 'irrigated'],
  ])('status %s, faults %s, fill %s → stroke %s', (status, hasFaults, fill, expected) => {
    expect(zoneStrokeState({ status, hasFaults }, fill)).toBe(expected);
  });
});

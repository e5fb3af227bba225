import { describe, expect, it } from 'vitest';
import type { RequestStatus, RequestType } from '../entities/vocabulary.ts';
import {
  isCommandAdvanced,
  requestStatusFromCommands,
  type CommandStatus,
} from './status-from-commands.ts';

describe('a request status from its commands', () => {
  it.each<[string, CommandStatus[], RequestStatus | null]>([
    ['no commands yet', [], null],
    ['all merely sent', ['sent', 'sent'], null],
    ['one accepted', ['sent', 'accepted'], 'inProgress'],
    ['one done, one still sent', ['done', 'sent'], 'inProgress'],
    ['all done', ['done', 'done'], 'done'],
    ['the only one done', ['done'], 'done'],
    ['one failed among done', ['done', 'failed'], 'failed'],
    ['one timed out among accepted', ['accepted', 'timedOut'], 'failed'],
    ['a failure outweighs everything', ['sent', 'accepted', 'done', 'failed'], 'failed'],
  ])('%s', (_, statuses, expected) => {
    expect(requestStatusFromCommands(statuses)).toBe(expected);
  });

  it.each<[RequestType, boolean]>([
    ['control', true],
    ['radio', true],
    ['fan', true],
    ['program', false],
    ['area', false],
    ['site', false],
  ])('a %s request follows its commands: %s', (type, advanced) => {
    expect(isCommandAdvanced(type)).toBe(advanced);
  });
});

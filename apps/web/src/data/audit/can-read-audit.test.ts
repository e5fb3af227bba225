import { roleActions, type Privilege } from '@paddock/domain';
import { describe, expect, it } from 'vitest';
import { canReadAudit } from './can-read-audit.ts';

describe('canReadAudit', () => {
  it.each<[string, Privilege[], boolean]>([
    ['a site admin', [...roleActions('admin')], true],
    ['support staff holding only view on the site', ['view', 'internal'], true],
    ['a manager', [...roleActions('manage')], false],
    ['a monitor', [...roleActions('monitor')], false],
    ['someone who may switch user but is no admin', ['view', 'loginAs'], false],
    ['no one yet (privileges loading)', [], false],
  ])('%s: %s', (_, held, may) => {
    expect(canReadAudit(held)).toBe(may);
  });
});

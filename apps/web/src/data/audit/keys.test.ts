import { describe, expect, it } from 'vitest';
import { siteKeys } from '../sites/keys.ts';
import { auditKeys } from './keys.ts';

describe('audit query keys', () => {
  it('sit under the site, so the route refresh reaches them', () => {
    const prefix = siteKeys.detail(4);
    expect(auditKeys.rows(4, { kind: 'sensor', target: 7 }).slice(0, prefix.length)).toEqual(prefix);
    expect(auditKeys.verdict(4).slice(0, prefix.length)).toEqual(prefix);
  });

  it('differ by filters, so each page and filter has its own answer', () => {
    expect(auditKeys.rows(4, { page: 1 })).not.toEqual(auditKeys.rows(4, { page: 2 }));
    expect(auditKeys.rows(4, { page: 1 })).toEqual(['sites', 4, 'audit', 'rows', { page: 1 }]);
    expect(auditKeys.verdict(4)).toEqual(['sites', 4, 'audit', 'verify']);
  });
});

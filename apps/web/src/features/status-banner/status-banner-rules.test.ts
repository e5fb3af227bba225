import { INCIDENT_BANNER, MAINTENANCE_BANNER } from '@paddock/domain';
import { describe, expect, it } from 'vitest';
import {
  bannerContent,
  readAcknowledged,
  statusFingerprint,
  writeAcknowledged,
} from './status-banner-rules.ts';

const incident = { name: 'Delayed telemetry', url: 'https://status.example/incidents/1' };
const maintenance = { name: 'Database upgrade', url: 'https://status.example/maintenance/2' };

describe('incident banner rules (§4)', () => {
  it('says nothing without incidents or maintenances', () => {
    expect(bannerContent(undefined)).toBeNull();
    expect(bannerContent({ activeIncidents: [], activeMaintenances: [] })).toBeNull();
  });

  it('an incident wins, with the first incident as Learn more', () => {
    expect(
      bannerContent({
        activeIncidents: [incident, { name: 'Second', url: 'https://x.example' }],
        activeMaintenances: [maintenance],
      }),
    ).toEqual({ message: INCIDENT_BANNER, url: incident.url, kind: 'incident' });
  });

  it('a maintenance alone shows the maintenance text', () => {
    expect(bannerContent({ activeIncidents: [], activeMaintenances: [maintenance] })).toEqual({
      message: MAINTENANCE_BANNER,
      url: maintenance.url,
      kind: 'maintenance',
    });
  });

  it('the fingerprint changes with the report and only with it', () => {
    const a = statusFingerprint({ activeIncidents: [incident], activeMaintenances: [] });
    expect(statusFingerprint({ activeIncidents: [{ ...incident }], activeMaintenances: [] })).toBe(
      a,
    );
    expect(
      statusFingerprint({
        activeIncidents: [{ ...incident, name: 'Worse' }],
        activeMaintenances: [],
      }),
    ).not.toBe(a);
    expect(
      statusFingerprint({ activeIncidents: [incident], activeMaintenances: [maintenance] }),
    ).not.toBe(a);
  });

  it('the acknowledged flag lives in session storage under the spec key', () => {
    writeAcknowledged('fp-1');
    expect(sessionStorage.getItem('acknowledged')).toBe('fp-1');
    expect(readAcknowledged()).toBe('fp-1');
    sessionStorage.clear();
    expect(readAcknowledged()).toBeNull();
  });
});

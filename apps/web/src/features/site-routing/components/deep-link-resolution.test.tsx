import { siteSchema } from '@paddock/domain';
import type { DeepLinkRoute } from '@paddock/domain';
import {
  buildArea,
  buildControl,
  buildProgram,
  buildProgramZone,
  buildRadio,
  buildSite,
} from '@paddock/domain/testing';
import { useQuery } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api, configureApiClient } from '../../../lib/api-client.ts';
import { jsonResponse } from '../../../testing/render.tsx';
import { renderRoutes, routedFetch } from '../../../testing/render-routes.tsx';
import { DeepLinkResolution } from './deep-link-resolution.tsx';

const SITE = buildSite({
  id: 4,
  areas: [buildArea({ id: 9, site: 4, type: 'irrigation' })],
});

function DeepLinkPage({ route }: { route: DeepLinkRoute }) {
  const query = useQuery({
    queryKey: ['sites', route.siteId],
    queryFn: () => api.get(`/sites/${route.siteId}`, { schema: siteSchema }),
  });
  return <DeepLinkResolution site={query} route={route} uid="uid-1" />;
}

function open(route: DeepLinkRoute, answers: Parameters<typeof routedFetch>[0]) {
  const network = routedFetch({ 'GET /api/sites/4': jsonResponse(200, SITE), ...answers });
  configureApiClient({ baseUrl: '/api', fetch: network.fetch });
  const path = `/${route.siteId}/${route.areaId}/${route.type}/${route.target}`;
  const view = renderRoutes(
    [
      { path, element: <DeepLinkPage route={route} /> },
      { path: '*', element: <p>Landed</p> },
    ],
    path,
  );
  const landed = async () => {
    await waitFor(() => expect(view.router.state.location.pathname).not.toBe(path));
    const { pathname, search } = view.router.state.location;
    return `${pathname}${search}`;
  };
  return { ...view, calls: network.calls, landed };
}

const link = (type: DeepLinkRoute['type'], target: number): DeepLinkRoute => ({
  kind: 'deepLink',
  siteId: 4,
  areaId: 9,
  type,
  target,
});

describe('DeepLinkResolution (§2 redirect route)', () => {
  it('fetches a radio and opens telemetry selecting it', async () => {
    const view = open(link('radio', 3), {
      'GET /api/radios/3': jsonResponse(200, buildRadio({ id: 3 })),
    });
    expect(await view.landed()).toBe('/4/telemetry/9?radio=3');
    expect(view.calls).toContain('GET /api/radios/3');
  });

  it('opens plain telemetry for a radio that cannot be loaded', async () => {
    const view = open(link('radio', 3), {});
    expect(await view.landed()).toBe('/4/telemetry/9');
  });

  it('fetches a valve and its area programs, and opens the zone with ?valve= when valve-based', async () => {
    const zone = buildProgramZone({
      id: 5,
      application: { ...buildProgramZone().application, irrigationType: 'cycleControlledZone' },
    });
    const view = open(link('control', 21), {
      'GET /api/controls/21': jsonResponse(
        200,
        buildControl({ id: 21, type: 'valve', area: 9, section: 5 }),
      ),
      'GET /api/programs?area=9': jsonResponse(200, [buildProgram({ area: 9, zones: [zone] })]),
    });
    expect(await view.landed()).toBe('/4/irrigation/9/zone/5?valve=21');
  });

  it('fetches the units of the site for a unit', async () => {
    const view = open(link('unit', 300), {
      'GET /api/sites/4/units': jsonResponse(200, [
        {
          id: 300,
          serialno: 'U-1',
          site: 4,
          areas: [9],
          overdue: false,
          lastUpdate: null,
          location: null,
          radio: null,
        },
      ]),
    });
    expect(await view.landed()).toBe('/4/telemetry/9?type=unit&target=300');
  });

  it('fetches the sensors of the area for a sensor', async () => {
    const view = open(link('sensor', 40), {
      'GET /api/sensors?area=9': jsonResponse(200, []),
    });
    expect(await view.landed()).toBe('/4/irrigation/9');
    expect(view.calls).toContain('GET /api/sensors?area=9');
  });
});

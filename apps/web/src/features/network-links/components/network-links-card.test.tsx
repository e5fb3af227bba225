import {
  formatSiteDateTime,
  MAX_NETWORK_LINKS_PER_SITE,
  type HeardDevice,
  type NetworkLink,
} from '@paddock/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../lib/api-client.ts';
import {
  describedBy,
  jsonResponse,
  recordingFetch,
  renderWithProviders,
} from '../../../testing/render.tsx';
import { NetworkLinksCard } from './network-links-card.tsx';

const TIME_ZONE = 'Pacific/Auckland';

const chirpstack: NetworkLink = {
  id: 5,
  site: 7,
  kind: 'chirpstack',
  url: 'mqtt://chirpstack.farm.example:1883',
  username: 'paddock',
  hasPassword: true,
  applicationId: '0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0',
  tenant: null,
  state: 'connected',
  stateDetail: null,
  lastUplinkAt: '2026-11-20T23:15:00.000Z',
  created: '2026-11-20T22:00:00.000Z',
  modified: '2026-11-20T22:00:00.000Z',
};

const things: NetworkLink = {
  id: 6,
  site: 7,
  kind: 'tts-mqtt',
  url: 'mqtts://eu1.cloud.thethings.network:8883',
  username: 'orchard@ttn',
  hasPassword: true,
  applicationId: 'orchard',
  tenant: 'ttn',
  state: 'refused: bad credentials',
  stateDetail: 'Connection refused: Not authorized',
  lastUplinkAt: null,
  created: '2026-11-20T22:00:00.000Z',
  modified: '2026-11-20T22:00:00.000Z',
};

const webhook: NetworkLink = {
  ...things,
  id: 8,
  kind: 'tts-webhook',
  url: 'https://paddock.example/ingest',
  username: null,
  hasPassword: false,
  state: 'no uplink for 2 h',
  stateDetail: null,
  lastUplinkAt: '2026-11-20T20:00:00.000Z',
};

const heardDevice: HeardDevice = {
  devEui: '70B3D57ED0051234',
  lastFCnt: 4182,
  lastSeen: '2026-11-20T23:10:00.000Z',
  rssi: -112,
  snr: 7.5,
};

/** The API as the card calls it: links kept between calls, every request recorded. */
function setup(
  initial: NetworkLink[],
  options: { refuse?: { field: string; message: string } } = {},
) {
  let links = [...initial];
  const { fetch, calls } = recordingFetch(async ({ method, url: path, body }) => {
    const saved = (id: number) => ({
      ...chirpstack,
      ...body,
      id,
      hasPassword: typeof body?.password === 'string',
      password: undefined,
      username: body?.username ?? null,
      tenant: body?.tenant ?? null,
      state: 'pending',
      lastUplinkAt: null,
    });
    if ((method === 'POST' || method === 'PUT') && options.refuse) {
      return jsonResponse(400, { statusCode: 400, error: 'Bad Request', ...options.refuse });
    }
    if (method === 'POST' && path.endsWith('/sites/7/network-links')) {
      const created = saved(9) as NetworkLink;
      links = [...links, created];
      return jsonResponse(201, created);
    }
    const one = /\/network-links\/(\d+)$/.exec(path);
    if (one && method === 'PUT') return jsonResponse(200, saved(Number(one[1])));
    if (one && method === 'DELETE') {
      links = links.filter((link) => link.id !== Number(one[1]));
      return jsonResponse(204);
    }
    if (path.endsWith('/network-links/5/heard')) return jsonResponse(200, [heardDevice]);
    if (path.endsWith('/heard')) return jsonResponse(200, []);
    if (path.endsWith('/sites/7/network-links')) return jsonResponse(200, links);
    throw new Error(`Unexpected ${method} ${path}`);
  });
  configureApiClient({ baseUrl: '/api', fetch });
  const rendered = renderWithProviders(<NetworkLinksCard siteId={7} timeZone={TIME_ZONE} />);
  const listed = () =>
    calls.filter((call) => call.method === 'GET' && call.url === '/api/sites/7/network-links')
      .length;
  return { ...rendered, calls, listed };
}

async function openAdd(user: ReturnType<typeof setup>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Add network server' }));
  return screen.findByRole('dialog', { name: 'Add a network server' });
}

describe('the Network servers card', () => {
  it('lists each link with its kind, address, application, state and last uplink', async () => {
    setup([chirpstack, things, webhook]);
    const table = await screen.findByRole('table', { name: 'Network servers' });

    const first = within(table).getByRole('row', { name: chirpstack.url });
    expect(within(first).getByText('ChirpStack v4 (MQTT)')).toBeTruthy();
    expect(within(first).getByText(chirpstack.applicationId)).toBeTruthy();
    expect(within(first).getByText('connected')).toBeTruthy();
    expect(
      within(first).getByText(
        formatSiteDateTime(new Date(chirpstack.lastUplinkAt ?? ''), TIME_ZONE),
      ),
    ).toBeTruthy();

    const second = within(table).getByRole('row', { name: things.url });
    expect(within(second).getByText('The Things Stack v3 (MQTT)')).toBeTruthy();
    expect(within(second).getByText('orchard@ttn')).toBeTruthy();
    expect(within(second).getByText('refused: bad credentials')).toBeTruthy();
    expect(within(second).getByText('Connection refused: Not authorized')).toBeTruthy();
    expect(within(second).getByText('never')).toBeTruthy();

    const third = within(table).getByRole('row', { name: webhook.url });
    expect(within(third).getByText('The Things Stack v3 (webhook)')).toBeTruthy();
    expect(within(third).getByText('no uplink for 2 h')).toBeTruthy();
    // What to paste into The Things Stack's webhook; the MQTT links have nothing to paste.
    expect(within(third).getByTestId('webhook-target').textContent).toBe(
      `The Things Stack posts uplinks to ${window.location.origin}/api/network-links/8/uplinks ` +
        "with the header Authorization: Bearer and this link's password.",
    );
    expect(within(first).queryByTestId('webhook-target')).toBeNull();
  });

  it('says what a link does when there is none', async () => {
    setup([]);
    expect(
      await screen.findByText(
        'Link this site to a ChirpStack or The Things Stack application: uplinks of devices ' +
          'whose devEUI a radio has become its readings.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add network server' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('disables adding at the most links a site may have, with a hint', async () => {
    setup(
      Array.from({ length: MAX_NETWORK_LINKS_PER_SITE }, (_, index) => ({
        ...chirpstack,
        id: 100 + index,
        url: `mqtt://broker-${index}.example:1883`,
      })),
    );
    await screen.findByRole('table', { name: 'Network servers' });
    expect(screen.getByRole('button', { name: 'Add network server' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(
      screen.getByText(`A site has at most ${MAX_NETWORK_LINKS_PER_SITE} network server links.`),
    ).toBeTruthy();
  });

  it('adds a link with what the form says, password included, and lists it', async () => {
    const { user, calls, listed } = setup([]);
    const dialog = await openAdd(user);
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Kind' }),
      'The Things Stack v3 (MQTT)',
    );
    const url = within(dialog).getByRole('textbox', { name: /^URL/ });
    expect(url.getAttribute('placeholder')).toBe('mqtts://eu1.cloud.thethings.network:8883');
    await user.type(url, 'mqtts://eu1.cloud.thethings.network:8883');
    await user.type(within(dialog).getByRole('textbox', { name: /^User name/ }), 'orchard@ttn');
    await user.type(within(dialog).getByLabelText(/^Password/), 'NNSXS.SECRET');
    await user.type(within(dialog).getByRole('textbox', { name: /^Application id/ }), 'orchard');
    await user.type(within(dialog).getByRole('textbox', { name: /^Tenant/ }), 'ttn');
    const before = listed();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: '/api/sites/7/network-links',
        body: {
          kind: 'tts-mqtt',
          url: 'mqtts://eu1.cloud.thethings.network:8883',
          username: 'orchard@ttn',
          password: 'NNSXS.SECRET',
          applicationId: 'orchard',
          tenant: 'ttn',
        },
      },
    ]);
    const row = await screen.findByRole('row', {
      name: 'mqtts://eu1.cloud.thethings.network:8883',
    });
    expect(within(row).getByText('pending')).toBeTruthy();
    expect(listed()).toBeGreaterThan(before);
  });

  it('keeps the stored password when none is typed, and removes it when asked', async () => {
    const { user, calls } = setup([chirpstack]);
    const row = await screen.findByRole('row', { name: chirpstack.url });
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    let dialog = await screen.findByRole('dialog', { name: 'Change a network server' });
    expect((within(dialog).getByLabelText(/^Password/) as HTMLInputElement).value).toBe('');
    const app = within(dialog).getByRole('textbox', { name: /^Application id/ });
    await user.clear(app);
    await user.type(app, 'pumps');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const kept = calls.find((call) => call.method === 'PUT');
    expect(kept?.url).toBe('/api/network-links/5');
    expect(kept?.body).toEqual({
      kind: 'chirpstack',
      url: chirpstack.url,
      username: 'paddock',
      applicationId: 'pumps',
      tenant: null,
    });
    expect(kept?.body && 'password' in kept.body).toBe(false);

    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    dialog = await screen.findByRole('dialog', { name: 'Change a network server' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Remove the stored password' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const removed = calls.filter((call) => call.method === 'PUT')[1];
    expect(removed?.body).toMatchObject({ password: null });
  });

  it('refuses on the client a Things Stack MQTT link without tenant and an http broker', async () => {
    const { user, calls } = setup([]);
    const dialog = await openAdd(user);
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Kind' }),
      'The Things Stack v3 (MQTT)',
    );
    await user.type(
      within(dialog).getByRole('textbox', { name: /^URL/ }),
      'mqtts://eu1.cloud.thethings.network:8883',
    );
    await user.type(within(dialog).getByRole('textbox', { name: /^Application id/ }), 'orchard');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(describedBy(within(dialog).getByRole('textbox', { name: /^Tenant/ }))).toContain(
      'The Things Stack needs its tenant (ttn on The Things Network)',
    );

    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Kind' }),
      'ChirpStack v4 (MQTT)',
    );
    const url = within(dialog).getByRole('textbox', { name: /^URL/ });
    await user.clear(url);
    await user.type(url, 'http://chirpstack.example:8080');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(describedBy(url)).toContain('Enter an mqtt(s) or ws(s) URL');
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Add a network server' })).toBeTruthy();
  });

  it("shows the server's refusal under the field it names", async () => {
    const message = 'The broker address resolves to a private network';
    const { user } = setup([], { refuse: { field: 'url', message } });
    const dialog = await openAdd(user);
    const url = within(dialog).getByRole('textbox', { name: /^URL/ });
    await user.type(url, 'mqtt://10.0.0.4:1883');
    await user.type(within(dialog).getByRole('textbox', { name: /^Application id/ }), 'farm');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(describedBy(url)).toContain(message));
    expect(screen.getByRole('dialog', { name: 'Add a network server' })).toBeTruthy();
  });

  it('lists the devices a link heard that no radio has, with their signal', async () => {
    const { user } = setup([chirpstack, things]);
    const row = await screen.findByRole('row', { name: chirpstack.url });
    await user.click(within(row).getByRole('button', { name: 'Heard' }));
    const heard = await screen.findByRole('table', { name: 'Heard, not provisioned' });
    const device = within(heard).getAllByRole('row')[1] as HTMLElement;
    expect(within(device).getByText('70B3D57ED0051234')).toBeTruthy();
    expect(within(device).getByText('4182')).toBeTruthy();
    expect(within(device).getByText('-112 dBm · 7.5 dB')).toBeTruthy();
    expect(
      screen.getByText("Give a radio this devEUI (on the radio's detail) to attach it."),
    ).toBeTruthy();

    const other = screen.getByRole('row', { name: things.url });
    await user.click(within(other).getByRole('button', { name: 'Heard' }));
    expect(
      await screen.findByText('Every device this link heard is a radio of the site.'),
    ).toBeTruthy();
  });

  it('asks before deleting a link, then sends DELETE', async () => {
    const { user, calls } = setup([chirpstack]);
    const row = await screen.findByRole('row', { name: chirpstack.url });
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the network server link' });
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
        '/api/network-links/5',
      ]),
    );
    expect(
      await screen.findByText(
        'Link this site to a ChirpStack or The Things Stack application: uplinks of devices ' +
          'whose devEUI a radio has become its readings.',
      ),
    ).toBeTruthy();
  });
});

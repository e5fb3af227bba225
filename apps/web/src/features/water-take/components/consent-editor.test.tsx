import type { WaterConsent } from '@paddock/domain';
import { buildSensor } from '@paddock/domain/testing';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../lib/api-client.ts';
import {
  jsonResponse as json,
  renderWithProviders,
  scriptedFetch,
} from '../../../testing/render.tsx';
import { ConsentEditor } from './consent-editor.tsx';

const CONSENT: WaterConsent = {
  id: 5,
  site: 2,
  consentNumber: 'CRC182345',
  label: 'Irrigation take',
  maxRateLps: 60,
  maxDailyVolumeM3: 2500,
  meters: [
    {
      sensor: 7,
      verifiedOn: '2024-10-14',
      label: 'Pivot meter',
      serialno: 'WM-7',
      verificationDue: false,
    },
  ],
  modifiedAt: '2026-11-21T09:00:00.000Z',
};

function setup(saved: Response) {
  // The area's sensors when the editor opens, then the save.
  const network = scriptedFetch(
    json(200, [
      buildSensor({ id: 7, type: 'watermeter', label: 'Pivot meter' }),
      buildSensor({ id: 8, type: 'watermeter', label: 'K-line meter' }),
      buildSensor({ id: 9, type: 'level', label: 'Tank' }),
    ]),
    saved,
  );
  configureApiClient({ baseUrl: '/api', fetch: network.fetch });
  const onClose = vi.fn();
  const view = renderWithProviders(
    <ConsentEditor siteId={2} areaIds={[1]} consent={CONSENT} onClose={onClose} />,
  );
  return { ...view, network, onClose };
}

const saves = (calls: { url: string; init: RequestInit | undefined }[]) =>
  calls
    .filter((call) => call.init?.method === 'PUT')
    .map((call) => ({ url: call.url, body: JSON.parse(String(call.init?.body)) as unknown }));

describe('the water consent editor', () => {
  it('shows each field’s message on save and sends nothing while one is wrong', async () => {
    const { user, network, onClose } = setup(json(200, CONSENT));
    const number = screen.getByLabelText(/Consent number/);
    await user.clear(number);
    await user.clear(screen.getByLabelText('Maximum rate (L/s)'));
    await user.type(screen.getByLabelText('Maximum rate (L/s)'), '-3');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter the consent number')).toBeDefined();
    expect(screen.getByText('A number above zero, or empty for none')).toBeDefined();
    expect(saves(network.calls)).toHaveLength(0);

    await user.type(number, 'CRC999');
    await user.clear(screen.getByLabelText('Maximum rate (L/s)'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saves(network.calls)[0]?.url).toMatch(/\/api\/sites\/2\/water-consents\/5$/);
    expect(saves(network.calls)[0]?.body).toEqual({
      consentNumber: 'CRC999',
      label: 'Irrigation take',
      maxRateLps: null,
      maxDailyVolumeM3: 2500,
      meters: [{ sensor: 7, verifiedOn: '2024-10-14' }],
    });
  });

  it('shows a consent number the site has already at its field', async () => {
    const { user, onClose } = setup(
      json(409, { statusCode: 409, error: 'Conflict', message: 'Consent number taken' }),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The site has a consent with this number')).toBeDefined();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a meter is removed and added; a new row must pick one', async () => {
    const { user, network } = setup(json(200, CONSENT));
    await user.click(screen.getByRole('button', { name: 'Remove the meter' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A consent names at least one water meter')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Add a meter' }));
    // The placeholder is no text: what is found is the row's message.
    expect(await screen.findByText('Pick a water meter')).toBeDefined();
    expect(saves(network.calls)).toHaveLength(0);
  });
});

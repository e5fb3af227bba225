import type { Radio, Unit } from '@paddock/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAreaRadios } from '../../data/radios/get-area-radios.ts';
import { configureApiClient } from '../../lib/api-client.ts';
import {
  describedBy,
  jsonResponse,
  recordingFetch,
  renderWithProviders,
} from '../../testing/render.tsx';
import { DevEui } from './dev-eui.tsx';
import { HardwareFacts } from './hardware-detail-sections.tsx';
import { hardwareItems } from './hardware-items.ts';

const AREA_ID = 3;

const radio: Radio = {
  id: 11,
  type: 'LoRa',
  unit: null,
  serialno: 'LR-0042',
  section: null,
  location: null,
  tags: {},
  config: { repeater: false, coordinator: false, children: [] },
  overdue: false,
  lastUpdate: '2026-11-20T23:00:00.000Z',
  fault: false,
  online: true,
  batteryValue: 3.6,
  signalValue: -90,
  missesValue: 0,
  reportIntervalSeconds: 900,
  devEui: '70B3D57ED005A1C2',
};

/** The area's radios as the pages read them (a query), so a save is seen through its refetch. */
function AreaRadioDevEui({ canEdit }: { canEdit: boolean }) {
  const radios = useAreaRadios(AREA_ID);
  const item = hardwareItems({ radios: radios.data ?? [], units: [], areaId: AREA_ID })[0];
  return item ? <DevEui item={item} areaId={AREA_ID} canEdit={canEdit} /> : null;
}

/** The API: the radio kept between calls (a PUT saves its devEUI), every request recorded. */
function setup(
  initial: Radio,
  options: { canEdit?: boolean; refuse?: { status: number; message: string } } = {},
) {
  let stored = { ...initial };
  const { fetch, calls } = recordingFetch(async ({ method, url: path, body }) => {
    if (method === 'GET' && path === `/api/areas/${AREA_ID}/radios`) {
      return jsonResponse(200, [stored]);
    }
    if (method === 'PUT' && path === `/api/radios/${initial.id}`) {
      if (options.refuse) {
        return jsonResponse(options.refuse.status, {
          statusCode: options.refuse.status,
          error: 'Conflict',
          message: options.refuse.message,
          field: 'devEui',
        });
      }
      stored = { ...stored, devEui: body?.devEui as string | null };
      return jsonResponse(200, stored);
    }
    throw new Error(`Unexpected ${method} ${path}`);
  });
  configureApiClient({ baseUrl: '/api', fetch });
  const rendered = renderWithProviders(<AreaRadioDevEui canEdit={options.canEdit ?? true} />);
  const puts = () => calls.filter((call) => call.method === 'PUT');
  const listed = () => calls.filter((call) => call.method === 'GET').length;
  return { ...rendered, calls, puts, listed };
}

describe("a radio's devEUI", () => {
  it('shows the stored devEUI in groups of four', async () => {
    setup(radio);
    expect((await screen.findByTestId('dev-eui')).textContent).toBe('70B3 D57E D005 A1C2');
  });

  it('shows None when the radio has no devEUI', async () => {
    setup({ ...radio, devEui: null });
    expect((await screen.findByTestId('dev-eui')).textContent).toBe('None');
  });

  it('an admin changes it: the PUT carries it normalised, the editor closes, the radios refetch', async () => {
    const { user, puts, listed } = setup({ ...radio, devEui: null });
    await user.click(await screen.findByRole('button', { name: 'Change' }));
    const input = screen.getByRole('textbox', { name: 'devEUI' });
    expect(input.getAttribute('placeholder')).toBe('70B3D57ED005A1C2');
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    const before = listed();
    await user.type(input, '70-b3-d5-7e-d0-05-12-34');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'devEUI' })).toBeNull());
    expect(puts()).toEqual([
      { method: 'PUT', url: '/api/radios/11', body: { devEui: '70B3D57ED0051234' } },
    ]);
    expect(await screen.findByText('70B3 D57E D005 1234')).toBeTruthy();
    expect(listed()).toBeGreaterThan(before);
  });

  it('Remove sends null and shows None', async () => {
    const { user, puts } = setup(radio);
    await user.click(await screen.findByRole('button', { name: 'Change' }));
    expect((screen.getByRole('textbox', { name: 'devEUI' }) as HTMLInputElement).value).toBe(
      '70B3D57ED005A1C2',
    );
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.getByTestId('dev-eui').textContent).toBe('None'));
    expect(puts().map((call) => call.body)).toEqual([{ devEui: null }]);
  });

  it('a bad devEUI shows the rule under the field and sends nothing', async () => {
    const { user, puts } = setup(radio);
    await user.click(await screen.findByRole('button', { name: 'Change' }));
    const input = screen.getByRole('textbox', { name: 'devEUI' });
    await user.clear(input);
    await user.type(input, '70B3D57ED005A1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(describedBy(input)).toContain(
      'A devEUI is 16 hexadecimal digits, e.g. 70B3D57ED005A1C2 (dashes or colons between pairs allowed)',
    );
    await user.clear(input);
    await user.type(input, '0000000000000000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(describedBy(input)).toContain('A devEUI is 16 hexadecimal digits');
    expect(puts()).toEqual([]);
  });

  it("shows the server's refusal (another radio has it) under the field and keeps the editor open", async () => {
    const { user, puts } = setup(radio, {
      refuse: { status: 409, message: 'Another radio has this devEUI' },
    });
    await user.click(await screen.findByRole('button', { name: 'Change' }));
    const input = screen.getByRole('textbox', { name: 'devEUI' });
    await user.clear(input);
    await user.type(input, '70B3D57ED0051234');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(describedBy(input)).toContain('Another radio has this devEUI'));
    expect(puts()).toHaveLength(1);
    expect((screen.getByRole('textbox', { name: 'devEUI' }) as HTMLInputElement).value).toBe(
      '70B3D57ED0051234',
    );
  });

  it('Cancel closes the editor without saving', async () => {
    const { user, puts } = setup(radio);
    await user.click(await screen.findByRole('button', { name: 'Change' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('textbox', { name: 'devEUI' })).toBeNull();
    expect(screen.getByTestId('dev-eui').textContent).toBe('70B3 D57E D005 A1C2');
    expect(puts()).toEqual([]);
  });

  it('someone not the admin reads it, with no Change link', async () => {
    setup(radio, { canEdit: false });
    expect((await screen.findByTestId('dev-eui')).textContent).toBe('70B3 D57E D005 A1C2');
    expect(screen.queryByRole('button', { name: 'Change' })).toBeNull();
  });
});

describe("the detail's devEUI field", () => {
  const unit: Unit = {
    id: 21,
    serialno: 'U-0007',
    site: 7,
    radio: 11,
    areas: [AREA_ID],
    location: null,
    lastUpdate: '2026-11-20T23:00:00.000Z',
    overdue: false,
    reportIntervalSeconds: 900,
  };

  function facts(kind: 'radio' | 'unit', canSetDevEui: boolean) {
    const items = hardwareItems({ radios: [radio], units: [unit], areaId: AREA_ID });
    const item = items.find((each) => each.kind === kind);
    if (!item) throw new Error(kind);
    return renderWithProviders(
      <HardwareFacts
        item={item}
        items={items}
        siteId={7}
        areaId={AREA_ID}
        timeZone="Pacific/Auckland"
        now={new Date('2026-11-20T23:05:00.000Z')}
        canInstall
        canSetDevEui={canSetDevEui}
        onSelect={() => undefined}
      />,
    );
  }

  it("follows a radio's report interval; only the site's admin may change it", async () => {
    const admin = facts('radio', true);
    expect((await screen.findByTestId('dev-eui')).textContent).toBe('70B3 D57E D005 A1C2');
    // The report interval's Change (install) and the devEUI's.
    expect(screen.getAllByRole('button', { name: 'Change' })).toHaveLength(2);
    admin.unmount();
    facts('radio', false);
    expect(screen.getByText('devEUI')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Change' })).toHaveLength(1);
  });

  it('is not shown for a unit', () => {
    facts('unit', true);
    expect(screen.queryByText('devEUI')).toBeNull();
    expect(screen.queryByTestId('dev-eui')).toBeNull();
  });
});

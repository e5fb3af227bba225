import type { FrostSummary } from '@paddock/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render.tsx';
import { FrostSummaryBar } from './frost-summary-bar.tsx';

const SUMMARY: FrostSummary = {
  area: 2,
  fans: 2,
  fansRunning: 1,
  fansFault: 0,
  faults: [],
  coldestCanopy: { value: -1.2, sensor: 5, label: 'Block 1', at: '2026-09-21T02:00:00Z' },
  nightStart: '2026-09-20T00:00:00Z',
  minutesBelowZeroTonight: 40,
  lowestFuel: null,
  fanInversions: [],
  inversion: { value: 3.4, class: 'strong' },
};

describe('the frost summary bar', () => {
  it('shows the inversion of the area now with its class', () => {
    renderWithProviders(<FrostSummaryBar summary={SUMMARY} />);
    const tile = screen.getByTestId('frost-summary-inversion');
    expect(tile.textContent).toContain('+3.4 °C');
    expect(within(tile).getByTestId('inversion-class').dataset.class).toBe('strong');
    expect(tile.textContent).toContain('strong');
  });

  it('shows no inversion when no fan reads tower and canopy', () => {
    renderWithProviders(<FrostSummaryBar summary={{ ...SUMMARY, inversion: null }} />);
    const tile = screen.getByTestId('frost-summary-inversion');
    expect(tile.textContent).toContain('--');
    expect(within(tile).queryByTestId('inversion-class')).toBeNull();
  });
});

import type { FrostRun } from '@paddock/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render.tsx';
import { FrostRunsTable } from './frost-runs-table.tsx';

const run = (fan: number, trigger: FrostRun['trigger']): FrostRun => ({
  fan,
  fanLabel: `Fan ${fan}`,
  start: '2026-09-20T14:00:00.000Z',
  stop: '2026-09-20T18:00:00.000Z',
  durationMinutes: 240,
  trigger,
  canopyAtStart: 0.4,
  canopyAtStop: 3.1,
  towerAtStart: 4.4,
  inversionAtStart: 4,
  inversionClassAtStart: 'strong',
  lowestCanopy: -0.6,
  highestWind: 3,
  windShutdowns: 0,
  averageRpm: 2350,
  engineHoursStart: 500,
  engineHoursEnd: 504,
  fuelStart: 80,
  fuelEnd: 64,
  flags: [],
});

describe('the frost runs table', () => {
  it('says what started each run, a start from the console as remote', () => {
    renderWithProviders(
      <FrostRunsTable
        runs={[run(1, 'auto'), run(2, 'remote')]}
        number={(value) => (value === null ? '--' : String(value))}
        time={(iso) => iso ?? 'running'}
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'Trigger' })).toBeTruthy();
    const triggers = screen.getAllByTestId('frost-run-trigger');
    expect(triggers.map((cell) => [cell.dataset.trigger, cell.textContent])).toEqual([
      ['auto', 'auto'],
      ['remote', 'remote'],
    ]);
  });
});

/**
 * The irrigation page's panels as the page shows them, for their tests: area 10 of site 1 on
 * Auckland's clock; the program panel with its actions live (the API answering from `routes`) and
 * notices caught.
 */
import type { Program, Section } from '@paddock/domain';
import { vi } from 'vitest';
import { configureApiClient } from '../../../lib/api-client.ts';
import * as notifyModule from '../../../lib/notify.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { useProgramActions, type ProgramActions } from '../hooks/use-program-actions.ts';
import { programView, zoneViews } from '../irrigation-view.ts';
import { routedFetch, type Route } from '../testing.ts';
import type { IrrigationPanelProps } from './irrigation-panel.ts';
import { ProgramPanel } from './program-panel.tsx';

/** What the page gives a panel: area 10 of site 1, Auckland's clock stopped at `now`. */
export const panelProps = (
  actions: ProgramActions,
  now: Date,
  canProgram: boolean,
  canReadAudit = false,
): IrrigationPanelProps => ({
  siteId: 1,
  areaId: 10,
  timeZone: 'Pacific/Auckland',
  now,
  actions,
  canProgram,
  canReadAudit,
});

interface ProgramPanelSetup {
  /** The area's sections (area 10), which the program's zones are. */
  readonly sections: readonly Section[];
  readonly now: Date;
  readonly routes?: Route[];
  readonly canProgram?: boolean;
  /** The user reads the audit log: the panel asks for the program's history (routes answer it). */
  readonly canReadAudit?: boolean;
}

function Harness({ value, setup }: { value: Program; setup: ProgramPanelSetup }) {
  const actions = useProgramActions(value, 10);
  return (
    <ProgramPanel
      {...panelProps(actions, setup.now, setup.canProgram ?? true, setup.canReadAudit ?? false)}
      program={value}
      view={programView(value, setup.now, actions.pendingActivity)}
      zones={zoneViews(setup.sections, value, [])}
      pumps={[]}
      sort="number"
      onSortChange={() => undefined}
    />
  );
}

export function renderProgramPanel(value: Program, setup: ProgramPanelSetup) {
  const network = routedFetch(setup.routes ?? []);
  configureApiClient({ baseUrl: '/api', fetch: network.fetch });
  const notify = vi.spyOn(notifyModule, 'notify').mockReturnValue('id');
  const view = renderWithProviders(<Harness value={value} setup={setup} />);
  return { ...view, network, notify };
}

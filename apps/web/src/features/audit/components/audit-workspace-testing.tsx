/**
 * The audit page as its route draws it, for its tests: Huon Valley Orchard (site 1) on Hobart's
 * clock, with two people to filter by and no object chosen; and the filters a test chooses on it.
 */
import { fireEvent, screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { renderWithProviders } from '../../../testing/render.tsx';
import { AuditWorkspace, type AuditWorkspaceProps } from './audit-workspace.tsx';

const HOBART = 'Australia/Hobart';

export function renderAuditWorkspace(props: Partial<AuditWorkspaceProps> = {}) {
  return renderWithProviders(
    <AuditWorkspace
      siteId={1}
      siteLabel="Huon Valley Orchard"
      timeZone={HOBART}
      people={[
        { id: 7, name: 'Aroha Ngata' },
        { id: 9, name: 'Sam Fielding' },
      ]}
      object={null}
      onClearObject={() => undefined}
      {...props}
    />,
  );
}

/**
 * Chooses Sam Fielding's alarm edits on sensors, from 20 November to the day `to` (Hobart's
 * days, as the date fields are): every filter the page has, as a person would pick them.
 */
export async function chooseFilters(user: UserEvent, { to }: { to: string }) {
  await user.click(screen.getByRole('combobox', { name: 'Person' }));
  await user.click(screen.getByRole('option', { name: 'Sam Fielding', hidden: true }));
  await user.click(screen.getByRole('combobox', { name: 'Object' }));
  await user.click(screen.getByRole('option', { name: 'Sensor', hidden: true }));
  await user.click(screen.getByRole('combobox', { name: 'Operation' }));
  await user.click(
    screen.getByRole('option', { name: 'PUT /areas/:areaId/alarms/:id', hidden: true }),
  );
  fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-20' } });
  fireEvent.change(screen.getByLabelText('To'), { target: { value: to } });
}

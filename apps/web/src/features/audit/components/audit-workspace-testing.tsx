/**
 * The audit page as its route draws it, for its tests: Huon Valley Orchard (site 1) on Hobart's
 * clock, with two people to filter by and no object chosen.
 */
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

/**
 * The program panel (issue 6): the area's program with its §4 activity and display state in the
 * §9 colours, the manual flag, the last-irrigation time, the start, pause, resume and test buttons
 * (offered only when §4 allows and the user holds the program privilege), the client status of
 * the last action, the sequences (up to 4, §9) and the zones, sorted by number or activity
 * (stored preference programSorting), each linking to its zone page and editable. The panel's
 * view (stored preference programView) shows the zones and sequences together, or one of them.
 * Below, the why of its runs (issue 30): its decisions, and its skip rules for those who edit it;
 * for those who read the audit log, its history (issue 33).
 */
import { SegmentedControl, Stack } from '@mantine/core';
import type { Control, Program, ProgramPanelView, ProgramSort } from '@paddock/domain';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditHistory } from '../../../components/audit/object-history.tsx';
import { usePreference } from '../../../lib/preferences.ts';
import { sortZones, type ProgramView, type ZoneView } from '../irrigation-view.ts';
import type { IrrigationPanelProps } from './irrigation-panel.ts';
import { ProgramDecisionsCard } from './program-decisions-card.tsx';
import { ProgramSequencesCard } from './program-sequences-card.tsx';
import { ProgramSettingsModal } from './program-settings-modal.tsx';
import { ProgramSummaryCard } from './program-summary-card.tsx';
import { ProgramZonesCard } from './program-zones-card.tsx';
import { SequencesModal } from './sequences-modal.tsx';
import { SkipRulesModal } from './skip-rules-modal.tsx';
import { ZoneSettingsModal } from './zone-settings-modal.tsx';

export interface ProgramPanelProps extends IrrigationPanelProps {
  readonly program: Program;
  readonly view: ProgramView;
  readonly zones: readonly ZoneView[];
  readonly pumps: readonly Control[];
  readonly sort: ProgramSort;
  readonly onSortChange: (sort: ProgramSort) => void;
}

type Modal =
  | { kind: 'zone'; zoneId: number }
  | { kind: 'sequences' }
  | { kind: 'settings' }
  | { kind: 'skipRules' };

export function ProgramPanel(props: ProgramPanelProps) {
  const { program, view, zones, actions, canProgram, timeZone, now, siteId, areaId } = props;
  const { t } = useTranslation();
  const [modal, setModal] = useState<Modal | null>(null);
  const [panelView, setPanelView] = usePreference('programView');
  const sorted = useMemo(() => sortZones(zones, props.sort), [zones, props.sort]);
  const byId = useMemo(() => new Map(zones.map((zone) => [zone.id, zone])), [zones]);
  // Stable, so the memoised zone rows are not redrawn by it.
  const editZone = useCallback((zoneId: number) => setModal({ kind: 'zone', zoneId }), []);
  const modalZone = modal?.kind === 'zone' ? byId.get(modal.zoneId) : undefined;

  return (
    <Stack gap="md" component="section" aria-label={t('Irrigation.Program.Label')}>
      <ProgramSummaryCard
        program={program}
        view={view}
        actions={actions}
        canProgram={canProgram}
        timeZone={timeZone}
        now={now}
        onOpenSettings={() => setModal({ kind: 'settings' })}
      />

      <SegmentedControl
        size="xs"
        value={panelView}
        onChange={(value) => setPanelView(value as ProgramPanelView)}
        aria-label={t('Irrigation.Program.View')}
        data={[
          { value: 'all', label: t('Irrigation.Program.View.All') },
          { value: 'zones', label: t('Irrigation.Zones.Title') },
          { value: 'sequences', label: t('Irrigation.Sequences.Title') },
        ]}
      />

      {panelView !== 'zones' && (
        <ProgramSequencesCard
          program={program}
          zones={zones}
          byId={byId}
          canProgram={canProgram}
          onEdit={() => setModal({ kind: 'sequences' })}
        />
      )}

      {panelView !== 'sequences' && (
        <ProgramZonesCard
          sorted={sorted}
          sort={props.sort}
          onSortChange={props.onSortChange}
          siteId={siteId}
          areaId={areaId}
          now={now}
          onEditZone={canProgram ? editZone : null}
        />
      )}

      <ProgramDecisionsCard
        areaId={areaId}
        programId={program.id}
        timeZone={timeZone}
        onEditRules={canProgram ? () => setModal({ kind: 'skipRules' }) : null}
      />

      {props.canReadAudit && (
        <AuditHistory
          key={program.id}
          siteId={siteId}
          object={{ kind: 'program', target: program.id }}
          timeZone={timeZone}
        />
      )}

      {canProgram && (
        <>
          {modal?.kind === 'skipRules' && (
            <SkipRulesModal
              opened
              onClose={() => setModal(null)}
              program={program}
              onApply={actions.apply}
            />
          )}
          {modalZone && (
            <ZoneSettingsModal
              opened
              onClose={() => setModal(null)}
              program={program}
              zoneId={modalZone.id}
              zoneLabel={modalZone.label}
              onApply={actions.apply}
            />
          )}
          {modal?.kind === 'sequences' && (
            <SequencesModal
              opened
              onClose={() => setModal(null)}
              program={program}
              zones={zones}
              onApply={actions.apply}
            />
          )}
          {modal?.kind === 'settings' && (
            <ProgramSettingsModal
              opened
              onClose={() => setModal(null)}
              program={program}
              pumps={props.pumps}
              onApply={actions.apply}
            />
          )}
        </>
      )}
    </Stack>
  );
}

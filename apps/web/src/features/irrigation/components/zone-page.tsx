/**
 * The zone page (§2 /{siteId}/irrigation/{areaId}/zone/{sectionId}[?valve=]; issue 6): the zone's
 * run state with the time remaining (h:mm) and, with repeats to come, the next run (§4); start,
 * resume, stop, skip and test offered only when §4 allows them and the user holds the program
 * privilege; zone- or valve-based scheduling; its settings; and its valves in the Skipped, Active
 * and Faults panes (§2) with exclusion (not-interested icon), variation and fault, each valve's
 * control config editable (§4 rule) and testable with the control privilege.
 */
import { Stack } from '@mantine/core';
import type { Program, ZoneViewPane } from '@paddock/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditHistory } from '../../../components/audit/object-history.tsx';
import { RenameButton } from '../../../components/ui/rename-button.tsx';
import { useRenameSection } from '../../../data/areas/update-section.ts';
import { usePreference } from '../../../lib/preferences.ts';
import type { ControlTestState } from '../hooks/use-control-tests.ts';
import type { ValveView, ZoneView } from '../irrigation-view.ts';
import type { IrrigationPanelProps } from './irrigation-panel.ts';
import { ValveConfigModal } from './valve-config-modal.tsx';
import { ZoneSettingsCard } from './zone-settings-card.tsx';
import { ZoneSettingsModal } from './zone-settings-modal.tsx';
import { ZoneSummaryCard } from './zone-summary-card.tsx';
import { valvePanes, ZoneValvesCard } from './zone-valves-card.tsx';
import { WaterBalanceCard } from './water-balance-card.tsx';
import { ZoneFlowCard } from './zone-flow-card.tsx';

export interface ZonePageProps extends IrrigationPanelProps {
  readonly zone: ZoneView;
  readonly program: Program | undefined;
  readonly valveTests: ReadonlyMap<number, ControlTestState>;
  readonly onTestValve: (valve: ValveView) => void;
  readonly canControl: boolean;
  /** The user holds edit on the area (§6): the zone is renamed here. */
  readonly canEdit: boolean;
  readonly selectedValveId: number | null;
  readonly onSelectValve: (valveId: number) => void;
}

export function ZonePage(props: ZonePageProps) {
  const { zone, program, actions, canProgram, timeZone, now } = props;
  const { t } = useTranslation();
  const [modal, setModal] = useState<{ kind: 'settings' } | { kind: 'valve'; id: number } | null>(
    null,
  );
  const selected = zone.valves.find((valve) => valve.id === props.selectedValveId);
  // The valve list's filter (stored preference valveFilter) holds from zone to zone, unless the
  // page opens on a valve, which shows in its own pane.
  const [valveFilter, setValveFilter] = usePreference('valveFilter');
  const [pane, setPane] = useState<ZoneViewPane>(() =>
    selected ? (valvePanes(selected)[0] ?? 'Active') : (valveFilter ?? 'Active'),
  );
  const choosePane = (next: ZoneViewPane) => {
    setPane(next);
    setValveFilter(next);
  };
  const setting = zone.zone?.setting;
  const modalValve =
    modal?.kind === 'valve' ? zone.valves.find((v) => v.id === modal.id) : undefined;
  const rename = useRenameSection(props.siteId, props.areaId, zone.id);

  return (
    <Stack gap="md" component="section" aria-label={t('Zone {{zone}}', { zone: zone.label })}>
      <ZoneSummaryCard
        zone={zone}
        program={program}
        actions={actions}
        canProgram={canProgram}
        timeZone={timeZone}
        now={now}
        onSettings={() => setModal({ kind: 'settings' })}
        rename={
          props.canEdit && (
            <RenameButton
              label={zone.label}
              what={t('Rename.What.zone')}
              onRename={(label) => rename.mutateAsync(label)}
            />
          )
        }
      />

      {setting && <ZoneSettingsCard zone={zone} setting={setting} />}

      <WaterBalanceCard areaId={props.areaId} sectionId={zone.id} />

      <ZoneFlowCard
        areaId={props.areaId}
        sectionId={zone.id}
        timeZone={timeZone}
        canEdit={props.canEdit}
      />

      <ZoneValvesCard
        zone={zone}
        pane={pane}
        onPane={choosePane}
        selectedValveId={props.selectedValveId}
        onSelectValve={props.onSelectValve}
        valveTests={props.canControl ? props.valveTests : null}
        onTestValve={props.onTestValve}
        onConfigValve={
          canProgram && program ? (id: number) => setModal({ kind: 'valve', id }) : null
        }
      />

      {props.canReadAudit && (
        <AuditHistory
          key={zone.id}
          siteId={props.siteId}
          object={{ kind: 'section', target: zone.id }}
          timeZone={timeZone}
        />
      )}

      {program && modal?.kind === 'settings' && (
        <ZoneSettingsModal
          opened
          onClose={() => setModal(null)}
          program={program}
          zoneId={zone.id}
          zoneLabel={zone.label}
          onApply={actions.apply}
        />
      )}
      {program && modalValve && (
        <ValveConfigModal
          opened
          onClose={() => setModal(null)}
          program={program}
          valve={modalValve}
          onApply={actions.apply}
        />
      )}
    </Stack>
  );
}

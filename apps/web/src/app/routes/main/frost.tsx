/**
 * /{siteId}/frost/{areaId}[/{detail}[/{detailId}]]: the frost area page (issue 15; the route is
 * ours, docs/frost.md). Composes the user's privileges on the area (§6: control pings, install
 * edits reporting intervals) and the hardware charts with the frost feature.
 */
import { Button, Group, Modal } from '@mantine/core';
import { isPhoneUserAgent, type Area, type FrostRoute, type Site } from '@paddock/domain';
import { IconFileExport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHART_PANE } from '../../../components/hardware/hardware-chart.tsx';
import { DEFAULT_HARDWARE_PANES } from '../../../components/hardware/hardware-panes.tsx';
import { useIsSiteAdmin, usePrivileges } from '../../../data/privileges/use-privileges.ts';
import { FrostReportConsole } from '../../../features/exports/index.ts';
import { FrostRulesButton } from '../../../features/frost/components/frost-rules-form.tsx';
import { FrostWorkspace } from '../../../features/frost/components/frost-workspace.tsx';
import { useParsedRoute } from '../use-parsed-route.ts';
import { SiteScope } from './site-scope.tsx';
import { useSiteTimeZone } from '../../../lib/use-site-time-zone.ts';

export function Component() {
  const route = useParsedRoute();
  if (route.kind !== 'frost') return null; // the main layout sends others on
  return (
    <SiteScope key={`${route.siteId}/${route.areaId}`} siteId={route.siteId} areaId={route.areaId}>
      {({ site, area }) => (area ? <Frost site={site} area={area} route={route} /> : null)}
    </SiteScope>
  );
}

function Frost({ site, area, route }: { site: Site; area: Area; route: FrostRoute }) {
  const privileges = usePrivileges(site.id, area.id);
  const isSiteAdmin = useIsSiteAdmin(site.id);
  const [isPhone] = useState(() => isPhoneUserAgent(navigator.userAgent));
  return (
    <FrostWorkspace
      site={site}
      area={area}
      route={route}
      isPhone={isPhone}
      canPing={privileges.has('control')}
      canInstall={privileges.has('install')}
      canSetDevEui={isSiteAdmin}
      canEdit={privileges.has('edit')}
      hardwarePanes={PANES}
      actions={
        <Group gap="xs">
          <FrostRulesButton
            siteId={site.id}
            areaId={area.id}
            canEdit={privileges.has('edit')}
            fullScreen={isPhone}
          />
          <Reports site={site} area={area} />
        </Group>
      }
    />
  );
}

/** The frost reports (compliance, fueling) of the area, in a dialog over the page. */
function Reports({ site, area }: { site: Site; area: Area }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const timeZone = useSiteTimeZone(site);
  return (
    <>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconFileExport size={14} />}
        onClick={() => setOpened(true)}
      >
        {t('Frost.Reports')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('Frost.Reports')}
        size="xl"
        fullScreen={isPhoneUserAgent(navigator.userAgent)}
      >
        {opened && <FrostReportConsole areaId={area.id} timeZone={timeZone} />}
      </Modal>
    </>
  );
}

const PANES = [...DEFAULT_HARDWARE_PANES, CHART_PANE];

/**
 * /fleet (issue 33 item 4): what needs a person now across the user's sites, for support staff
 * and for users with several sites (the user menu's Fleet link).
 */
import { Skeleton, Stack } from '@mantine/core';
import { FLEET_LIMIT } from '@paddock/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageAlert } from '../../../components/ui/page-alert.tsx';
import { FLEET_PAGE_ROWS, useFleet } from '../../../data/fleet/get-fleet.ts';
import { FleetView } from '../../../features/fleet/components/fleet-view.tsx';
import { useSession } from '../../../features/session/hooks/use-session.ts';
import { useRememberRoute } from '../../../features/site-routing/hooks/use-remember-route.ts';
import { useNow } from '../../../lib/use-now.ts';

const AGE_TICK_MS = 15_000;

export function Component() {
  const { t } = useTranslation();
  const { uid } = useSession();
  useRememberRoute(uid);
  const [limit, setLimit] = useState(FLEET_PAGE_ROWS);
  const fleet = useFleet(limit);
  const now = useNow(AGE_TICK_MS);
  if (fleet.data) {
    return (
      <FleetView
        fleet={fleet.data}
        now={now}
        pageRows={FLEET_PAGE_ROWS}
        maxRows={FLEET_LIMIT.max}
        loadingMore={fleet.isPlaceholderData}
        onShowMore={() => setLimit((shown) => Math.min(shown + FLEET_PAGE_ROWS, FLEET_LIMIT.max))}
      />
    );
  }
  if (fleet.isError) {
    return <PageAlert title={t('Fleet.LoadFailedTitle')}>{t('SiteSummary.LoadFailed')}</PageAlert>;
  }
  return (
    <Stack p="md" gap="md" aria-busy="true" aria-label={t('Common.Loading')}>
      <Skeleton h={28} w={240} />
      <Skeleton h={320} />
    </Stack>
  );
}

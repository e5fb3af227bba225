import {
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
  type MantineColor,
} from '@mantine/core';
import { sitePath, type CountryCode, type Site } from '@paddock/domain';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LastUpdate } from '../../../components/ui/last-update.tsx';
import { SiteBriefBadges } from '../../../components/ui/site-brief-badges.tsx';
import { siteBriefStatus, type SiteBriefStatus } from '../../../lib/site-brief-status.ts';
import { groupSites } from '../group-sites.ts';

const STATUS_COLOUR: Record<SiteBriefStatus, MantineColor> = {
  fault: 'fault',
  warning: 'warning',
  normal: 'irrigated',
};

/**
 * The landing page (§2 "/ : landing page (site list)"): the user's sites grouped by country and
 * region, each with its brief summary; a search box narrows the list; a site opens /{siteId}.
 */
export function SiteList({ sites, now }: { sites: readonly Site[]; now: Date }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const countryName = (country: CountryCode) => t(`Country.${country}`);
  const groups = useMemo(
    () => groupSites(sites, search, (country) => t(`Country.${country}`)),
    [sites, search, t],
  );

  return (
    <Stack gap="lg" p="md" maw={1100} mx="auto" w="100%">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>{t('SiteList.Title')}</Title>
        <TextInput
          type="search"
          label={t('SiteList.Search')}
          placeholder={t('SiteList.SearchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: '100%', xs: 320 }}
        />
      </Group>
      {sites.length === 0 && <Text c="dimmed">{t('SiteList.NoSites')}</Text>}
      {sites.length > 0 && groups.length === 0 && (
        <Text c="dimmed">{t('SiteList.NoMatch', { search })}</Text>
      )}
      {groups.map((group) => (
        <Stack
          key={group.country}
          gap="sm"
          component="section"
          aria-label={countryName(group.country)}
        >
          <Title order={3} size="h4">
            {countryName(group.country)}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="md">
            {group.regions.map((region) => (
              <Stack key={region.region} gap="xs" component="section" aria-label={region.region}>
                <Title order={4} size="sm" fw={600} c="dimmed" tt="uppercase">
                  {region.region}
                </Title>
                <Stack gap="xs">
                  {region.sites.map((site) => (
                    <UnstyledButton key={site.id} component={Link} to={sitePath(site.id)}>
                      <Card
                        withBorder
                        padding="sm"
                        h="100%"
                        style={{
                          borderLeft: `4px solid var(--mantine-color-${STATUS_COLOUR[siteBriefStatus(site.summary)]}-filled)`,
                        }}
                      >
                        <Stack gap={6}>
                          <Text fw={600}>{site.label}</Text>
                          <SiteBriefBadges summary={site.summary} />
                          <LastUpdate at={site.summary?.lastUpdate} now={now} />
                        </Stack>
                      </Card>
                    </UnstyledButton>
                  ))}
                </Stack>
              </Stack>
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}

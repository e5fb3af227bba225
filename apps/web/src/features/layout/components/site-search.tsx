import {
  ActionIcon,
  Group,
  Indicator,
  Select,
  Stack,
  Text,
  Tooltip,
  type ComboboxParsedItem,
  type ComboboxParsedItemGroup,
} from '@mantine/core';
import type { CountryCode } from '@paddock/domain';
import { IconFilter } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { filterSiteGroups, groupSites, type SelectableSite } from '../site-options.ts';

export interface SiteSearchProps {
  readonly sites: readonly SelectableSite[];
  readonly currentSiteId: number | undefined;
  readonly onSelect: (siteId: number) => void;
  readonly filterActive: boolean;
  readonly onOpenFilter: () => void;
  readonly loading?: boolean;
}

function isGroup(item: ComboboxParsedItem): item is ComboboxParsedItemGroup {
  return 'group' in item;
}

/**
 * §2 Sidebar site search-select: sites grouped by country and region, narrowed as the user types;
 * the first match is highlighted, so Enter picks it. Beside it the filter button.
 */
export function SiteSearch({
  sites,
  currentSiteId,
  onSelect,
  filterActive,
  onOpenFilter,
  loading,
}: SiteSearchProps) {
  const { t } = useTranslation();
  const groups = useMemo(
    () =>
      groupSites(sites, (code: CountryCode) =>
        t(`Country.${code}`, { defaultValue: code.toUpperCase() }),
      ),
    [sites, t],
  );
  const data = useMemo(
    () => groups.map((group) => ({ group: group.group, items: [...group.items] })),
    [groups],
  );
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text component="label" htmlFor="sidebar-site-search" size="sm" fw={500}>
          {t('Sidebar.Site')}
        </Text>
        <Tooltip label={t('Sidebar.Filter')} withinPortal={false}>
          <Indicator disabled={!filterActive} size={8} offset={3}>
            <ActionIcon
              variant={filterActive ? 'light' : 'subtle'}
              color={filterActive ? 'blue' : 'gray'}
              size="md"
              onClick={onOpenFilter}
              aria-label={t('Sidebar.Filter')}
              aria-pressed={filterActive}
            >
              <IconFilter size={16} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Group>
      <Select
        id="sidebar-site-search"
        aria-label={t('Sidebar.Site')}
        placeholder={t('Sidebar.SearchSites')}
        data={data}
        value={currentSiteId === undefined ? null : String(currentSiteId)}
        onChange={(value) => {
          if (value !== null && Number(value) !== currentSiteId) onSelect(Number(value));
        }}
        searchable
        selectFirstOptionOnChange
        allowDeselect={false}
        nothingFoundMessage={t('Sidebar.NoSiteFound')}
        filter={({ options, search }) => {
          // Groups and sites both match (country, region or site name).
          const groups = options.filter(isGroup);
          return filterSiteGroups(
            groups.map((group) => ({ ...group, group: String(group.group) })),
            search,
          );
        }}
        comboboxProps={{ withinPortal: false }}
        maxDropdownHeight={320}
        disabled={loading}
      />
    </Stack>
  );
}

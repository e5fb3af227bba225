import { Button, Group, Loader, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import {
  EMPTY_SITE_FILTER,
  SITE_FILTER_KEYS,
  type SiteFilter,
  type SiteFilterKey,
} from '@paddock/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteFilterOptions } from '../api/get-site-filter-options.ts';
import { useSiteFilter, useSiteFilterModalOpen } from '../hooks/use-site-filter.ts';
import { closeSiteFilter, writeSiteFilter } from '../site-filter-store.ts';

/**
 * §2 Site filter modal: one multi-select per key (application, country, region, operator,
 * client) with the values of GET sites/filter. Apply stores the filter (§3 `site_filters`), which
 * narrows GET sites; Clear empties it.
 */
export function SiteFilterModal() {
  const { t } = useTranslation();
  const opened = useSiteFilterModalOpen();
  return (
    <Modal opened={opened} onClose={closeSiteFilter} title={t('SiteFilter.Title')} centered>
      {opened && <SiteFilterForm />}
    </Modal>
  );
}

function SiteFilterForm() {
  const { t } = useTranslation();
  const { filter } = useSiteFilter();
  const [draft, setDraft] = useState<SiteFilter>(filter);
  const options = useSiteFilterOptions(true);

  // Countries and applications have names (Country.nz, Application.frost); the rest are names already.
  const label = (key: SiteFilterKey, value: string) =>
    key === 'country'
      ? t(`Country.${value}`, { defaultValue: value.toUpperCase() })
      : key === 'application'
        ? t(`Application.${value}`, { defaultValue: value })
        : value;

  const apply = () => {
    writeSiteFilter(draft);
    closeSiteFilter();
  };

  return (
    <Stack>
      {options.isPending && <Loader size="sm" aria-label={t('Common.Loading')} />}
      {options.isError && <Text c="dimmed">{t('SiteFilter.Unavailable')}</Text>}
      {SITE_FILTER_KEYS.map((key) => {
        // Keep values the user chose before even if the server no longer offers them.
        const values = [...new Set([...(options.data?.[key] ?? []), ...draft[key]])];
        return (
          <MultiSelect
            key={key}
            label={t(`SiteFilter.${key}`)}
            data={values.map((value) => ({ value, label: label(key, value) }))}
            value={draft[key]}
            onChange={(selected) => setDraft((current) => ({ ...current, [key]: selected }))}
            searchable
            clearable
            comboboxProps={{ withinPortal: false }}
          />
        );
      })}
      <Group justify="space-between" mt="sm">
        <Button variant="subtle" onClick={() => setDraft(EMPTY_SITE_FILTER)}>
          {t('SiteFilter.Clear')}
        </Button>
        <Group gap="xs">
          <Button variant="default" onClick={closeSiteFilter}>
            {t('Common.Cancel')}
          </Button>
          <Button onClick={apply}>{t('SiteFilter.Apply')}</Button>
        </Group>
      </Group>
    </Stack>
  );
}

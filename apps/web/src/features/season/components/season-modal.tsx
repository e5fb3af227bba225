import '@mantine/dates/styles.css';
import 'dayjs/locale/de';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { validateSeason, type Site } from '@paddock/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateSiteSeason } from '../api/update-site-season.ts';
import { initialSeasonValues, seasonInputOf, type SeasonPickerValues } from '../season-dates.ts';

/** Day and month only: the year of a season is not stored (§5). */
const DAY_MONTH_FORMAT = 'D MMMM';

export interface SeasonModalProps {
  readonly opened: boolean;
  readonly onClose: () => void;
  /** The site whose season is edited (its config is sent back with the new season, §7). */
  readonly site: Site;
  /** Today, for the default season and the pickers' year; a parameter for tests. */
  readonly now?: Date;
}

/**
 * §2 Season dialog: title Season; Season start and Season end date pickers showing day and
 * month; Cancel and Save. Save validates (§5), saves with a spinner, refreshes the site and closes;
 * a failed save closes the dialog with no message (§8).
 */
export function SeasonModal({ opened, onClose, site, now }: SeasonModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('Season.Title')} centered>
      {opened && <SeasonForm site={site} onClose={onClose} now={now ?? new Date()} />}
    </Modal>
  );
}

function SeasonForm({ site, onClose, now }: { site: Site; onClose: () => void; now: Date }) {
  const { t, i18n } = useTranslation();
  const timeZone = site.config.timezone;
  const [values, setValues] = useState<SeasonPickerValues>(() =>
    initialSeasonValues(site.config.season, now, timeZone),
  );
  const [submitted, setSubmitted] = useState(false);
  const save = useUpdateSiteSeason();
  const result = validateSeason(seasonInputOf(values));
  const errors = submitted && !result.ok ? result.errors : {};

  const onSave = () => {
    setSubmitted(true);
    if (!result.ok) return;
    save.mutate(
      { siteId: site.id, config: site.config, season: result.value },
      {
        onSettled: (_data, error) => {
          if (error) console.warn('Saving the season failed', error);
          onClose();
        },
      },
    );
  };

  return (
    <DatesProvider settings={{ locale: i18n.language, consistentWeeks: true }}>
      <Stack>
        <DatePickerInput
          label={t('Season.Start')}
          valueFormat={DAY_MONTH_FORMAT}
          value={values.start}
          onChange={(start) => setValues((current) => ({ ...current, start }))}
          error={errors.start ? t(errors.start) : undefined}
          clearable
          clearButtonProps={{ 'aria-label': t('Season.ClearStart') }}
        />
        <DatePickerInput
          label={t('Season.End')}
          valueFormat={DAY_MONTH_FORMAT}
          value={values.end}
          onChange={(end) => setValues((current) => ({ ...current, end }))}
          error={errors.end ? t(errors.end) : undefined}
          clearable
          clearButtonProps={{ 'aria-label': t('Season.ClearEnd') }}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            {t('Common.Cancel')}
          </Button>
          <Button onClick={onSave} loading={save.isPending}>
            {t('Common.Save')}
          </Button>
        </Group>
      </Stack>
    </DatesProvider>
  );
}

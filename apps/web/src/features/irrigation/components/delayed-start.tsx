/**
 * A delayed start (§7 programs: start and test take a `startTime`): beside Start and Test, a
 * button that offers "Now" or "At" a date and time on the site's wall clock (its time zone, so a
 * manager away from the farm picks the farm's time, daylight saving included), checked with the
 * rule the server applies (at most a minute past, at most 7 days ahead); and the line a program
 * with a start still to come shows.
 */
import {
  ActionIcon,
  Button,
  Popover,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  formatSiteDateTime,
  MAX_START_AHEAD_DAYS,
  siteDateTimeFromInput,
  siteDateTimeInputValue,
  startTimeProblem,
  zonedDateTime,
} from '@paddock/domain';
import { IconChevronDown } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** The time the form offers first: a little ahead, on a whole minute. */
const FIRST_OFFER_MINUTES = 5;

type When = 'now' | 'at';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * `at` on the site's clock: HH:mm when it falls on the site's today, else the date too, so a start
 * tomorrow at 06:00 never reads as today's.
 */
function siteStartTimeLabel(at: Date, now: Date, timeZone: string): string {
  const wall = zonedDateTime(at, timeZone);
  const today = zonedDateTime(now, timeZone);
  const sameDay = wall.year === today.year && wall.month === today.month && wall.day === today.day;
  return sameDay ? `${pad(wall.hour)}:${pad(wall.minute)}` : formatSiteDateTime(at, timeZone);
}

/** "Starts at 06:30" (site time) while a program's start is still to come. */
export function PendingStartLine({ at, now, timeZone }: { at: Date; now: Date; timeZone: string }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" fw={600} data-testid="pending-start" data-start-time={at.toISOString()}>
      {t('Irrigation.Program.StartsAt', { time: siteStartTimeLabel(at, now, timeZone) })}
    </Text>
  );
}

/**
 * The button beside Start (or Test) that asks when: now, or at a time the form checks as the server
 * will. `onRun` gets the start time as ISO text, or nothing for now.
 */
export function StartWhenButton({
  action,
  timeZone,
  disabled,
  onRun,
}: {
  action: 'start' | 'test';
  timeZone: string;
  disabled: boolean;
  onRun: (startTime?: string) => void;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const label = t(
    action === 'start' ? 'Irrigation.Action.StartWhen' : 'Irrigation.Action.TestWhen',
  );
  return (
    // A form being filled in stays open even when its button scrolls out of sight (hideDetached).
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-start"
      withArrow
      trapFocus
      hideDetached={false}
    >
      <Popover.Target>
        <ActionIcon
          size="input-sm"
          variant={action === 'start' ? 'filled' : 'outline'}
          color={action === 'start' ? undefined : 'test'}
          aria-label={label}
          disabled={disabled}
          onClick={() => setOpened((open) => !open)}
        >
          <IconChevronDown size={16} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown aria-label={label} role="dialog">
        {opened && (
          <StartWhenForm
            action={action}
            timeZone={timeZone}
            onRun={(startTime) => {
              setOpened(false);
              onRun(startTime);
            }}
          />
        )}
      </Popover.Dropdown>
    </Popover>
  );
}

function StartWhenForm({
  action,
  timeZone,
  onRun,
}: {
  action: 'start' | 'test';
  timeZone: string;
  onRun: (startTime?: string) => void;
}) {
  const { t } = useTranslation();
  // The form's own clock: the time it offers and the bounds it checks are read when it opens and
  // when it is sent, not from a clock that ticks once a minute.
  const [openedAt] = useState(() => new Date());
  const [when, setWhen] = useState<When>('at');
  const [value, setValue] = useState(() =>
    siteDateTimeInputValue(
      new Date(
        Math.ceil(openedAt.getTime() / MINUTE_MS) * MINUTE_MS + FIRST_OFFER_MINUTES * MINUTE_MS,
      ),
      timeZone,
    ),
  );
  const [touched, setTouched] = useState(false);
  // When the bounds were last checked: on opening, then on each send.
  const [checkedAt, setCheckedAt] = useState(openedAt);
  const at = siteDateTimeFromInput(value, timeZone);
  // A message of the domain's rule, or the key of ours for text that names no time.
  const problemAt = (now: Date) =>
    at === null ? 'Irrigation.StartTime.Required' : startTimeProblem(at, now);
  const problem = when === 'at' ? problemAt(checkedAt) : null;
  const prefix = action === 'start' ? 'Start' : 'Test';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (when === 'now') return onRun();
    const now = new Date();
    setTouched(true);
    setCheckedAt(now);
    if (at !== null && problemAt(now) === null) onRun(at.toISOString());
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs" w={250}>
        <SegmentedControl
          fullWidth
          value={when}
          onChange={(next) => setWhen(next as When)}
          data={[
            { value: 'now', label: t('Irrigation.StartTime.Now') },
            { value: 'at', label: t('Irrigation.StartTime.At') },
          ]}
        />
        {when === 'at' && (
          <TextInput
            type="datetime-local"
            label={t('Irrigation.StartTime.Label')}
            description={t('Irrigation.StartTime.SiteTime', { timeZone })}
            value={value}
            min={siteDateTimeInputValue(openedAt, timeZone)}
            max={siteDateTimeInputValue(
              new Date(openedAt.getTime() + MAX_START_AHEAD_DAYS * DAY_MS),
              timeZone,
            )}
            onChange={(event) => setValue(event.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={touched && problem ? t(problem) : undefined}
          />
        )}
        <Button type="submit" size="sm" color={action === 'start' ? undefined : 'test'}>
          {when === 'now' || at === null
            ? t(`Irrigation.StartTime.${prefix}Now`)
            : t(`Irrigation.StartTime.${prefix}At`, {
                time: siteStartTimeLabel(at, openedAt, timeZone),
              })}
        </Button>
      </Stack>
    </form>
  );
}

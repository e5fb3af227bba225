/**
 * The program's skip and adjust rules (issue 30 item 5): rain in the last 24 h ≥ mm, wind >
 * km/h, temperature < °C, soil moisture > %, and a seasonal % by month, each on or off. Checked
 * with the domain's programSkipRulesSchema, the server's own check, and saved with PUT
 * programs/{id}; with every rule off the program has none and starts as set. Below them, the
 * program's "water the deficit" mode (deficit-mode-fields.tsx), decided at the same moment.
 */
import { Modal, NumberInput, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import {
  DEFAULT_SKIP_RAIN_MM,
  DEFAULT_SKIP_SOIL_MOISTURE_PERCENT,
  DEFAULT_SKIP_TEMPERATURE_CELSIUS,
  DEFAULT_SKIP_WIND_KPH,
  DEFAULT_SKIP_READING_MAX_AGE_MINUTES,
  programSkipRulesSchema,
  SEASONAL_PERCENT_MAX,
  type Program,
  type ProgramSkipRules,
  type ProgramUpdateBody,
} from '@paddock/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApplyFooter, useApplyForm } from './apply-form.tsx';
import { checkDeficitForm, DeficitModeFields, deficitFormOf } from './deficit-mode-fields.tsx';

type Threshold = { on: boolean; value: number | string };
type RulesForm = {
  rain: Threshold;
  wind: Threshold;
  temperature: Threshold;
  soilMoisture: Threshold;
  seasonal: { on: boolean; percents: (number | string)[] };
};

function formOf(rules: ProgramSkipRules | undefined): RulesForm {
  const threshold = (value: number | undefined, fallback: number) => ({
    on: value !== undefined,
    value: value ?? fallback,
  });
  return {
    rain: threshold(rules?.rain?.atLeastMm, DEFAULT_SKIP_RAIN_MM),
    wind: threshold(rules?.wind?.aboveKph, DEFAULT_SKIP_WIND_KPH),
    temperature: threshold(rules?.temperature?.belowCelsius, DEFAULT_SKIP_TEMPERATURE_CELSIUS),
    soilMoisture: threshold(rules?.soilMoisture?.abovePercent, DEFAULT_SKIP_SOIL_MOISTURE_PERCENT),
    seasonal: {
      on: rules?.seasonal !== undefined,
      percents: rules?.seasonal?.percentByMonth ?? Array.from({ length: 12 }, () => 100),
    },
  };
}

const num = (value: number | string) => (typeof value === 'number' ? value : Number.NaN);

/** The form as the API takes it; undefined when every rule is off. */
function rulesOf(form: RulesForm, maxAge: number): unknown {
  const rules = {
    ...(form.rain.on && { rain: { atLeastMm: num(form.rain.value) } }),
    ...(form.wind.on && { wind: { aboveKph: num(form.wind.value) } }),
    ...(form.temperature.on && { temperature: { belowCelsius: num(form.temperature.value) } }),
    ...(form.soilMoisture.on && { soilMoisture: { abovePercent: num(form.soilMoisture.value) } }),
    ...(form.seasonal.on && { seasonal: { percentByMonth: form.seasonal.percents.map(num) } }),
  };
  return Object.keys(rules).length === 0 ? undefined : { ...rules, maxReadingAgeMinutes: maxAge };
}

export function SkipRulesModal(props: {
  opened: boolean;
  onClose: () => void;
  program: Program;
  onApply: (body: ProgramUpdateBody) => Promise<string | null>;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('Irrigation.SkipRules.Title', 'Skip rules')}
    >
      <SkipRulesForm {...props} />
    </Modal>
  );
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function SkipRulesForm(props: {
  onClose: () => void;
  program: Program;
  onApply: (body: ProgramUpdateBody) => Promise<string | null>;
}) {
  const { t } = useTranslation();
  const { program } = props;
  const [form, setForm] = useState(() => formOf(program.schedule.skipRules));
  const [deficitForm, setDeficitForm] = useState(() => deficitFormOf(program.schedule.deficitMode));
  const deficit = checkDeficitForm(deficitForm);
  const { footer, submit } = useApplyForm(props.onApply, props.onClose);
  const maxAge =
    program.schedule.skipRules?.maxReadingAgeMinutes ?? DEFAULT_SKIP_READING_MAX_AGE_MINUTES;
  const input = rulesOf(form, maxAge);
  const checked = input === undefined ? null : programSkipRulesSchema.safeParse(input);
  // Each refusal by where it is: 'rain', 'seasonal', … (the schema's path without its leaf).
  const problems = new Map(
    (checked && !checked.success ? checked.error.issues : []).map((issue) => [
      String(issue.path[0]),
      issue.message,
    ]),
  );

  const apply = async () => {
    if ((checked && !checked.success) || deficit.mode === undefined) return;
    // Every rule off: the schedule goes without skipRules, and the program starts as set.
    const schedule = {
      ...program.schedule,
      skipRules: checked ? checked.data : undefined,
      deficitMode: deficit.mode,
    };
    if (!checked) delete schedule.skipRules;
    await submit({ schedule });
  };

  const threshold = (key: keyof Omit<RulesForm, 'seasonal'>, label: string, unit: string) => (
    <Stack gap={4}>
      <Switch
        label={label}
        checked={form[key].on}
        onChange={(event) =>
          setForm({ ...form, [key]: { ...form[key], on: event.currentTarget.checked } })
        }
      />
      {form[key].on && (
        <NumberInput
          aria-label={label}
          suffix={` ${unit}`}
          value={form[key].value}
          decimalScale={1}
          onChange={(value) => setForm({ ...form, [key]: { ...form[key], value } })}
          error={problems.get(key)}
        />
      )}
    </Stack>
  );

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t(
          'Irrigation.SkipRules.Hint',
          'Checked when a start begins; a rule without a recent reading never skips.',
        )}
      </Text>
      {threshold(
        'rain',
        t('Irrigation.SkipRules.Rain', 'Skip when rain in the last 24 h is at least'),
        'mm',
      )}
      {threshold('wind', t('Irrigation.SkipRules.Wind', 'Skip when wind is above'), 'km/h')}
      {threshold(
        'temperature',
        t('Irrigation.SkipRules.Temperature', 'Skip when temperature is below'),
        '°C',
      )}
      {threshold(
        'soilMoisture',
        t('Irrigation.SkipRules.SoilMoisture', 'Skip when soil moisture is above'),
        '%',
      )}
      <Switch
        label={t('Irrigation.SkipRules.Seasonal', 'Seasonal adjustment, % of the run by month')}
        checked={form.seasonal.on}
        onChange={(event) =>
          setForm({ ...form, seasonal: { ...form.seasonal, on: event.currentTarget.checked } })
        }
      />
      {form.seasonal.on && (
        <SimpleGrid cols={4} spacing="xs">
          {form.seasonal.percents.map((percent, month) => (
            <NumberInput
              key={MONTHS[month]}
              label={MONTHS[month]}
              size="xs"
              min={0}
              max={SEASONAL_PERCENT_MAX}
              suffix=" %"
              value={percent}
              onChange={(value) => {
                const percents = form.seasonal.percents.map((p, i) => (i === month ? value : p));
                setForm({ ...form, seasonal: { ...form.seasonal, percents } });
              }}
            />
          ))}
        </SimpleGrid>
      )}
      {problems.get('seasonal') && (
        <Text size="sm" c="red">
          {problems.get('seasonal')}
        </Text>
      )}
      <DeficitModeFields form={deficitForm} onChange={setDeficitForm} problems={deficit.problems} />
      <ApplyFooter
        {...footer}
        disabled={(checked !== null && !checked.success) || deficit.mode === undefined}
        onApply={() => void apply()}
      />
    </Stack>
  );
}

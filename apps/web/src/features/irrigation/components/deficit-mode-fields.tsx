/**
 * "Water the deficit" (issue 30 item 4), edited beside the skip rules since both decide a start
 * as it begins: on, the program's whole starts water only the zones whose soil has dried past the
 * trigger (a % of its readily available water), each for the depth that refills it less the rain
 * allowance. Checked with the domain's deficitModeSettingsSchema, the server's own check.
 */
import { NumberInput, Stack, Switch, Text } from '@mantine/core';
import { deficitModeSettingsSchema, type DeficitModeSettings } from '@paddock/domain';
import { useTranslation } from 'react-i18next';

type DeficitForm = {
  on: boolean;
  triggerPercentOfRaw: number | string;
  rainAllowance: number | string;
};

/** The form of a program's deficit mode; off, it shows the defaults it would start from. */
export function deficitFormOf(mode: DeficitModeSettings | null | undefined): DeficitForm {
  const defaults = deficitModeSettingsSchema.parse({});
  return { on: Boolean(mode), ...defaults, ...(mode ?? {}) };
}

const num = (value: number | string) => (typeof value === 'number' ? value : Number.NaN);

/** The form checked: the mode to save (null when off), or each refusal by its field. */
export function checkDeficitForm(form: DeficitForm) {
  if (!form.on) return { mode: null, problems: new Map<string, string>() };
  const checked = deficitModeSettingsSchema.safeParse({
    triggerPercentOfRaw: num(form.triggerPercentOfRaw),
    rainAllowance: num(form.rainAllowance),
  });
  const problems = new Map(
    (checked.success ? [] : checked.error.issues).map((issue) => [
      String(issue.path[0]),
      issue.message,
    ]),
  );
  return { mode: checked.success ? checked.data : undefined, problems };
}

export function DeficitModeFields(props: {
  form: DeficitForm;
  onChange: (form: DeficitForm) => void;
  problems: ReadonlyMap<string, string>;
}) {
  const { t } = useTranslation();
  const { form, onChange, problems } = props;
  return (
    <Stack gap={4}>
      <Switch
        label={t('Irrigation.Deficit.Title', 'Water the deficit')}
        checked={form.on}
        onChange={(event) => onChange({ ...form, on: event.currentTarget.checked })}
      />
      <Text size="xs" c="dimmed">
        {t(
          'Irrigation.Deficit.Hint',
          'A start of the whole program waters only the zones whose soil has dried past the trigger, each for the depth that refills it.',
        )}
      </Text>
      {form.on && (
        <>
          <NumberInput
            label={t('Irrigation.Deficit.Trigger', 'Trigger, % of readily available water')}
            suffix=" %"
            min={1}
            max={100}
            decimalScale={0}
            value={form.triggerPercentOfRaw}
            onChange={(value) => onChange({ ...form, triggerPercentOfRaw: value })}
            error={problems.get('triggerPercentOfRaw')}
          />
          <NumberInput
            label={t('Irrigation.Deficit.RainAllowance', 'Rain allowance')}
            suffix=" mm"
            min={0}
            decimalScale={1}
            value={form.rainAllowance}
            onChange={(value) => onChange({ ...form, rainAllowance: value })}
            error={problems.get('rainAllowance')}
          />
          <Text size="xs" c="dimmed">
            {t(
              'Irrigation.Deficit.SeasonalOff',
              'The seasonal adjustment is not applied: the depths follow the soil.',
            )}
          </Text>
        </>
      )}
    </Stack>
  );
}

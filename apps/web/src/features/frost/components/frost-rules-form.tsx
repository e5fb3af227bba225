/**
 * The site's frost rules (issue 15; issue 31 adds the early warning's): when a fan may start and
 * must stop, the wind it shuts down in, the hours it may run, where the rule comes from, and the
 * crop's critical temperature and the margin above it at which tonight's forecast warns. Shown to
 * everyone who sees the frost page; saved by users with edit rights.
 */
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { FORECAST_WARNING_MARGIN_DEFAULT, type FrostRules } from '@paddock/domain';
import { IconSnowflake } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useSiteFrostRules,
  useUpdateSiteFrostRules,
} from '../../../data/frost/site-frost-rules.ts';
import { isApiError } from '../../../lib/api-client.ts';
import {
  readRulesForm,
  rulesFormValues,
  type RulesFormField,
  type RulesFormValues,
  type RulesNumberField,
} from '../rules-form.ts';

export interface FrostRulesFormProps {
  readonly rules: FrostRules;
  readonly isDefault: boolean;
  readonly canEdit: boolean;
  readonly saving: boolean;
  /** The refusal of the last save, in words; null when none. */
  readonly failure: string | null;
  readonly onSave: (rules: FrostRules) => void;
  readonly onCancel: () => void;
}

export function FrostRulesForm(props: FrostRulesFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<RulesFormValues>(() => rulesFormValues(props.rules));
  const [checked, setChecked] = useState(false);
  const result = readRulesForm(values);
  const invalid = new Set<RulesFormField>(checked ? result.invalid : []);
  const error = (field: RulesFormField) =>
    invalid.has(field) ? t(`Frost.RulesForm.Invalid.${field}`) : undefined;
  const disabled = !props.canEdit;

  const number = (field: RulesNumberField, unit: string, placeholder?: string, step = 0.5) => (
    <NumberInput
      label={`${t(`Frost.RulesForm.${field}`)} (${unit})`}
      value={values.numbers[field]}
      step={step}
      disabled={disabled}
      {...(placeholder ? { placeholder } : {})}
      onChange={(value) =>
        setValues((current) => ({ ...current, numbers: { ...current.numbers, [field]: value } }))
      }
      error={error(field)}
    />
  );

  const save = () => {
    setChecked(true);
    if (result.rules) props.onSave(result.rules);
  };

  return (
    <Stack gap="sm" data-testid="frost-rules-form">
      {props.isDefault && (
        <Badge variant="light" color="gray" w="fit-content">
          {t('Frost.RulesForm.Default')}
        </Badge>
      )}
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        {number('startAtOrBelow', '°C')}
        {number('stopBy', '°C')}
        {number('windShutdownAbove', 'km/h', t('Frost.RulesForm.NoWindRule'), 1)}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        {(['hoursFrom', 'hoursTo'] as const).map((field) => (
          <TextInput
            key={field}
            type="time"
            label={t(`Frost.RulesForm.${field}`)}
            description={field === 'hoursFrom' ? t('Frost.RulesForm.AnyHour') : undefined}
            value={values[field]}
            disabled={disabled}
            onChange={(event) => {
              const text = event.currentTarget.value;
              setValues((current) => ({ ...current, [field]: text }));
            }}
            error={field === 'hoursTo' ? error('permittedHours') : undefined}
          />
        ))}
      </SimpleGrid>
      <Text size="sm" fw={600}>
        {t('Frost.RulesForm.Warning')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        {number(
          'criticalTemperature',
          '°C',
          t('Frost.RulesForm.CriticalDefault', { start: values.numbers.startAtOrBelow }),
        )}
        {number(
          'forecastMargin',
          '°C',
          t('Frost.RulesForm.MarginDefault', { margin: FORECAST_WARNING_MARGIN_DEFAULT }),
        )}
      </SimpleGrid>
      <TextInput
        label={t('Frost.RulesForm.source')}
        value={values.source}
        disabled={disabled}
        onChange={(event) => {
          const source = event.currentTarget.value;
          setValues((current) => ({ ...current, source }));
        }}
        error={error('source')}
      />
      {props.failure && (
        <Alert color="red" role="alert">
          {props.failure}
        </Alert>
      )}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={props.onCancel}>
          {t(props.canEdit ? 'Frost.RulesForm.Cancel' : 'Frost.RulesForm.Close')}
        </Button>
        {props.canEdit && (
          <Button onClick={save} loading={props.saving}>
            {t('Frost.RulesForm.Save')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** "Frost rules" beside the page's other actions, opening the site's rules in a dialog. */
export function FrostRulesButton({
  siteId,
  areaId,
  canEdit,
  fullScreen,
}: {
  siteId: number;
  areaId: number;
  canEdit: boolean;
  fullScreen: boolean;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconSnowflake size={14} />}
        onClick={() => setOpened(true)}
      >
        {t('Frost.RulesForm.Title')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('Frost.RulesForm.Title')}
        size="lg"
        fullScreen={fullScreen}
      >
        {opened && (
          <SiteFrostRules
            siteId={siteId}
            areaId={areaId}
            canEdit={canEdit}
            onClose={() => setOpened(false)}
          />
        )}
      </Modal>
    </>
  );
}

function SiteFrostRules({
  siteId,
  areaId,
  canEdit,
  onClose,
}: {
  siteId: number;
  areaId: number;
  canEdit: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const rules = useSiteFrostRules(siteId);
  const update = useUpdateSiteFrostRules(siteId, areaId);
  if (!rules.data) return <Skeleton h={280} />;
  const failure = update.error
    ? isApiError(update.error) && update.error.message
      ? t(update.error.message)
      : t('Frost.RulesForm.SaveFailed')
    : null;
  return (
    <FrostRulesForm
      rules={rules.data.rules}
      isDefault={rules.data.isDefault}
      canEdit={canEdit}
      saving={update.isPending}
      failure={failure}
      onSave={(next) => update.mutate(next, { onSuccess: onClose })}
      onCancel={onClose}
    />
  );
}

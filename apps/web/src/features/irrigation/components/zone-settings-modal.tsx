/**
 * Edits one zone's setting (§3 depth, variation, cycle, repeat edits and the manual flag) and its
 * zone config (irrigation type), checked with the domain's zone-setting schema and saved with
 * PUT programs/{id} on Apply (§4 Update: pending, applied or applyFailed).
 */
import { Alert, Modal, NumberInput, Select, SimpleGrid, Stack, Switch } from '@mantine/core';
import {
  irrigationTypeSchema,
  SETTING_UNITS,
  type IrrigationType,
  type Program,
  type ProgramUpdateBody,
  type ZoneSetting,
} from '@paddock/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApplyFooter, useApplyForm } from './apply-form.tsx';
import { checkZoneSetting, zoneSettingBody, type ZoneSettingEdit } from '../program-edits.ts';

type NumberField = 'depth' | 'variation' | 'cycles' | 'repeatInterval' | 'repeatCount';

export function ZoneSettingsModal({
  opened,
  onClose,
  program,
  zoneId,
  zoneLabel,
  onApply,
}: {
  opened: boolean;
  onClose: () => void;
  program: Program;
  zoneId: number;
  zoneLabel: string;
  /** Saves the body; resolves to null when saved, else the message to show. */
  onApply: (body: ProgramUpdateBody) => Promise<string | null>;
}) {
  const { t } = useTranslation();
  const zone = program.zones.find((candidate) => candidate.id === zoneId);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('Irrigation.ZoneSettings.Title', { zone: zoneLabel })}
      centered
    >
      {zone ? (
        <ZoneSettingsForm
          key={zoneId}
          program={program}
          zoneId={zoneId}
          setting={zone.setting}
          irrigationType={zone.application.irrigationType}
          onApply={onApply}
          onClose={onClose}
        />
      ) : (
        <Alert color="warning">{t('Irrigation.ZoneSettings.NotInProgram')}</Alert>
      )}
    </Modal>
  );
}

function ZoneSettingsForm({
  program,
  zoneId,
  setting,
  irrigationType,
  onApply,
  onClose,
}: {
  program: Program;
  zoneId: number;
  setting: ZoneSetting;
  irrigationType: IrrigationType;
  onApply: (body: ProgramUpdateBody) => Promise<string | null>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // Number fields keep what is typed ('14.' on the way to '14.5'); they are read on checking.
  const [typed, setTyped] = useState<Record<NumberField, number | string>>({
    depth: setting.depth,
    variation: setting.variation,
    cycles: setting.cycles,
    repeatInterval: setting.repeatInterval,
    repeatCount: setting.repeatCount,
  });
  const [flags, setFlags] = useState({ manual: setting.manual, repeat: setting.repeat });
  const read = (field: NumberField) => {
    const value = typed[field];
    return typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  };
  const values: ZoneSettingEdit = {
    depth: read('depth'),
    variation: read('variation'),
    cycles: read('cycles'),
    repeatInterval: read('repeatInterval'),
    repeatCount: read('repeatCount'),
    ...flags,
  };
  const [type, setType] = useState<IrrigationType>(irrigationType);
  const { footer, submit } = useApplyForm(onApply, onClose);
  const issues = checkZoneSetting({ ...setting, ...values });
  // The schema's own words are English; each field has its translated rule instead.
  const issueOf = (field: NumberField) =>
    issues.some((issue) => issue.field === field)
      ? t(`Irrigation.Setting.Invalid.${field}`)
      : undefined;

  const number = (field: NumberField, label: string, unit?: string, step = 1) => (
    <NumberInput
      label={unit ? `${label} (${unit})` : label}
      value={typed[field]}
      step={step}
      onChange={(value) => setTyped((current) => ({ ...current, [field]: value }))}
      error={issueOf(field)}
    />
  );

  const apply = async () => {
    if (issues.length > 0) return;
    await submit(zoneSettingBody(program, zoneId, values, type));
  };

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        {number('depth', t('Irrigation.Setting.Depth'), SETTING_UNITS.depth, 0.5)}
        {number('variation', t('Irrigation.Setting.Variation'), SETTING_UNITS.variation)}
        {number('cycles', t('Irrigation.Setting.Cycles'), SETTING_UNITS.cycles)}
      </SimpleGrid>
      <Switch
        label={t('Irrigation.Setting.Manual')}
        description={t('Irrigation.Setting.ManualHint')}
        checked={values.manual}
        onChange={(event) => {
          const manual = event.currentTarget.checked;
          setFlags((current) => ({ ...current, manual }));
        }}
      />
      <Switch
        label={t('Irrigation.Setting.Repeat')}
        checked={values.repeat}
        onChange={(event) => {
          const repeat = event.currentTarget.checked;
          setFlags((current) => ({ ...current, repeat }));
        }}
      />
      {values.repeat && (
        <SimpleGrid cols={2}>
          {number(
            'repeatInterval',
            t('Irrigation.Setting.RepeatInterval'),
            t('Irrigation.Unit.Hours'),
          )}
          {number('repeatCount', t('Irrigation.Setting.RepeatCount'))}
        </SimpleGrid>
      )}
      <Select
        label={t('Irrigation.Setting.IrrigationType')}
        data={irrigationTypeSchema.options.map((option) => ({
          value: option,
          label: t(`Irrigation.IrrigationType.${option}`),
        }))}
        value={type}
        onChange={(value) => {
          if (value) setType(value as IrrigationType);
        }}
        allowDeselect={false}
      />
      <ApplyFooter {...footer} disabled={issues.length > 0} onApply={() => void apply()} />
    </Stack>
  );
}

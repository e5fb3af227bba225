/**
 * A valve's control config (§3 valves and config edits; §4 control config rule): exclude it from
 * runs and/or vary its water. Set only when both are given, else 'invalid control configuration'
 * (§8); a config that changes nothing is removed. Saved with PUT programs/{id} on Apply.
 */
import { Modal, NumberInput, Stack, Switch } from '@mantine/core';
import {
  INVALID_CONTROL_CONFIGURATION,
  InvalidControlConfigurationError,
  SETTING_UNITS,
  type Program,
  type ProgramUpdateBody,
} from '@paddock/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApplyFooter, useApplyForm } from './apply-form.tsx';
import type { ValveView } from '../irrigation-view.ts';
import { controlConfigBody } from '../program-edits.ts';

export function ValveConfigModal({
  opened,
  onClose,
  program,
  valve,
  onApply,
}: {
  opened: boolean;
  onClose: () => void;
  program: Program;
  valve: ValveView;
  onApply: (body: ProgramUpdateBody) => Promise<string | null>;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('Irrigation.ValveConfig.Title', { valve: valve.label })}
    >
      <ValveConfigForm
        key={valve.id}
        program={program}
        valve={valve}
        onApply={onApply}
        onClose={onClose}
      />
    </Modal>
  );
}

function ValveConfigForm({
  program,
  valve,
  onApply,
  onClose,
}: {
  program: Program;
  valve: ValveView;
  onApply: (body: ProgramUpdateBody) => Promise<string | null>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [exclude, setExclude] = useState(valve.excluded);
  const [variation, setVariation] = useState<number | ''>(valve.variation);
  const { footer, setFailure, submit } = useApplyForm(onApply, onClose);

  const apply = async () => {
    let body: ProgramUpdateBody;
    try {
      body = controlConfigBody(program, {
        id: valve.id,
        exclude,
        variation: variation === '' ? undefined : variation,
      });
    } catch (error) {
      if (error instanceof InvalidControlConfigurationError) {
        setFailure(t(INVALID_CONTROL_CONFIGURATION));
        return;
      }
      throw error;
    }
    await submit(body);
  };

  return (
    <Stack gap="sm">
      <Switch
        label={t('Irrigation.ValveConfig.Exclude')}
        description={t('Irrigation.ValveConfig.ExcludeHint')}
        checked={exclude}
        onChange={(event) => setExclude(event.currentTarget.checked)}
      />
      <NumberInput
        label={`${t('Irrigation.Setting.Variation')} (${SETTING_UNITS.variation})`}
        value={variation}
        onChange={(value) => setVariation(typeof value === 'number' ? value : '')}
        decimalScale={2}
      />
      <ApplyFooter {...footer} onApply={() => void apply()} />
    </Stack>
  );
}

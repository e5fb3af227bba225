/**
 * The zone's flow limits and designed flow (issue 30 item 1), checked as typed with the domain's
 * zoneFlowBodySchema (the server's own check, so its bounds are the form's) and saved with PUT
 * sections/{id}/flow; a refusal by the server shows at the field it names.
 */
import { NumberInput, SimpleGrid } from '@mantine/core';
import { zoneFlowBodySchema, type ZoneFlowLimits, type ZoneFlowSettings } from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import { NumberFormModal } from '../../../components/ui/number-form-modal.tsx';
import { useUpdateZoneFlow } from '../../../data/flow-supervision/update-zone-flow.ts';
import { numberOf, useNumberForm, type NumberValue } from '../../../lib/number-form.ts';

type LimitField = keyof ZoneFlowLimits;
type Draft = Record<LimitField, NumberValue> & { designedFlow: NumberValue };

function draftOf(flow: ZoneFlowSettings): Draft {
  return { ...flow.limits, designedFlow: flow.designedFlow ?? '' };
}

/** The draft as PUT takes it; an empty designed flow is none. */
function bodyOf(draft: Draft) {
  const { designedFlow, ...limits } = draft;
  return {
    limits: {
      settleSeconds: numberOf(limits.settleSeconds),
      highPercent: numberOf(limits.highPercent),
      highDelaySeconds: numberOf(limits.highDelaySeconds),
      lowPercent: numberOf(limits.lowPercent),
      lowDelaySeconds: numberOf(limits.lowDelaySeconds),
    },
    designedFlow: designedFlow === '' ? null : numberOf(designedFlow),
  };
}

export function ZoneFlowModal(props: {
  areaId: number;
  flow: ZoneFlowSettings;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { flow, onClose } = props;
  const save = useUpdateZoneFlow(props.areaId, flow.section);
  const form = useNumberForm({
    initial: () => draftOf(flow),
    pathOf: (field) => (field === 'designedFlow' ? field : `limits.${field}`),
    check: (draft) => zoneFlowBodySchema.safeParse(bodyOf(draft)),
    save,
    onSaved: onClose,
    saveFailed: t('Irrigation.Flow.Form.SaveFailed', 'The limits could not be saved.'),
  });

  const input = (field: keyof Draft, label: string, description?: string) => (
    <NumberInput label={label} description={description} min={0} {...form.field(field)} />
  );

  return (
    <NumberFormModal
      title={t('Irrigation.Flow.Form.Title', 'Flow limits of {{zone}}', { zone: flow.label })}
      form={form}
      onClose={onClose}
    >
      {input(
        'settleSeconds',
        t('Irrigation.Flow.Form.Settle', 'Settle time after a valve opens (s)'),
      )}
      <SimpleGrid cols={2}>
        {input('highPercent', t('Irrigation.Flow.Form.High', 'High flow: over expected by (%)'))}
        {input('highDelaySeconds', t('Irrigation.Flow.Form.HighDelay', 'High flow for (s)'))}
        {input('lowPercent', t('Irrigation.Flow.Form.Low', 'Low flow: under expected by (%)'))}
        {input('lowDelaySeconds', t('Irrigation.Flow.Form.LowDelay', 'Low flow for (s)'))}
      </SimpleGrid>
      {input(
        'designedFlow',
        t('Irrigation.Flow.Form.Designed', 'Designed flow (L/min)'),
        t(
          'Irrigation.Flow.Form.DesignedHint',
          'Judged against until the flow is learned; empty for none.',
        ),
      )}
    </NumberFormModal>
  );
}

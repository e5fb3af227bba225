/**
 * The zone's flow limits and designed flow (issue 30 item 1), checked as typed with the domain's
 * zoneFlowBodySchema (the server's own check, so its bounds are the form's) and saved with PUT
 * sections/{id}/flow; a refusal by the server shows at the field it names.
 */
import { Alert, Button, Modal, NumberInput, SimpleGrid } from '@mantine/core';
import { zoneFlowBodySchema, type ZoneFlowLimits, type ZoneFlowSettings } from '@paddock/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { StackedForm } from '../../../components/ui/stacked-form.tsx';
import { useUpdateZoneFlow } from '../../../data/flow-supervision/update-zone-flow.ts';
import { issueMessages, numberOf, refusalOf, type NumberValue } from '../../../lib/number-form.ts';

type LimitField = keyof ZoneFlowLimits;
type Draft = Record<LimitField, NumberValue> & { designedFlow: NumberValue };

/** Where the server names a field of this form; a refusal elsewhere is the whole form's. */
const FIELD_PATHS = [
  'limits.settleSeconds',
  'limits.highPercent',
  'limits.highDelaySeconds',
  'limits.lowPercent',
  'limits.lowDelaySeconds',
  'designedFlow',
];

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
  const [draft, setDraft] = useState(() => draftOf(flow));
  const [refusal, setRefusal] = useState<{ field: string; message: string } | null>(null);
  const save = useUpdateZoneFlow(props.areaId, flow.section);
  const checked = zoneFlowBodySchema.safeParse(bodyOf(draft));
  const messages = issueMessages(checked.success ? [] : checked.error.issues, t);
  const messageAt = (path: string) =>
    messages.get(path) ?? (refusal?.field === path ? refusal.message : undefined);

  const submit = () => {
    if (!checked.success) return;
    setRefusal(null);
    save.mutate(checked.data, {
      onSuccess: onClose,
      onError: (error) =>
        setRefusal(
          refusalOf(error, t('Irrigation.Flow.Form.SaveFailed', 'The limits could not be saved.')),
        ),
    });
  };

  const input = (field: keyof Draft, label: string, description?: string) => {
    const path = field === 'designedFlow' ? field : `limits.${field}`;
    return (
      <NumberInput
        label={label}
        description={description}
        value={draft[field]}
        min={0}
        onChange={(value) => {
          setRefusal(null);
          setDraft((current) => ({ ...current, [field]: value }));
        }}
        error={messageAt(path)}
      />
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('Irrigation.Flow.Form.Title', 'Flow limits of {{zone}}', { zone: flow.label })}
    >
      <StackedForm onSubmit={submit}>
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
        {refusal && !FIELD_PATHS.includes(refusal.field) && (
          <Alert color="fault" role="alert">
            {refusal.message}
          </Alert>
        )}
        <FormActions onCancel={onClose}>
          <Button type="submit" loading={save.isPending} disabled={!checked.success}>
            {t('Common.Save')}
          </Button>
        </FormActions>
      </StackedForm>
    </Modal>
  );
}

/**
 * A water meter's flow limits (issue 30 item 1): unscheduled flow and its delay, the mainline
 * limit (% of the largest zone flow) and its delay, checked as typed with the domain's
 * meterFlowBodySchema (the server's own check) and saved with PUT sensors/{id}/flow; a refusal
 * by the server shows at the field it names.
 */
import { Alert, Button, Modal, NumberInput, SimpleGrid } from '@mantine/core';
import { meterFlowBodySchema, type MeterFlowLimits, type MeterFlowSettings } from '@paddock/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { StackedForm } from '../../../components/ui/stacked-form.tsx';
import { useUpdateMeterFlow } from '../../../data/flow-supervision/update-meter-flow.ts';
import { issueMessages, numberOf, refusalOf, type NumberValue } from '../../../lib/number-form.ts';

type Field = keyof MeterFlowLimits;
type Draft = Record<Field, NumberValue>;

const FIELDS: readonly Field[] = [
  'unscheduledFlow',
  'unscheduledDelaySeconds',
  'mainlinePercent',
  'mainlineDelaySeconds',
];

export function MeterFlowModal(props: {
  areaId: number;
  flow: MeterFlowSettings;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { flow, onClose } = props;
  const [draft, setDraft] = useState<Draft>(() => ({ ...flow.limits }));
  const [refusal, setRefusal] = useState<{ field: string; message: string } | null>(null);
  const save = useUpdateMeterFlow(props.areaId, flow.sensor);
  const limits = Object.fromEntries(FIELDS.map((field) => [field, numberOf(draft[field])]));
  const checked = meterFlowBodySchema.safeParse({ limits });
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
          refusalOf(error, t('Addons.Flow.Form.SaveFailed', 'The limits could not be saved.')),
        ),
    });
  };

  const input = (field: Field, label: string) => (
    <NumberInput
      label={label}
      value={draft[field]}
      min={0}
      onChange={(value) => {
        setRefusal(null);
        setDraft((current) => ({ ...current, [field]: value }));
      }}
      error={messageAt(`limits.${field}`)}
    />
  );

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('Addons.Flow.Form.Title', 'Flow limits of {{meter}}', { meter: flow.label })}
    >
      <StackedForm onSubmit={submit}>
        <SimpleGrid cols={2}>
          {input(
            'unscheduledFlow',
            t('Addons.Flow.Form.Unscheduled', 'Unscheduled flow over (L/min)'),
          )}
          {input(
            'unscheduledDelaySeconds',
            t('Addons.Flow.Form.UnscheduledDelay', 'Unscheduled flow for (s)'),
          )}
          {input(
            'mainlinePercent',
            t('Addons.Flow.Form.Mainline', 'Mainline break over (% of the largest zone flow)'),
          )}
          {input(
            'mainlineDelaySeconds',
            t('Addons.Flow.Form.MainlineDelay', 'Mainline break for (s)'),
          )}
        </SimpleGrid>
        {refusal && !FIELDS.some((field) => refusal.field === `limits.${field}`) && (
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

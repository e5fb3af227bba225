/**
 * A water meter's flow limits (issue 30 item 1): unscheduled flow and its delay, the mainline
 * limit (% of the largest zone flow) and its delay, checked as typed with the domain's
 * meterFlowBodySchema (the server's own check) and saved with PUT sensors/{id}/flow; a refusal
 * by the server shows at the field it names.
 */
import { NumberInput, SimpleGrid } from '@mantine/core';
import { meterFlowBodySchema, type MeterFlowLimits, type MeterFlowSettings } from '@paddock/domain';
import { useTranslation } from 'react-i18next';
import { NumberFormModal } from '../../../components/ui/number-form-modal.tsx';
import { useUpdateMeterFlow } from '../../../data/flow-supervision/update-meter-flow.ts';
import { numberOf, useNumberForm, type NumberValue } from '../../../lib/number-form.ts';

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
  const save = useUpdateMeterFlow(props.areaId, flow.sensor);
  const form = useNumberForm({
    initial: (): Draft => ({ ...flow.limits }),
    pathOf: (field) => `limits.${field}`,
    check: (draft) =>
      meterFlowBodySchema.safeParse({
        limits: Object.fromEntries(FIELDS.map((field) => [field, numberOf(draft[field])])),
      }),
    save,
    onSaved: onClose,
    saveFailed: t('Addons.Flow.Form.SaveFailed', 'The limits could not be saved.'),
  });

  const input = (field: Field, label: string) => (
    <NumberInput label={label} min={0} {...form.field(field)} />
  );

  return (
    <NumberFormModal
      title={t('Addons.Flow.Form.Title', 'Flow limits of {{meter}}', { meter: flow.label })}
      form={form}
      onClose={onClose}
    >
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
    </NumberFormModal>
  );
}

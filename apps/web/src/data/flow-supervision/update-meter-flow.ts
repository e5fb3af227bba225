/** PUT sensors/{id}/flow (issue 30): a water meter's flow limits; the answer is its new settings. */
import {
  flowSupervisionEndpoints,
  type MeterFlowBody,
  type MeterFlowSettings,
} from '@paddock/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { flowSupervisionKeys } from './keys.ts';

function updateMeterFlow(sensorId: number, body: MeterFlowBody): Promise<MeterFlowSettings> {
  return callEndpoint(flowSupervisionEndpoints.updateMeterFlow, { params: { id: sensorId }, body });
}

export function useUpdateMeterFlow(areaId: number, sensorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MeterFlowBody) => updateMeterFlow(sensorId, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(flowSupervisionKeys.meter(areaId, sensorId), saved);
    },
  });
}

/**
 * PUT sensors/{id} (§7) with a label: renames a sensor. The area's sensors (add-ons, weather,
 * maps) and the site's answers carry it, so both are refreshed.
 */
import { sensorEndpoints, type Sensor } from '@paddock/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { areaKeys } from '../areas/keys.ts';
import { siteKeys } from '../sites/keys.ts';

function renameSensor(id: number, label: string): Promise<Sensor> {
  return callEndpoint(sensorEndpoints.updateSensor, { params: { id }, body: { label } });
}

export function useRenameSensor(siteId: number, areaId: number, sensorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (label: string) => renameSensor(sensorId, label),
    // Not awaited: the rename form closes once the name is saved, and the screens follow.
    onSuccess: () => {
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: areaKeys.detail(areaId) }),
        queryClient.invalidateQueries({ queryKey: siteKeys.detail(siteId) }),
      ]);
    },
  });
}

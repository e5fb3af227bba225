/**
 * An area's alarm written (§7): POST areas/{areaId}/alarms, PUT and DELETE
 * areas/{areaId}/alarms/{id}. Each refreshes the area's alarms (and the site's, which the
 * site-wide alarms page lists).
 */
import {
  alarmEndpoints,
  type Alarm,
  type AlarmCreateBody,
  type AlarmUpdateBody,
} from '@paddock/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client.ts';
import { alarmKeys } from './keys.ts';

function createAlarm(areaId: number, body: AlarmCreateBody): Promise<Alarm> {
  return callEndpoint(alarmEndpoints.createAreaAlarm, { params: { areaId }, body });
}

function updateAlarm(areaId: number, id: number, body: AlarmUpdateBody): Promise<Alarm> {
  return callEndpoint(alarmEndpoints.updateAreaAlarm, { params: { areaId, id }, body });
}

function deleteAlarm(areaId: number, id: number) {
  return callEndpoint(alarmEndpoints.deleteAreaAlarm, { params: { areaId, id } });
}

export type AlarmSave =
  | { readonly id: undefined; readonly body: AlarmCreateBody }
  | { readonly id: number; readonly body: AlarmUpdateBody };

export function useSaveAlarm(areaId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: AlarmSave) =>
      save.id === undefined
        ? createAlarm(areaId, save.body)
        : updateAlarm(areaId, save.id, save.body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alarmKeys.all }),
  });
}

export function useDeleteAlarm(areaId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteAlarm(areaId, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alarmKeys.all }),
  });
}

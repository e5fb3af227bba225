/**
 * The consent editor's draft and its save: the water meters it may name (the site's areas', and
 * those it names already), each field's message once the user tries to save, and the server's
 * refusal at its field (a consent number the site has, 409; a field, 400; else the whole form).
 */
import { waterTakeEndpoints, type Sensor, type WaterConsent } from '@paddock/domain';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getAreaSensorsQueryOptions } from '../../../data/sensors/get-area-sensors.ts';
import { ApiError, callEndpoint } from '../../../lib/api-client.ts';
import { checkConsent, consentBody, draftOf, type ConsentDraft } from '../consent-form.ts';
import { waterTakeKeys } from '../../../data/water-take/keys.ts';

/** What the consent editor is opened with. */
export interface ConsentEditorProps {
  siteId: number;
  /** The site's areas, whose water meters the consent may name. */
  areaIds: readonly number[];
  /** The consent edited; null adds one. */
  consent: WaterConsent | null;
  onClose: () => void;
}

export function useConsentEditor({ siteId, areaIds, consent, onClose }: ConsentEditorProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<ConsentDraft>(() => draftOf(consent));
  const [tried, setTried] = useState(false);
  const [serverField, setServerField] = useState<{ field: string; message: string } | null>(null);
  const sensors = useQueries({
    queries: areaIds.map((areaId) => getAreaSensorsQueryOptions(areaId)),
  });
  const meters = new Map<string, string>();
  for (const meter of consent?.meters ?? []) {
    meters.set(
      String(meter.sensor),
      meter.serialno ? `${meter.label} (${meter.serialno})` : meter.label,
    );
  }
  for (const query of sensors) {
    for (const sensor of (query.data ?? []) as Sensor[]) {
      if (sensor.type !== 'watermeter') continue;
      meters.set(
        String(sensor.id),
        sensor.serialno ? `${sensor.label} (${sensor.serialno})` : sensor.label,
      );
    }
  }
  const options = [...meters].map(([value, label]) => ({ value, label }));

  const save = useMutation({
    mutationFn: async () => {
      const body = consentBody(draft);
      if (!body) throw new Error('invalid');
      return consent
        ? callEndpoint(waterTakeEndpoints.updateWaterConsent, {
            params: { id: siteId, consentId: consent.id },
            body,
          })
        : callEndpoint(waterTakeEndpoints.createWaterConsent, { params: { id: siteId }, body });
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: waterTakeKeys.consents(siteId) });
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        setServerField({ field: 'consentNumber', message: t('WaterTake.Edit.NumberTaken') });
      } else if (error instanceof ApiError && error.field) {
        setServerField({ field: error.field, message: error.message });
      } else {
        setServerField({ field: '', message: t('WaterTake.Edit.SaveFailed') });
      }
    },
  });

  const messages = tried ? checkConsent(draft) : {};
  const message = (field: string) => {
    if (messages[field]) return t(messages[field]);
    return serverField?.field === field ? serverField.message : undefined;
  };
  const change = (next: Partial<ConsentDraft>) => {
    setServerField(null);
    setDraft((current) => ({ ...current, ...next }));
  };
  const changeMeter = (index: number, next: Partial<ConsentDraft['meters'][number]>) =>
    change({
      meters: draft.meters.map((meter, at) => (at === index ? { ...meter, ...next } : meter)),
    });
  const submit = () => {
    setTried(true);
    if (consentBody(draft)) save.mutate();
  };

  return { draft, options, save, serverField, message, change, changeMeter, submit };
}

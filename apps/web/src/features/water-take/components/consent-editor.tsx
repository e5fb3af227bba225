/**
 * Adds or edits a water consent (docs/water-take.md): its number, label, limits and its meters,
 * each a water meter of the site with its last verification. Each field shows its message once
 * the user tries to save; the server's refusal (a consent number the site has, 409; a field, 400)
 * is shown at its field. Only for users with edit on the site (the server's rule).
 */
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { waterTakeEndpoints, type Sensor, type WaterConsent } from '@paddock/domain';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getAreaSensorsQueryOptions } from '../../../data/sensors/get-area-sensors.ts';
import { ApiError, callEndpoint } from '../../../lib/api-client.ts';
import { checkConsent, consentBody, draftOf, type ConsentDraft } from '../consent-form.ts';
import { waterTakeKeys } from '../../../data/water-take/keys.ts';

export function ConsentEditor({
  siteId,
  areaIds,
  consent,
  onClose,
}: {
  siteId: number;
  /** The site's areas, whose water meters the consent may name. */
  areaIds: readonly number[];
  /** The consent edited; null adds one. */
  consent: WaterConsent | null;
  onClose: () => void;
}) {
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

  return (
    <Modal
      opened
      onClose={onClose}
      title={consent ? t('WaterTake.Edit.EditTitle') : t('WaterTake.Edit.AddTitle')}
    >
      <Stack gap="sm">
        <TextInput
          label={t('WaterTake.Edit.Number')}
          required
          value={draft.consentNumber}
          onChange={(event) => change({ consentNumber: event.currentTarget.value })}
          error={message('consentNumber')}
        />
        <TextInput
          label={t('WaterTake.Edit.Label')}
          value={draft.label}
          onChange={(event) => change({ label: event.currentTarget.value })}
          error={message('label')}
        />
        <Group grow align="flex-start">
          <TextInput
            label={t('WaterTake.Edit.MaxRate')}
            inputMode="decimal"
            value={draft.maxRateLps}
            onChange={(event) => change({ maxRateLps: event.currentTarget.value })}
            error={message('maxRateLps')}
          />
          <TextInput
            label={t('WaterTake.Edit.MaxVolume')}
            inputMode="decimal"
            value={draft.maxDailyVolumeM3}
            onChange={(event) => change({ maxDailyVolumeM3: event.currentTarget.value })}
            error={message('maxDailyVolumeM3')}
          />
        </Group>
        <Text size="sm" fw={500}>
          {t('WaterTake.Edit.Meters')}
        </Text>
        {draft.meters.map((meter, index) => (
          <Group key={index} align="flex-start" wrap="nowrap" data-testid="consent-meter">
            <Select
              aria-label={t('WaterTake.Edit.Meter')}
              placeholder={t('WaterTake.Edit.PickMeter')}
              data={options}
              value={meter.sensor === '' ? null : meter.sensor}
              onChange={(value) => changeMeter(index, { sensor: value ?? '' })}
              error={message(`meters.${index}.sensor`)}
              style={{ flex: 1 }}
            />
            <TextInput
              aria-label={t('WaterTake.Edit.VerifiedOn')}
              type="date"
              value={meter.verifiedOn}
              onChange={(event) => changeMeter(index, { verifiedOn: event.currentTarget.value })}
              error={message(`meters.${index}.verifiedOn`)}
            />
            <ActionIcon
              variant="subtle"
              aria-label={t('WaterTake.Edit.RemoveMeter')}
              onClick={() => change({ meters: draft.meters.filter((_, at) => at !== index) })}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
        {message('meters') && (
          <Text size="xs" c="red">
            {message('meters')}
          </Text>
        )}
        <Button
          variant="subtle"
          size="xs"
          onClick={() => change({ meters: [...draft.meters, { sensor: '', verifiedOn: '' }] })}
        >
          {t('WaterTake.Edit.AddMeter')}
        </Button>
        {serverField?.field === '' && <Alert color="red">{serverField.message}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('WaterTake.Edit.Cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            {t('WaterTake.Edit.Save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

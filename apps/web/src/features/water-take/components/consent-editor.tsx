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
import { useTranslation } from 'react-i18next';
import { useConsentEditor, type ConsentEditorProps } from './use-consent-editor.ts';

export function ConsentEditor(props: ConsentEditorProps) {
  const { consent, onClose } = props;
  const { t } = useTranslation();
  const { draft, options, save, serverField, message, change, changeMeter, submit } =
    useConsentEditor(props);

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

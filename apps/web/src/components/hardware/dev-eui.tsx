/**
 * A radio's devEUI (issue 32 item 2): the LoRaWAN device a network server link hears is attached
 * to the radio that has its devEUI (the Network servers card lists the devices heard but not
 * provisioned). The site's admins set, change or remove it here; everyone else reads it.
 *
 * Shown in groups of four hex digits (`70B3 D57E D005 A1C2`) so it can be compared with a label.
 * What is typed is checked with the domain's rule and sent in its stored form (16 upper-case hex
 * digits); the server's refusal (another radio has it, 409; not a devEUI, 400) shows at the field.
 */
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { normaliseDevEui } from '@paddock/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { radioKeys } from '../../data/radios/keys.ts';
import { updateRadio } from '../../data/radios/update-radio.ts';
import { refusalMessage } from '../ui/save-refusal.tsx';
import type { HardwareItem } from './hardware-items.ts';
import { ChangeableValue, SaveInPlace } from './setting-in-place.tsx';

const PLACEHOLDER = '70B3D57ED005A1C2';

/** `70B3D57ED005A1C2` as `70B3 D57E D005 A1C2`. */
function grouped(devEui: string): string {
  return devEui.replace(/(.{4})(?=.)/g, '$1 ');
}

export function DevEui({
  item,
  areaId,
  canEdit,
}: {
  readonly item: HardwareItem;
  readonly areaId: number;
  readonly canEdit: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(item.devEui ?? '');
  const [invalid, setInvalid] = useState(false);
  const save = useMutation({
    mutationFn: (devEui: string | null) => updateRadio(item.id, { devEui }),
    onSuccess: async () => {
      setEditing(false);
      await queryClient.invalidateQueries({ queryKey: radioKeys.area(areaId) });
    },
  });

  const value =
    item.devEui === null ? (
      <Text size="sm" c="dimmed" data-testid="dev-eui">
        {t('Hardware.DevEui.None')}
      </Text>
    ) : (
      <Text size="sm" ff="monospace" data-testid="dev-eui">
        {grouped(item.devEui)}
      </Text>
    );
  if (!canEdit) return value;
  if (!editing) {
    return (
      <ChangeableValue
        label={t('Hardware.DevEui.Change')}
        onChange={() => {
          save.reset();
          setInvalid(false);
          setText(item.devEui ?? '');
          setEditing(true);
        }}
      >
        {value}
      </ChangeableValue>
    );
  }

  const refusal = save.error ? refusalMessage(save.error, t('Hardware.DevEui.Failed')) : undefined;
  const submit = () => {
    const devEui = normaliseDevEui(text);
    setInvalid(devEui === null);
    save.reset();
    if (devEui !== null) save.mutate(devEui);
  };
  return (
    <Stack gap={4}>
      <TextInput
        size="xs"
        label={t('Hardware.DevEui.Label')}
        placeholder={PLACEHOLDER}
        ff="monospace"
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setInvalid(false);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') submit();
        }}
        error={invalid ? t('Hardware.DevEui.Invalid') : refusal}
        autoComplete="off"
        spellCheck={false}
      />
      <SaveInPlace saving={save.isPending} onSave={submit} onCancel={() => setEditing(false)}>
        {item.devEui !== null && (
          <Button
            size="compact-xs"
            variant="subtle"
            color="fault"
            disabled={save.isPending}
            onClick={() => {
              setInvalid(false);
              save.reset();
              save.mutate(null);
            }}
          >
            {t('Hardware.DevEui.Remove')}
          </Button>
        )}
      </SaveInPlace>
    </Stack>
  );
}

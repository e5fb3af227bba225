/**
 * One notification of the contact form (§3 Contact): its method, address, remove button, and
 * whether it is active, sent after hours, or sent after hours only for critical alarms (implied,
 * and locked, when it is sent after hours anyway).
 */
import { ActionIcon, Card, Checkbox, Group, Select, Stack, TextInput } from '@mantine/core';
import {
  ADDRESS_MAX_LENGTH,
  contactMethodSchema,
  type ContactMethod,
  type ContactNotification,
} from '@paddock/domain';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function NotificationFields({
  notification,
  error,
  onChange,
  onBlurAddress,
  onRemove,
}: {
  notification: ContactNotification;
  /** The address's error, once shown. */
  error: string | undefined;
  onChange: (change: Partial<ContactNotification>) => void;
  onBlurAddress: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="xs">
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap" align="flex-start">
          <Select
            w={120}
            aria-label={t('Alarms.Contacts.Method')}
            data={contactMethodSchema.options.map((method) => ({
              value: method,
              label: t(`Alarms.Method.${method}`),
            }))}
            value={notification.method}
            allowDeselect={false}
            onChange={(value) => value && onChange({ method: value as ContactMethod })}
          />
          <TextInput
            style={{ flex: '1 1 12rem' }}
            aria-label={t('Alarms.Contacts.Address')}
            placeholder={t(`Alarms.Contacts.AddressPlaceholder.${notification.method}`)}
            value={notification.address}
            maxLength={ADDRESS_MAX_LENGTH}
            type={notification.method === 'email' ? 'email' : 'tel'}
            onChange={(event) => onChange({ address: event.currentTarget.value })}
            onBlur={onBlurAddress}
            error={error}
          />
          <ActionIcon
            variant="subtle"
            color="fault"
            mt={6}
            onClick={onRemove}
            aria-label={t('Alarms.Contacts.RemoveNotification')}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
        <Group gap="md">
          <Checkbox
            size="xs"
            label={t('Alarms.Contacts.Active')}
            checked={notification.active}
            onChange={(event) => onChange({ active: event.currentTarget.checked })}
          />
          <Checkbox
            size="xs"
            label={t('Alarms.Contacts.AfterHoursLong')}
            checked={notification.afterhours}
            onChange={(event) => onChange({ afterhours: event.currentTarget.checked })}
          />
          <Checkbox
            size="xs"
            label={t('Alarms.Contacts.CriticalAfterHours')}
            disabled={notification.afterhours}
            checked={notification.afterhours || (notification.criticalAfterhours ?? false)}
            onChange={(event) => onChange({ criticalAfterhours: event.currentTarget.checked })}
          />
        </Group>
      </Stack>
    </Card>
  );
}

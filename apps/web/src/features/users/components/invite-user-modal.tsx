/**
 * Inviting a user (§5 new user, §8 user creation): first and last name, email, language and a role
 * of manage or monitor, only those below the caller's own precedence offered (invitableRoles). The
 * payload comes from the domain's validateCreateUser, which the server runs too.
 */
import { Button, Checkbox, Group, Modal, Select, TextInput } from '@mantine/core';
import {
  invitableRoles,
  NOTIFICATION_LONG_DURATION_MS,
  SERVER_NOT_RESPONDING,
  USER_ADDED_TO_NEW_SITE,
  USER_EXISTS,
  validateCreateUser,
  type Privilege,
  type Role,
} from '@paddock/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInviteUser } from '../../../data/users/invite-user.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { StackedForm } from '../../../components/ui/stacked-form.tsx';

/** The console's languages (§1): English by default, German. */
const LOCALES = ['en', 'de'] as const;

export interface InviteUserModalProps {
  readonly opened: boolean;
  readonly onClose: () => void;
  readonly siteId: number;
  /** The caller's privileges on the site. */
  readonly held: readonly Privilege[];
}

export function InviteUserModal({ opened, onClose, siteId, held }: InviteUserModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('Users.InviteTitle')} centered>
      {opened && <InviteUserForm onClose={onClose} siteId={siteId} held={held} />}
    </Modal>
  );
}

function InviteUserForm({ onClose, siteId, held }: Omit<InviteUserModalProps, 'opened'>) {
  const { t, i18n } = useTranslation();
  const offered = invitableRoles(held);
  const [form, setForm] = useState({
    firstName: '',
    lastName: '',
    email: '',
    locale: i18n.language?.startsWith('de') ? 'de' : 'en',
    roles: (offered.length === 1 ? offered : []) as Role[],
  });
  const [submitted, setSubmitted] = useState(false);
  const invite = useInviteUser(siteId);
  const result = validateCreateUser({ ...form, siteId }, held);
  const errors = submitted && !result.ok ? result.errors : {};
  const set = (field: 'firstName' | 'lastName' | 'email') => (value: string) =>
    setForm((current) => ({ ...current, [field]: value }));

  async function submit() {
    setSubmitted(true);
    if (!result.ok || invite.isPending) return;
    try {
      const outcome = await invite.mutateAsync(result.value);
      if (outcome.created) {
        notify({
          level: 'info',
          message: t('Users.Notification.UserCreated', { email: result.value.email }),
        });
      } else {
        notify({
          level: 'info',
          title: t(USER_EXISTS),
          message: t(USER_ADDED_TO_NEW_SITE),
          autoClose: NOTIFICATION_LONG_DURATION_MS,
        });
      }
      onClose();
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        notify({ level: 'warning', message: error.message });
      } else if (isApiError(error) && error.status !== 0) {
        notify({ level: 'error', message: error.message });
      } else {
        notify({
          level: 'error',
          message: t(SERVER_NOT_RESPONDING),
          autoClose: NOTIFICATION_LONG_DURATION_MS,
        });
      }
    }
  }

  return (
    <StackedForm gap="md" onSubmit={() => void submit()}>
      <Group grow align="flex-start">
        <TextInput
          label={t('Users.FirstName')}
          value={form.firstName}
          onChange={(event) => set('firstName')(event.currentTarget.value)}
          error={errors.firstName && t(errors.firstName)}
          required
          data-autofocus
        />
        <TextInput
          label={t('Users.LastName')}
          value={form.lastName}
          onChange={(event) => set('lastName')(event.currentTarget.value)}
          error={errors.lastName && t(errors.lastName)}
          required
        />
      </Group>
      <TextInput
        label={t('Users.Email')}
        type="email"
        autoComplete="off"
        value={form.email}
        onChange={(event) => set('email')(event.currentTarget.value)}
        error={errors.email && t(errors.email)}
        required
      />
      <Select
        label={t('Users.Language')}
        data={LOCALES.map((locale) => ({ value: locale, label: t(`Users.Locale.${locale}`) }))}
        value={form.locale}
        onChange={(value) => value && setForm((current) => ({ ...current, locale: value }))}
        allowDeselect={false}
        error={errors.locale && t(errors.locale)}
      />
      <Checkbox.Group
        label={t('Users.Roles')}
        value={[...form.roles]}
        onChange={(roles) => setForm((current) => ({ ...current, roles: roles as Role[] }))}
        error={errors.roles && t(errors.roles)}
        required
      >
        <Group mt="xs">
          {offered.map((role) => (
            <Checkbox key={role} value={role} label={t(`Users.Role.${role}`)} />
          ))}
        </Group>
      </Checkbox.Group>
      <FormActions onCancel={onClose} mt="sm">
        <Button type="submit" loading={invite.isPending}>
          {t('Users.SendInvitation')}
        </Button>
      </FormActions>
    </StackedForm>
  );
}

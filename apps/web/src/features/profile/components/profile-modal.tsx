import { Alert, Button, Loader, Modal, TextInput } from '@mantine/core';
import {
  AN_ERROR_HAS_OCCURRED,
  CONTACT_NO_VALID_SITE,
  CONTACT_UPDATE_FAILED,
  CONTACT_UPDATE_SUCCESS,
  errorsToShow,
  validateProfile,
  type Contact,
  type CountryCode,
  type ProfileForm,
} from '@paddock/domain';
import { ADDRESS_MAX_LENGTH, NAME_MAX_LENGTH } from '@paddock/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { useUserContact } from '../api/get-user-contact.ts';
import { useUpdateContact } from '../api/update-contact.ts';
import { contactUpdateOf, profileFormOf } from '../profile-form.ts';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { StackedForm } from '../../../components/ui/stacked-form.tsx';

export interface ProfileModalProps {
  readonly opened: boolean;
  readonly onClose: () => void;
  /** The current site: its contact is edited, and its country reads national phone numbers. */
  readonly siteId?: number;
  readonly country?: CountryCode;
  /** Fills {product} in the no-valid-site message. */
  readonly productName: string;
}

/**
 * §2 My Profile: name, email, voice and sms phones, company. Rules and messages are the domain's
 * validateProfile (§5); errors show once a field is touched; values are trimmed on save.
 */
export function ProfileModal({ opened, onClose, siteId, country, productName }: ProfileModalProps) {
  const { t } = useTranslation();
  const contact = useUserContact(siteId, { enabled: opened });
  return (
    <Modal opened={opened} onClose={onClose} title={t('Profile.Title')} centered>
      {contact.isPending ? (
        <Loader size="sm" aria-label={t('Common.Loading')} />
      ) : contact.isError ? (
        <Alert color="red" role="alert">
          {t(CONTACT_NO_VALID_SITE).replace('{product}', productName)}
        </Alert>
      ) : (
        opened && (
          <ProfileFormView
            key={contact.data.id}
            contact={contact.data}
            country={country}
            onClose={onClose}
          />
        )
      )}
    </Modal>
  );
}

const FIELDS = [
  'name',
  'email',
  'voice',
  'sms',
  'company',
] as const satisfies readonly (keyof ProfileForm)[];

function ProfileFormView({
  contact,
  country,
  onClose,
}: {
  contact: Contact;
  country?: CountryCode;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<ProfileForm>(() => profileFormOf(contact));
  const [touched, setTouched] = useState<Partial<Record<keyof ProfileForm, boolean>>>({});
  const update = useUpdateContact();
  const result = validateProfile(form, { defaultCountry: country });
  const shown = result.ok ? {} : errorsToShow(result.errors, touched);

  const labels: Record<keyof ProfileForm, string> = {
    name: t('Profile.Name'),
    email: t('Profile.Email'),
    voice: t('Profile.VoicePhone'),
    sms: t('Profile.SmsPhone'),
    company: t('Profile.Company'),
  };

  const onSave = () => {
    setTouched(Object.fromEntries(FIELDS.map((field) => [field, true])));
    if (!result.ok) return;
    update.mutate(
      { id: contact.id, body: contactUpdateOf(contact, result.value) },
      {
        onSuccess: () => {
          notify({ level: 'info', message: t(CONTACT_UPDATE_SUCCESS) });
          onClose();
        },
        onError: (error) => {
          const message =
            isApiError(error) && error.responseStatus !== undefined ? error.message : '';
          notify({
            level: 'error',
            title: t(CONTACT_UPDATE_FAILED),
            message: message || t(AN_ERROR_HAS_OCCURRED),
          });
        },
      },
    );
  };

  return (
    <StackedForm gap="md" onSubmit={onSave}>
      {FIELDS.map((field) => (
        <TextInput
          key={field}
          label={labels[field]}
          value={form[field]}
          required={field === 'name'}
          maxLength={field === 'name' || field === 'company' ? NAME_MAX_LENGTH : ADDRESS_MAX_LENGTH}
          type={field === 'email' ? 'email' : field === 'voice' || field === 'sms' ? 'tel' : 'text'}
          autoComplete={
            field === 'name'
              ? 'name'
              : field === 'email'
                ? 'email'
                : field === 'company'
                  ? 'organization'
                  : 'tel'
          }
          onChange={(event) => {
            const value = event.currentTarget.value;
            setForm((current) => ({ ...current, [field]: value }));
            setTouched((current) => ({ ...current, [field]: true }));
          }}
          onBlur={() => setTouched((current) => ({ ...current, [field]: true }))}
          error={shown[field] ? t(shown[field]) : undefined}
        />
      ))}
      <FormActions onCancel={onClose} mt="sm">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? t('Profile.Saving') : t('Common.Save')}
        </Button>
      </FormActions>
    </StackedForm>
  );
}

import { Button, Center, Loader, Stack, TextInput } from '@mantine/core';
import { NAME_MAX_LENGTH, type ValidationResult } from '@paddock/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert, type FormOutcome } from './form-alert.tsx';
import { NewPasswordFields, type NewPasswordValues } from './new-password-fields.tsx';

/** The domain field that holds the full name: activation calls it accountName, sign-up fullName. */
type NameKey = 'accountName' | 'fullName';
export type AccountSetupFields<K extends NameKey> = Record<K, string> & NewPasswordValues;
type AccountSetupResult<K extends NameKey> = ValidationResult<
  AccountSetupFields<K>,
  K | keyof NewPasswordValues
>;

/**
 * The form that sets up an account (§2 activation and invitation sign-up): the outcome so far,
 * a loader while the link is checked, the email read-only once known, the full name and a strong
 * password entered twice. The name shows `knownName` until the user types. On submit the §5 rules
 * of the caller's `validate` run; the fields' errors show, or `onValid` gets the cleaned values.
 */
export function AccountSetupForm<K extends NameKey>({
  title,
  outcome,
  checking,
  checkingLabel,
  email,
  nameKey,
  inputName,
  knownName,
  disabled,
  pending,
  submitLabel,
  validate,
  onValid,
}: {
  /** Translation keys of the form's accessible name, the loader's and the submit button's. */
  title: string;
  checkingLabel: string;
  submitLabel: string;
  outcome: FormOutcome | null;
  checking: boolean;
  /** Shown read-only when not empty. */
  email: string;
  nameKey: K;
  /** The name input's `name`, for the browser's autofill. */
  inputName: string;
  knownName: string;
  disabled: boolean;
  pending: boolean;
  validate: (form: AccountSetupFields<K>) => AccountSetupResult<K>;
  onValid: (value: AccountSetupFields<K>) => void;
}) {
  const { t } = useTranslation();
  // null until the user types: then what they typed is shown instead of the known name.
  const [typedName, setTypedName] = useState<string | null>(null);
  const [passwords, setPasswords] = useState<NewPasswordValues>({
    newPassword: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<Partial<Record<K | keyof NewPasswordValues, string>>>({});
  const shownName = typedName ?? knownName;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (disabled) return;
    const result = validate({ [nameKey]: shownName, ...passwords } as AccountSetupFields<K>);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onValid(result.value);
  }

  const nameError = errors[nameKey];
  return (
    <form onSubmit={submit} noValidate aria-label={t(title)}>
      <Stack>
        {outcome && <FormAlert {...outcome} />}
        {checking && (
          <Center>
            <Loader size="sm" aria-label={t(checkingLabel)} />
          </Center>
        )}
        {email !== '' && (
          <TextInput label={t('Auth.Email')} value={email} readOnly variant="filled" />
        )}
        <TextInput
          label={t('Auth.FullName')}
          name={inputName}
          autoComplete="name"
          maxLength={NAME_MAX_LENGTH}
          value={shownName}
          onChange={(event) => setTypedName(event.currentTarget.value)}
          error={nameError ? t(nameError) : undefined}
          disabled={disabled}
        />
        <NewPasswordFields
          values={passwords}
          onChange={setPasswords}
          errors={errors}
          disabled={disabled}
          strong
        />
        <Button type="submit" fullWidth disabled={disabled} loading={pending}>
          {t(submitLabel)}
        </Button>
      </Stack>
    </form>
  );
}

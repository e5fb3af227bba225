import { PasswordInput, Stack } from '@mantine/core';
import { MIN_PASSWORD_LENGTH_ON_CHANGE } from '@paddock/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordRules } from './password-rules.tsx';

export interface NewPasswordValues {
  readonly newPassword: string;
  readonly confirmPassword: string;
}

/**
 * A new password and its re-entry, as every password form of §5 asks. `strong` shows the four
 * strong-password rules (activation, sign-up, reset); change password only needs a length.
 */
export function NewPasswordFields({
  values,
  onChange,
  errors,
  disabled,
  strong,
}: {
  values: NewPasswordValues;
  onChange: (values: NewPasswordValues) => void;
  errors: Partial<Record<keyof NewPasswordValues, string>>;
  disabled: boolean;
  strong: boolean;
}) {
  const { t } = useTranslation();
  const rulesId = useId();
  const message = (key: string | undefined) =>
    key === undefined ? undefined : t(key, { min: MIN_PASSWORD_LENGTH_ON_CHANGE });
  return (
    <Stack gap="xs">
      <PasswordInput
        label={t('Password.New')}
        name="newPassword"
        autoComplete="new-password"
        value={values.newPassword}
        onChange={(event) => onChange({ ...values, newPassword: event.currentTarget.value })}
        error={message(errors.newPassword)}
        disabled={disabled}
        aria-describedby={strong ? rulesId : undefined}
        visibilityToggleButtonProps={{ 'aria-label': t('Password.ToggleVisibility') }}
      />
      {strong && <PasswordRules id={rulesId} password={values.newPassword} />}
      <PasswordInput
        label={t('Password.Confirm')}
        name="confirmPassword"
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={(event) => onChange({ ...values, confirmPassword: event.currentTarget.value })}
        error={message(errors.confirmPassword)}
        disabled={disabled}
        visibilityToggleButtonProps={{ 'aria-label': t('Password.ToggleVisibility') }}
      />
    </Stack>
  );
}

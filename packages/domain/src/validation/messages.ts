/**
 * Every message and translation key that a form or start-up shows (§5, §8), spelled exactly as the
 * spec spells them — typos included ('recieve', 'Maintence'), because users have seen them. A few
 * messages the spec needs but does not word are ours; they are grouped at the end and say so.
 */

// §5 Season
export const SEASON_START_REQUIRED = 'Season start date is required';
export const SEASON_END_REQUIRED = 'Season end date is required';

// §5 Forgot password (also used wherever an email address is checked without its own key)
export const EMAIL_NOT_VALID = 'The email address is not valid';

// §5 Change password
export const LOGIN_ERROR_INVALID_LENGTH = 'Login.Error.InvalidLength';
export const LOGIN_ERROR_NOT_SAME = 'Login.Error.NotSame';

// §5 Profile
export const CONTACT_NAME_FEEDBACK = 'Contact.NameFeedback';
export const CONTACT_EMAIL_FEEDBACK = 'Contact.EmailFeedback';
export const CONTACT_PHONE_FEEDBACK = 'Contact.PhoneFeedback';
export const CONTACT_MOBILE_FEEDBACK = 'Contact.MobileFeedback';

// §5 Generic form validator (thrown: they are mistakes in a form's definition, not in user input)
export const INPUT_NAME_EMPTY = 'Input name must not be empty.';
export const UNRECOGNIZED_VALIDATOR = 'Unrecognized validator.';

// §5 Credentials
export const INVALID_CREDENTIALS = 'Invalid Credentials';

// §8 Config (start-up)
export const CONFIG_FETCH_FAILED = 'Failed to Fetch from the Server';
export const CONFIG_ENVIRONMENT_INVALID = 'Missing or Invalid Environment Property';
export const CONFIG_BUGSNAG_KEY_INVALID = 'Missing or Invalid Bugsnag API Key Property';
export const CONFIG_API_BASE_URL_INVALID = 'Missing or Invalid API Base Url Property';
export const CONFIG_AWS_REGION_INVALID = 'Missing or Invalid AWS Region Property';
export const CONFIG_BANNER = 'Error: Failed to Request the Application Configuration';
export const BUGSNAG_REACT_PLUGIN_MISSING = 'Bugsnag could not get the react plugin';

// §8 Init failure: the session error when the server sent no response text
export const INIT_ERROR = 'Error during init';

// §4 Incident banner (start-up status check)
export const INCIDENT_BANNER = 'An incident is impacting some Services.';
export const MAINTENANCE_BANNER = 'Scheduled Maintence has begun and may impact some Services.';

// §8 Login, switch user and sign-up error keys
export const LOGIN_ERROR = {
  Invalid: 'Login.Error.Invalid',
  PasswordInvalid: 'Login.Error.PasswordInvalid',
  AccessDenied: 'Login.Error.AccessDenied',
  NotFound: 'Login.Error.NotFound',
  General: 'Login.Error.General',
  NoConnection: 'Login.Error.NoConnection',
} as const;
export type LoginErrorKey = (typeof LOGIN_ERROR)[keyof typeof LOGIN_ERROR];

export const SIGNUP_ERROR = {
  Invalid: 'Signup.Error.Invalid',
  PasswordInvalid: 'Signup.Error.PasswordInvalid',
  NotFound: 'Signup.Error.NotFound',
  General: 'Signup.Error.General',
  NoConnection: 'Signup.Error.NoConnection',
  /** Spelled 'SignUp' (capital U) in the spec, unlike the rest of the family. */
  AlreadyCompleted: 'SignUp.Error.AlreadyCompleted',
  /** Spelled 'SignUp' (capital U) in the spec, unlike the rest of the family. */
  TokenExpired: 'SignUp.Error.TokenExpired',
} as const;
export type SignupErrorKey = (typeof SIGNUP_ERROR)[keyof typeof SIGNUP_ERROR];

/** An HTTP status, or `undefined` when no response arrived at all. */
export type ResponseStatus = number | undefined;

/** §8: login error key by status. */
export function loginErrorKey(status: ResponseStatus): LoginErrorKey {
  switch (status) {
    case undefined:
      return LOGIN_ERROR.NoConnection;
    case 400:
      return LOGIN_ERROR.Invalid;
    case 401:
      return LOGIN_ERROR.PasswordInvalid;
    case 403:
      return LOGIN_ERROR.AccessDenied;
    case 404:
      return LOGIN_ERROR.NotFound;
    default:
      return LOGIN_ERROR.General;
  }
}

/** §8: switch user maps like login, except 403 is General. */
export function switchUserErrorKey(status: ResponseStatus): LoginErrorKey {
  return status === 403 ? LOGIN_ERROR.General : loginErrorKey(status);
}

/** §8: sign-up (Signup.Error) by status; 403 has no key of its own, so it is General. */
export function signupErrorKey(status: ResponseStatus): SignupErrorKey {
  switch (status) {
    case undefined:
      return SIGNUP_ERROR.NoConnection;
    case 400:
      return SIGNUP_ERROR.Invalid;
    case 401:
      return SIGNUP_ERROR.PasswordInvalid;
    case 404:
      return SIGNUP_ERROR.NotFound;
    default:
      return SIGNUP_ERROR.General;
  }
}

/**
 * §8: sign-up resend — 500 means the sign-up was already completed. Our server answers that case
 * with 409 (a conflict, not a failure of the server), so 409 maps the same way.
 */
export function signupResendErrorKey(status: ResponseStatus): SignupErrorKey {
  if (status === undefined) return SIGNUP_ERROR.NoConnection;
  return status === 500 || status === 409 ? SIGNUP_ERROR.AlreadyCompleted : SIGNUP_ERROR.General;
}

/** §8: sign-up status check — 404 or 400 means the invitation token expired. */
export function signupCheckErrorKey(status: ResponseStatus): SignupErrorKey {
  if (status === undefined) return SIGNUP_ERROR.NoConnection;
  return status === 404 || status === 400 ? SIGNUP_ERROR.TokenExpired : SIGNUP_ERROR.General;
}

// §8 Activation
export const ACTIVATION_TOKEN_INVALID = 'Error: Invalid Activation token';
export const ACTIVATION_TOKEN_MISSING =
  'Error: Activation token is missing, please contact your site admin.';
/** Followed by the server's detail lines. */
export const ACTIVATION_FAILED =
  'Error: Activating the account failed, please contact your site admin.';
/** On network failure of the finish call. */
export const ACTIVATION_NETWORK_ERROR =
  'Error: Activating your account, please contact your site admin';

// §8 Reset password
export const RESET_TOKEN_MISSING =
  'Error: Reset Password token is missing, please contact your site admin.';
/** Followed by the server's message. */
export const RESET_FAILED = 'Error: Resetting the password failed.';
export const RESET_NETWORK_ERROR = 'Error: Resetting the password, please contact your site admin';

// §8 Change, forgot, expired link, invitation
/** Shown with the support phone hint. */
export const CHANGE_PASSWORD_FAILED = 'Oh snap! Something went wrong!';
export const FORGOT_PASSWORD_USER_NOT_FOUND = 'Sorry. We could not find the user in our system.';
export const RECOVERY_LINK_EXPIRED =
  'Oops, a bit too late. It seems your password recovery link has expired. Please try again.';
export const INVITATION_EXPIRED =
  'Your Invitation has expired. Please contact your site administrator to recieve a new invite.';

// §8 Success
export const ACTIVATION_SUCCESS = 'Account Activated successfully, Redirecting to login';
export const RESET_SUCCESS = 'Password Reset successfully, Redirecting to login';
export const CHANGE_PASSWORD_SUCCESS = 'Your password has been updated successfully.';
export const SIGNUP_COMPLETED = 'SignUp Completed';

// §8 Contact update (profile save)
export const CONTACT_UPDATE_FAILED = 'Contact.UpdateFailed';
/** Contact.UpdateFailed detail when the server sent no message. */
export const AN_ERROR_HAS_OCCURRED = 'An Error has occurred';
/** No valid site; `{product}` is the product name. */
export const CONTACT_NO_VALID_SITE = 'An Error has occurred, please contact {product} support';
export const CONTACT_UPDATE_SUCCESS = 'Contact.UpdateSuccess';

/** Fills `{product}` in {@link CONTACT_NO_VALID_SITE}. */
export function contactNoValidSiteMessage(product: string): string {
  return CONTACT_NO_VALID_SITE.replace('{product}', product);
}

// §8 Switch user
export const SWITCH_USER_UNKNOWN_ERROR = 'An unknown error occurred while switching user';

// §8 Test errors (a control test that did not finish)
export const TEST_FAILED = 'Test failed';
export const USER_CANCELLED = 'User cancelled';

// §8 Permission update
export const USERS_NOTIFICATION = {
  NotSufficientPermission: 'Users.Notification.NotSufficientPermission',
  InternalServerError: 'Users.Notification.InternalServerError',
  ServerNotResponding: 'Users.Notification.ServerNotResponding',
  PermissionUpdating: 'Users.Notification.PermissionUpdating',
  PermissionUpdated: 'Users.Notification.PermissionUpdated',
} as const;

// §8 User creation and invitation resend
export const USER_EXISTS = 'user exists';
export const USER_ADDED_TO_NEW_SITE = 'added to new site';
export const SERVER_NOT_RESPONDING = 'Internal server error - server not responding';
export const INVITATION_RESENT = 'User invitation resent';
/** Followed by the server's message. */
export const INVITATION_RESEND_FAILED = 'Error while resending user invitation';

// Ours: the spec requires these checks but does not word their messages.
export const ACCOUNT_NAME_REQUIRED = 'Account name is required';
export const PASSWORD_REQUIRED = 'Password is required';
export const FULL_NAME_REQUIRED = 'Full name is required';
/** The tooltip lists the rules themselves; see STRONG_PASSWORD_RULES. */
export const PASSWORD_NOT_STRONG = 'Password does not meet all the password rules';
export const FIRST_NAME_REQUIRED = 'First name is required';
export const LAST_NAME_REQUIRED = 'Last name is required';
export const LOCALE_INVALID = 'Choose a language';
export const SITE_INVALID = 'Choose a site';
export const ROLE_REQUIRED = 'Choose at least one role: manage or monitor';
export const ROLE_NOT_GRANTABLE = 'You can only grant roles below your own';
export const ROLE_NOT_CHANGEABLE = "You cannot change this user's role";

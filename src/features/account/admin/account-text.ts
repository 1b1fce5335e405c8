import { SECOND_STEP_PROMPT } from '../sign-in';

/** Every word of the account page (/admin/account) and the login page's second step. */
export const accountText = {
  link: 'Account',
  title: 'Account',
  breadcrumb: 'Breadcrumb',
  home: 'Home',
  admin: 'Admin',
  intro: 'How you sign in to this dashboard',
  loading: 'Loading your account',
  loadError: 'Your account could not be loaded',
  twoStepTitle: 'Two-step sign-in',
  twoStepOff:
    'Off. With it on, signing in with your password also asks for a code from an authenticator app on your phone (such as Google Authenticator, Microsoft Authenticator or 1Password).',
  turnOn: 'Turn on two-step sign-in',
  starting: 'Preparing',
  scan: 'Scan this QR code with your authenticator app.',
  qrAlt: 'QR code to scan with your authenticator app',
  cannotScan: 'Cannot scan it? Enter this key in the app instead:',
  codeLabel: SECOND_STEP_PROMPT,
  confirm: 'Turn on',
  cancel: 'Cancel',
  codesTitle: 'Your recovery codes',
  codesText:
    'If you lose your phone, each of these codes signs you in once instead of the app. Keep them somewhere safe: they are shown only now.',
  download: 'Download as text',
  done: 'Done',
  onText: (left: number) =>
    `On. Signing in asks for a code from your authenticator app. ${left} recovery code${left === 1 ? '' : 's'} left.`,
  turnOffLabel: 'To turn it off, enter the 6-digit code from your authenticator app',
  turnOff: 'Turn off',
  turnedOnTitle: 'Two-step sign-in is on',
  turnedOffTitle: 'Two-step sign-in is off',
  failedTitle: 'That did not work',
  passwordTitle: 'Change password',
  passwordIntro: 'At least 12 characters. Every other session is signed out; this one stays.',
  currentPassword: 'Current password',
  newPassword: 'New password',
  repeatPassword: 'New password again',
  changePassword: 'Change password',
  passwordChangedTitle: 'Password changed',
  sessionsTitle: "Where you're signed in",
  sessionsIntro: 'Each browser signed in to this dashboard, newest use first.',
  sessionsLoading: 'Loading your sessions',
  thisDevice: 'This device',
  from: 'From',
  signedIn: 'Signed in',
  lastSeen: 'Last seen',
  signOut: 'Sign out',
  signOutDevice: (device: string) => `Sign out ${device}`,
  signOutOthers: 'Sign out everywhere else',
  signedOutTitle: 'Signed out',
  noOthers: 'Signed in nowhere else.',
  passkeysTitle: 'Passkeys',
  passkeysIntro:
    "Sign in with Face ID, a fingerprint or your phone's screen lock instead of the password and the code.",
  passkeysLoading: 'Loading your passkeys',
  noPasskeys: 'No passkeys yet.',
  passkeyName: 'Name of this device',
  addPasskey: 'Add a passkey',
  added: 'Added',
  lastUsed: 'Last used',
  never: 'never',
  remove: 'Remove',
  removeTitle: (name: string) => `Remove the passkey "${name}"?`,
  removeText: 'You can still sign in with your password, and add it again later.',
  passkeyAddedTitle: 'Passkey added',
  passkeyAddedText: 'Next time, choose "Sign in with a passkey" on the login page.',
  passkeyRemovedTitle: 'Passkey removed',
  passkeyCancelled: 'The passkey was not created (cancelled, or not allowed on this device).',
} as const;

export const secondStepText = {
  intro: 'Two-step sign-in',
  label: SECOND_STEP_PROMPT,
  hint: 'Lost your phone? Enter one of your recovery codes instead.',
  submit: 'Verify',
  submitting: 'Verifying...',
  startOver: 'Start over',
  passkey: 'Sign in with a passkey',
  passkeyPending: 'Waiting for your passkey...',
} as const;

/** A first name for a new passkey, from the device it is made on: she can change it. */
export function guessDeviceName(userAgent: string): string {
  if (/iPhone/.test(userAgent)) return 'iPhone';
  if (/iPad/.test(userAgent)) return 'iPad';
  if (/Android/.test(userAgent)) return 'Android phone';
  if (/Macintosh/.test(userAgent)) return 'Mac';
  if (/Windows/.test(userAgent)) return 'Windows PC';
  return 'This device';
}

/** The recovery codes as the downloaded text file holds them. */
export function recoveryCodesFile(site: string, username: string, codes: readonly string[]): string {
  return [
    `${site}: recovery codes for ${username}`,
    'Each code signs you in once, instead of the authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
}

import { INVALID_CREDENTIALS, tooManySignInAttempts } from '../../features/account/sign-in';

/**
 * Every word of the admin screens (spec section 2, "Admin login" and "Admin dashboard", and the
 * toasts of section 8), kept here so the admin chunk carries them and the public page does not.
 */
export const loginText = {
  title: 'Admin Login',
  intro: 'Enter your credentials to access the admin area',
  email: 'Email',
  password: 'Password',
  submit: 'Sign In',
  submitting: 'Signing in...',
  back: 'Return to website',
  successTitle: 'Login successful',
  successText: 'Welcome back!',
  failureTitle: 'Login failed',
  failureText: INVALID_CREDENTIALS,
} as const;

export const dashboardText = {
  title: 'Admin Dashboard',
  breadcrumb: 'Breadcrumb',
  home: 'Home',
  admin: 'Admin',
  role: 'Administrator',
  logout: 'Logout',
  loggingOut: 'Logging out',
  logoutTitle: 'Logged out',
  logoutText: 'You have been logged out successfully',
  logoutFailed: 'Logout failed',
  checkingSession: 'Checking your session',
} as const;

export const inquiriesText = {
  title: 'Puppy Inquiries',
  intro: 'View and manage all customer inquiries',
  refresh: 'Refresh',
  refreshing: 'Refreshing inquiries',
  loading: 'Loading inquiries',
  errorTitle: 'Error loading inquiries',
  errorFallback: 'Failed to load inquiries. Please try again.',
  emptyTitle: 'No inquiries found',
  emptyText: 'New inquiries will appear here when customers submit the contact form',
  caption: 'List of all inquiries',
  tableRegion: 'Inquiries',
  columns: { date: 'Date', name: 'Name', email: 'Email', puppy: 'Puppy', actions: 'Actions' },
  noPuppy: 'None specified',
  viewDetails: 'View Details',
} as const;

export const detailsText = {
  title: 'Inquiry Details',
  submittedOn: 'Submitted on',
  /** Followed by "facebook.com · spring-litter" (issue 22). */
  cameFrom: 'Came from:',
  customer: 'Customer',
  email: 'Email',
  phone: 'Phone',
  puppy: 'Puppy of interest',
  message: 'Message',
  close: 'Close',
} as const;

/** Formats of spec section 9 (date-fns patterns), shown in the viewer's time zone. */
export const dateFormats = {
  day: 'MMM d, yyyy',
  time: 'h:mm a',
  full: "MMMM d, yyyy 'at' h:mm a",
  retryAt: 'h:mm a',
} as const;

/** A locked-out sign-in: says when the next attempt can be made instead of the generic text. */
export const tooManyAttempts = (minutes: number, at: string) => tooManySignInAttempts(minutes, at);

/** The words of a request that never got an answer, on every admin screen. */
export const adminText = {
  offline: 'The server could not be reached. Check your connection and try again.',
  photoOffline: 'The upload failed. Check your connection and try again.',
} as const;

/** Under a text field of the admin's forms (src/ui/admin/fields.ts). */
export const fieldText = {
  charactersLeft: (n: number) => `${n} ${n === 1 ? 'character' : 'characters'} left`,
} as const;

/** The admin's dialogs (src/ui/admin/FormDialog.ts). */
export const dialogText = { cancel: 'Cancel' } as const;

/** The photo picker (src/ui/admin/PhotoPicker.ts): a puppy's photos, a family update's. */
export const photoPickerText = {
  legend: 'Photos',
  hint: 'The first photo is the main one, shown on the card. JPEG, PNG or WebP, up to 20 MB each.',
  singleHint: 'A sold puppy shows one photo.',
  choose: 'Add photos',
  replace: 'Replace photo',
  alt: 'Alt text',
  main: 'Main photo',
  setMain: 'Set as main',
  up: 'Move photo up',
  down: 'Move photo down',
  remove: 'Remove photo',
  photoLabel: (n: number) => `Photo ${n}`,
  uploading: (file: string, percent: number) => `Uploading ${file}: ${percent}%`,
  waiting: (file: string) => `Processing ${file}…`,
  processing: (file: string, done: number, total: number) => `Processing ${file}: ${done} of ${total} sizes`,
  failed: (file: string, message: string) => `${file}: ${message}`,
} as const;

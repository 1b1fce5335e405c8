/**
 * The account and sign-in (the server side): what the composition (src/server/app.ts) wires, and
 * what other features may use. Its browser screens are in admin/, loaded by src/ui/admin.
 */

export { accountApi } from './account-routes.server';
export { AccountChanges } from './change-notices.server';
export { deviceName } from './device-name.server';
export { withAccountSettings } from './effective-user.server';
export { NewDeviceAlerts } from './new-device.server';
export { Passkeys } from './passkeys.server';
export { SessionLog } from './session-log.server';
export { createLoginThrottle } from './sign-in/login-throttle.server';
export { pageAccessGuard, requireUser } from './sign-in/middleware.server';
export { sessionCookies } from './sign-in/session-cookie.server';
export { Sessions } from './sign-in/sessions.server';
export { authRoutes } from './sign-in/sign-in-routes.server';
export { TwoStep } from './two-step.server';

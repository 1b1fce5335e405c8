/**
 * The notices (the server side): the outbox's senders started once, their API, and the email
 * pieces other features' emails use (the new-device email, the thank-you's words, the times).
 */
export type { AcknowledgementText, OutgoingMail } from './compose.server';
export { oneLine } from './compose.server';
export { createMailSender, type MailSender } from './mail-sender.server';
export { noticesApi } from './notices-routes.server';
export { formatReceivedTime } from './received-time.server';
export { nextAttemptAt, type SendOutcome } from './retry-schedule.server';
export { type Notices, startNotices } from './start-notices.server';

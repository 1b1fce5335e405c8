import type { NoticeChannel } from '../notices';

/** The words of the notice status on the dashboard and in an inquiry's details. */
export const noticesText = {
  offTitle: 'Email notices are off.',
  off: 'New inquiries show up only here. To get an email for each one within seconds, set SMTP_URL and NOTIFY_EMAIL and restart the site (README, "Inquiry notices").',
  alertTitle: 'Inquiry notices are not getting through',
  channel: {
    email: 'Emails to you',
    acknowledgement: 'Thank-you emails to families',
    webhook: 'Webhook',
  } satisfies Record<NoticeChannel, string>,
  /** "2 waiting (retried automatically), 1 could not be sent, since November 23, 2026 at 2:05 PM." */
  summary: (waiting: number, failed: number, since: string) =>
    `${[
      waiting > 0 ? `${waiting} waiting (retried automatically)` : '',
      failed > 0 ? `${failed} could not be sent` : '',
    ]
      .filter(Boolean)
      .join(', ')}, since ${since}.`,
  lastAnswer: 'Last answer from the server:',
  safe: 'Every inquiry is saved here either way. Check the settings with npm run notify-test.',
  heading: 'Notices',
  noticeChannel: {
    email: 'Email to you',
    acknowledgement: 'Thank-you email to the family',
    webhook: 'Webhook',
  } satisfies Record<NoticeChannel, string>,
  none: 'No notice was sent for this inquiry (it arrived while notices were off).',
  loading: 'Loading notice status…',
  state: {
    sent: (at: string) => `Sent ${at}`,
    waiting: (attempts: number, next: string | undefined) =>
      attempts === 0
        ? 'Sending…'
        : `Waiting: ${attempts} ${attempts === 1 ? 'try' : 'tries'} failed${next ? `, next try at ${next}` : ''}`,
    failed: (attempts: number) => `Failed after ${attempts} ${attempts === 1 ? 'try' : 'tries'}`,
    skipped: 'Not sent: this family got a thank-you in the last 24 hours',
  },
} as const;

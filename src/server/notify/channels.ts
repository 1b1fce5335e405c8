import type { NotifyConfig } from '../core/notify-config';
import { type AcknowledgementText, composeAcknowledgement, composeNotice } from './compose';
import type { Channel } from './lane';
import { createMailSender } from './mail-sender';
import { sendWebhook } from './webhook-sender';

/** The channels the configuration turns on, each a way to send one inquiry's notice. */
export function createChannels(
  notify: NotifyConfig,
  publicUrl: string | undefined,
  /** The thank-you email's words as published at the moment it is sent. */
  acknowledgement: () => AcknowledgementText,
): Channel[] {
  const channels: Channel[] = [];
  if (notify.smtp) {
    const mailer = createMailSender(notify.smtp);
    const settings = { from: notify.mailFrom, to: notify.notifyEmails, timeZone: notify.timeZone, publicUrl };
    channels.push({
      name: 'email',
      send: (inquiry, signal) => mailer.send(composeNotice(inquiry, settings), signal),
      close: () => mailer.close(),
    });
    if (notify.autoReply) {
      const replyTo = notify.notifyEmails[0] ?? notify.mailFrom;
      channels.push({
        name: 'acknowledgement',
        send: (inquiry, signal) =>
          mailer.send(
            composeAcknowledgement(inquiry, { from: notify.mailFrom, replyTo }, acknowledgement()),
            signal,
          ),
      });
    }
  }
  const webhook = notify.webhook;
  if (webhook)
    channels.push({ name: 'webhook', send: (inquiry, signal) => sendWebhook(webhook, inquiry, signal) });
  return channels;
}

import type { NotifyConfig } from '../../server/core/notify-config';
import type { AcknowledgementText } from './compose.server';
import type { Channel } from './lane.server';
import { createMailSender } from './mail-sender.server';
import { sendWebhook } from './webhook-sender.server';

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
      // Composed in the mail thread: the main thread posts the stored inquiry (decision 071).
      send: (inquiry, signal) => mailer.sendNotice(inquiry, settings, signal),
      close: () => mailer.close(),
    });
    if (notify.autoReply) {
      const ackSettings = { from: notify.mailFrom, replyTo: notify.notifyEmails[0] ?? notify.mailFrom };
      channels.push({
        name: 'acknowledgement',
        send: (inquiry, signal) =>
          mailer.sendAcknowledgement(inquiry, ackSettings, acknowledgement(), signal),
      });
    }
  }
  const webhook = notify.webhook;
  if (webhook)
    channels.push({ name: 'webhook', send: (inquiry, signal) => sendWebhook(webhook, inquiry, signal) });
  return channels;
}

/**
 * Sends a test email (and, when a webhook is set, a test POST) with the current configuration,
 * and prints what the server answered or what went wrong, in plain words. Exit code 0 when every
 * configured channel delivered, 1 otherwise.
 *
 *   npm run notify-test
 *   docker exec doodles node dist/server/notify-test.js      (inside the container)
 */
import { randomUUID } from 'node:crypto';
import { createMailSender } from '../src/features/notices/mail-sender.server';
import { sendWebhook } from '../src/features/notices/webhook-sender.server';
import { loadConfig } from '../src/server/core/config';
import { brand } from '../src/shared/brand';

async function main(): Promise<boolean> {
  const config = loadConfig();
  const { notify } = config;
  if (!notify.smtp && !notify.webhook) {
    console.log(
      'Notices are off: set SMTP_URL and NOTIFY_EMAIL (and optionally WEBHOOK_URL and WEBHOOK_SECRET), then run this again.',
    );
    return false;
  }
  let ok = true;
  if (notify.smtp) {
    const sender = createMailSender(notify.smtp);
    const to = notify.notifyEmails.join(', ');
    console.log(`Sending a test email from ${notify.mailFrom} to ${to} through ${notify.smtp.server}…`);
    const outcome = await sender.send({
      from: notify.mailFrom,
      to: notify.notifyEmails,
      replyTo: notify.notifyEmails[0] ?? notify.mailFrom,
      subject: `Test notice from ${brand.full}`,
      text: `This is a test of the inquiry notices of ${brand.full}.\n\nIt reached you, so every new inquiry will reach this address within seconds.\n`,
      html: `<p>This is a test of the inquiry notices of ${brand.full}.</p><p>It reached you, so every new inquiry will reach this address within seconds.</p>`,
      messageId: `<test.${randomUUID()}@${notify.mailFrom.match(/@([^\s<>@]+)>?\s*$/)?.[1] ?? 'localhost'}>`,
      headers: { 'Auto-Submitted': 'auto-generated' },
    });
    sender.close();
    if (outcome.delivered) console.log(`Sent. The mail server answered: ${outcome.answer}`);
    else {
      ok = false;
      console.error(`The test email was not sent: ${outcome.answer}`);
    }
  } else console.log('Email notices are off (SMTP_URL and NOTIFY_EMAIL are not set).');

  if (notify.webhook) {
    const host = new URL(notify.webhook.url).host;
    console.log(`Posting a test inquiry to the webhook at ${host}…`);
    const outcome = await sendWebhook(notify.webhook, {
      id: `test-${randomUUID()}`,
      name: 'Test Family',
      email: 'test@example.com',
      message: `A test of the ${brand.full} webhook (npm run notify-test).`,
      createdAt: new Date().toISOString(),
    });
    if (outcome.delivered) console.log(`Delivered: ${outcome.answer}`);
    else {
      ok = false;
      console.error(`The webhook was not delivered: ${outcome.answer}`);
    }
  }
  return ok;
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (error: unknown) => {
    // A configuration error names the variable; nothing else is expected here.
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

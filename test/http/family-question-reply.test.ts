import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FamilyState } from '../../src/features/family/family';
import { postInquiry } from '../helpers/inquiries';
import { puppyAdmin } from '../helpers/puppies';
import { type RunningServer, startServer } from '../helpers/server';
import { type Peer, parseMail, startSmtpPeer } from '../peers/start-peer';

// Issue 28: a family's question reaches her "with a notice like an inquiry's", and her reply by
// email works as today: the notice's Reply-To is the family, as an inquiry notice's is.
let smtp: Peer;
let server: RunningServer;
before(async () => {
  smtp = await startSmtpPeer();
  server = await startServer({
    env: {
      INQUIRY_RATE_LIMIT: 'off',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      NOTIFY_EMAIL: 'breeder@doodles.test',
      PUBLIC_URL: 'https://doodles.test',
    },
  });
});
after(async () => {
  await server?.stop();
  await smtp?.stop();
});

test('"Question from {name}": to her, and her Reply answers the family', async () => {
  const admin = await puppyAdmin(server.url, server.dataDir);
  const posted = await postInquiry(server.url, {
    name: 'Cy "Quest" <Asker>',
    email: 'cy@example.com',
    message: 'Hello there, about a puppy',
  });
  const { id } = (await posted.json()) as { id: string };
  const link = (await (
    await admin.send('POST', `/api/inquiries/${id}/family-link`, {})
  ).json()) as FamilyState;
  const sent = await fetch(`${(link.url ?? '').replace('https://doodles.test', server.url)}/questions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ question: 'What food does she eat?' }).toString(),
    redirect: 'manual',
  });
  assert.equal(sent.status, 303);

  let notice: Awaited<ReturnType<typeof parseMail>> | undefined;
  for (let i = 0; i < 300 && !notice; i += 1) {
    for (const file of await smtp.files()) {
      const mail = await parseMail(file);
      if (mail.subject === 'Question from Cy "Quest" <Asker>') notice = mail;
    }
    if (!notice) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.ok(notice, 'her notice arrived');
  assert.equal(notice.to && 'text' in notice.to ? notice.to.text : '', 'breeder@doodles.test');
  assert.deepEqual(notice.replyTo?.value, [{ address: 'cy@example.com', name: 'Cy "Quest" <Asker>' }]);
  assert.match(notice.text ?? '', /What food does she eat\?/);

  // The family's own emails still answer to her.
  let linkMail: Awaited<ReturnType<typeof parseMail>> | undefined;
  for (const file of await smtp.files()) {
    const mail = await parseMail(file);
    if (mail.to && 'text' in mail.to && mail.to.text === 'cy@example.com') linkMail = mail;
  }
  assert.equal(linkMail?.replyTo?.value[0]?.address, 'breeder@doodles.test');
});

/**
 * The thank-you email follows what is published, without a restart: the built server, a real SMTP
 * server in its own process. Publish a new brand, prices and location; the next family's thanks
 * names them and is signed with the new brand.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import type { SiteEditorState } from '../../src/features/site/site-api';
import { postInquiry } from '../helpers/inquiries';
import { puppyAdmin } from '../helpers/puppies';
import { startServer } from '../helpers/server';
import { parseMail, startSmtpPeer } from '../peers/start-peer';

const PASSWORD = 'smtp-Pa55word-x';
const cleanup: (() => Promise<unknown>)[] = [];
after(() => Promise.all(cleanup.map((step) => step())));

test('the thank-you email takes its brand, prices and location from the published content', async () => {
  const smtp = await startSmtpPeer({ auth: `breeder:${PASSWORD}` });
  cleanup.push(smtp.stop);
  const server = await startServer({
    env: {
      SMTP_URL: `smtp://breeder:${PASSWORD}@127.0.0.1:${smtp.port}`,
      NOTIFY_EMAIL: 'breeder@doodles.test',
      PUBLIC_URL: 'https://doodles.test',
      INQUIRY_RATE_LIMIT: 'off',
      AUTO_REPLY: 'on',
    },
  });
  cleanup.push(() => server.stop());
  const admin = await puppyAdmin(server.url, server.dataDir);

  /** The thanks sent to `email` (other mail, such as a new-device sign-in notice, may come between). */
  const thanksFor = async (email: string) => {
    const res = await postInquiry(server.url, {
      name: 'Ann Lee',
      email,
      message: 'Is Daisy still available?',
    });
    assert.equal(res.status, 201);
    const deadline = Date.now() + 15_000;
    for (let count = 1; Date.now() < deadline; count += 1) {
      const mails = await Promise.all((await smtp.waitFor(count, deadline - Date.now())).map(parseMail));
      const thanks = mails.find(
        (mail) =>
          mail.subject === 'Thanks for your inquiry' &&
          mail.to &&
          !Array.isArray(mail.to) &&
          mail.to.value[0]?.address === email,
      );
      if (thanks) return thanks.text ?? '';
    }
    throw new Error(`no thanks sent to ${email}`);
  };

  const before = await thanksFor('first@example.com');
  assert.match(before, /meet them in Prescott Valley, AZ\. Each puppy is \$900, or two for \$1,000\./);
  assert.match(before, /Warm regards,\nSaguaro Doodles/);

  const state = (await (await admin.send('GET', '/api/site')).json()) as SiteEditorState;
  const content = {
    ...state.content,
    brand: { first: 'Mesa', second: 'Doodles' },
    litter: { ...state.content.litter, location: 'Chino Valley, AZ' },
    prices: { ...state.content.prices, single: 1100, pair: 2000 },
  };
  assert.equal((await admin.send('PUT', '/api/site/draft', { basedOn: state.basedOn, content })).status, 200);
  assert.equal((await admin.send('POST', '/api/site/publish', { basedOn: state.basedOn })).status, 200);

  const after = await thanksFor('second@example.com');
  assert.match(after, /meet them in Chino Valley, AZ\. Each puppy is \$1,100, or two for \$2,000\./);
  assert.match(after, /Warm regards,\nMesa Doodles/);
});

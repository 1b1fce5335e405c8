import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { freePort, parseMail, startSmtpPeer } from '../../../test/peers/start-peer';
import type { Inquiry } from '../../shared/api';
import { composeAcknowledgement, composeNotice } from './compose.server';
import { createMailSender } from './mail-sender.server';

const inquiry: Inquiry = {
  id: '5f0c1a52-7d7e-4b7a-9a53-8f6f5f2b1c11',
  name: 'Ann Lee',
  email: 'ann@example.com',
  message: 'Is Daisy still available?',
  createdAt: '2026-11-23T21:05:00.000Z',
};
const settings = {
  from: 'Doodles <notices@doodles.test>',
  to: ['breeder@doodles.test'],
  timeZone: 'America/Phoenix',
  publicUrl: undefined,
};
const smtp = (port: number, auth = 'breeder:s3cret-Pa55') => ({
  url: `smtp://${auth}@127.0.0.1:${port}`,
  server: `127.0.0.1:${port}`,
  password: auth.split(':')[1],
});

// The SMTP answers of a real server, as the outbox sees them (plain words, never the password).
describe('mail sender against a real SMTP server', () => {
  const stops: (() => Promise<void>)[] = [];
  after(() => Promise.all(stops.map((stop) => stop())));
  // The server that accepts everything, and one sender (one thread) to it, are shared by the tests
  // that expect a 250: each starts in a second or two on a loaded machine. Each test reads only
  // the messages that arrived after it began.
  let accepting: Awaited<ReturnType<typeof startSmtpPeer>> | undefined;
  let toAccepting: ReturnType<typeof createMailSender> | undefined;
  const acceptingPeer = async () => {
    if (!accepting) {
      accepting = await startSmtpPeer({ auth: 'breeder:s3cret-Pa55' });
      stops.push(accepting.stop);
      toAccepting = createMailSender(smtp(accepting.port));
      stops.push(async () => toAccepting?.close());
    }
    return { peer: accepting, sender: toAccepting as ReturnType<typeof createMailSender> };
  };
  /** The next `count` messages the peer receives after `before` of them. */
  const received = async (peer: NonNullable<typeof accepting>, before: number, count: number) =>
    (await peer.waitFor(before + count, 5000)).slice(before);

  test('250: delivered, with the server answer', async () => {
    const { peer, sender } = await acceptingPeer();
    const before = (await peer.files()).length;
    const outcome = await sender.send(composeNotice(inquiry, settings));
    assert.equal(outcome.delivered, true);
    assert.match(outcome.answer, /^250 .*queued/);
    const [file] = await received(peer, before, 1);
    const mail = await parseMail(file as string);
    assert.equal(mail.subject, 'New puppy inquiry from Ann Lee');
    assert.equal(mail.messageId, `<notice.${inquiry.id}@doodles.test>`);
  });

  test('a notice and a thank-you are composed in the mail thread from the inquiry, word for word', async () => {
    const { peer, sender } = await acceptingPeer();
    const before = (await peer.files()).length;
    const words = { subject: 'Thanks, {name}', paragraphs: ['Hi {name}, thank you.'], signOff: ['Jo'] };
    const thanks = { from: settings.from, replyTo: 'breeder@doodles.test' };
    const notice = await sender.sendNotice(inquiry, settings);
    const acknowledgement = await sender.sendAcknowledgement(inquiry, thanks, words);
    assert.equal(notice.delivered, true);
    assert.equal(acknowledgement.delivered, true);
    const [noticeFile, thanksFile] = await received(peer, before, 2);
    const expected = [composeNotice(inquiry, settings), composeAcknowledgement(inquiry, thanks, words)];
    for (const [file, composed] of [
      [noticeFile, expected[0]],
      [thanksFile, expected[1]],
    ] as const) {
      const mail = await parseMail(file as string);
      assert.equal(mail.subject, composed?.subject);
      assert.equal(mail.messageId, composed?.messageId);
      assert.equal(mail.text, composed?.text);
      assert.equal(mail.html, composed?.html);
    }
  });

  test('451 is worth retrying, 550 is permanent', async () => {
    const peer = await startSmtpPeer({ answers: '451,550', auth: 'breeder:s3cret-Pa55' });
    stops.push(peer.stop);
    const sender = createMailSender(smtp(peer.port));
    const first = await sender.send(composeNotice(inquiry, settings));
    const second = await sender.send(composeNotice(inquiry, settings));
    sender.close();
    assert.deepEqual(first, { delivered: false, permanent: false, answer: '451 Try again later' });
    assert.deepEqual(second, {
      delivered: false,
      permanent: true,
      answer: '550 Mailbox unavailable: rejected by policy',
    });
  });

  test('a wrong password and a dead server are told plainly, without the password', async () => {
    const peer = await startSmtpPeer({ auth: 'breeder:other-password' });
    stops.push(peer.stop);
    const wrong = createMailSender(smtp(peer.port));
    const refused = await wrong.verify();
    wrong.close();
    assert.equal(refused.delivered, false);
    assert.match(refused.answer, /^authentication failed/);
    assert.doesNotMatch(refused.answer, /s3cret/);

    const port = await freePort();
    const dead = createMailSender(smtp(port));
    const outcome = await dead.send(composeNotice(inquiry, settings));
    dead.close();
    assert.deepEqual(outcome, {
      delivered: false,
      permanent: false,
      answer: `connection refused at 127.0.0.1:${port}`,
    });
  });

  test('sends run in a thread of their own: a hanging server holds neither the event loop nor a stop', async () => {
    const peer = await startSmtpPeer({ answers: '0', auth: 'breeder:s3cret-Pa55' });
    stops.push(peer.stop);
    const sender = createMailSender(smtp(peer.port));
    const stop = new AbortController();
    const sending = sender.send(composeNotice(inquiry, settings), stop.signal);
    // While the server sits on the message, the main thread keeps its timers on time.
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.ok(performance.now() - started < 1000);
    stop.abort();
    const outcome = await sending;
    sender.close();
    assert.equal(outcome.delivered, false);
    assert.equal(outcome.permanent, false);
    assert.ok(
      performance.now() - started < 2000,
      'a cut-off send answers at once, not after the 30 s timeout',
    );
  });
});

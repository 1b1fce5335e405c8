import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { until } from '../../../test/helpers/until';
import { createLogger } from '../../server/core/log';
import type { Inquiry } from '../../shared/api';
import { WriteGate } from '../../storage/durable-write';
import { OutboxFile } from '../../storage/outbox-file';
import type { Channel } from './lane.server';
import type { NoticeChannel } from './notices';
import { Notifier } from './notifier.server';
import type { SendOutcome } from './retry-schedule.server';

// The outbox's bookkeeping, with in-process channels standing for the senders (which have their
// own tests against real servers): what is owed after a restart, thanks at most once a day.
const dirs: string[] = [];
after(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));
const logger = createLogger('silent');

function inquiry(n: number, email = `family${n}@example.com`, at = Date.now()): Inquiry {
  return {
    id: `inq-${n}`,
    name: `Family ${n}`,
    email,
    message: 'Hello there!',
    createdAt: new Date(at + n).toISOString(),
  };
}

function channel(name: NoticeChannel, answer: (inquiry: Inquiry) => SendOutcome) {
  const sent: string[] = [];
  const value: Channel = {
    name,
    async send(inquiry) {
      sent.push(inquiry.id);
      return answer(inquiry);
    },
  };
  return { channel: value, sent };
}

test('inquiries before the channel was on get nothing; owed ones are sent after a restart', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'notifier-test-'));
  dirs.push(dir);
  const file = path.join(dir, 'outbox.json');
  const stored = [inquiry(1)];
  const listInquiries = async () => stored.slice().reverse();
  const ok = (): SendOutcome => ({ delivered: true, answer: '250 OK' });

  const first = channel('email', ok);
  let notifier = await Notifier.start({
    outbox: await OutboxFile.open(path.dirname(file), new WriteGate()),
    channels: [first.channel],
    listInquiries,
    logger,
  });
  stored.push(inquiry(2));
  notifier.enqueue(inquiry(2));
  await until(() => first.sent.length === 1, 'the notices');
  assert.deepEqual(first.sent, ['inq-2']);
  await until(() => notifier.noticesOf('inq-2')[0]?.state === 'sent', 'the notices');
  assert.deepEqual(notifier.noticesOf('inq-1'), []);
  // Inquiry 3 is stored but the process dies before its notice goes out (not enqueued here).
  stored.push(inquiry(3));
  await notifier.stop(1000);

  const second = channel('email', ok);
  notifier = await Notifier.start({
    outbox: await OutboxFile.open(path.dirname(file), new WriteGate()),
    channels: [second.channel],
    listInquiries,
    logger,
  });
  await until(() => second.sent.length === 1, 'the notices');
  assert.deepEqual(second.sent, ['inq-3']);
  await notifier.stop(1000);
});

test('a failed try waits for its retry and raises a problem; thanks go once per address a day', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'notifier-test-'));
  dirs.push(dir);
  const stored: Inquiry[] = [];
  const listInquiries = async () => stored.slice().reverse();
  const email = channel('email', () => ({
    delivered: false,
    permanent: false,
    answer: '451 Try again later',
  }));
  const thanks = channel('acknowledgement', () => ({ delivered: true, answer: '250 OK' }));
  const notifier = await Notifier.start({
    outbox: await OutboxFile.open(dir, new WriteGate()),
    channels: [email.channel, thanks.channel],
    listInquiries,
    logger,
  });
  for (const item of [inquiry(1, 'Same@Example.com'), inquiry(2, 'same@example.com'), inquiry(3)]) {
    stored.push(item);
    notifier.enqueue(item);
  }
  await until(() => email.sent.length === 3 && thanks.sent.length === 2, 'the notices');
  assert.deepEqual(thanks.sent, ['inq-1', 'inq-3']);
  assert.equal(notifier.noticesOf('inq-2').find((n) => n.channel === 'acknowledgement')?.state, 'skipped');
  await until(() => notifier.noticesOf('inq-3')[0]?.attempts === 1, 'the notices');
  const [view] = notifier.noticesOf('inq-1');
  assert.equal(view?.state, 'waiting');
  assert.equal(view?.lastAnswer, '451 Try again later');
  const wait = Date.parse(view?.nextAttemptAt ?? '') - Date.parse(view?.updatedAt ?? '');
  assert.ok(wait > 0 && wait <= 15_000, `first retry in ${wait} ms`);
  const status = notifier.status();
  assert.deepEqual(status.channels, { email: true, acknowledgement: true, webhook: false });
  assert.equal(status.problems.length, 1);
  assert.equal(status.problems[0]?.channel, 'email');
  assert.equal(status.problems[0]?.waiting, 3);
  assert.equal(status.problems[0]?.lastAnswer, '451 Try again later');
  await notifier.stop(1000);
});

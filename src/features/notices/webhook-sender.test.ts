import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, test } from 'node:test';
import { freePort, type Peer, startWebhookPeer } from '../../../test/peers/start-peer';
import type { Inquiry } from '../../shared/api';
import { sendWebhook } from './webhook-sender.server';

const secret = 'webhook-secret-0123456789';
const inquiry: Inquiry = {
  id: '9d9a2c57-5f2e-4a3c-8d1e-0c6a1f0b7e21',
  name: 'Émile "Ed" O\'Neil',
  email: 'ed@example.com',
  message: 'Line one\nLine two',
  createdAt: '2026-11-23T21:05:00.000Z',
};
const peers: Peer[] = [];
after(() => Promise.all(peers.map((peer) => peer.stop())));

test('POSTs the inquiry signed; the receiver checks the signature', async () => {
  const peer = await startWebhookPeer({ secret });
  peers.push(peer);
  const outcome = await sendWebhook(
    { url: `http://127.0.0.1:${peer.port}/hooks/abc?token=t0k`, secret },
    inquiry,
  );
  assert.deepEqual(outcome, { delivered: true, answer: `HTTP 204 from 127.0.0.1:${peer.port}` });
  const [file] = await peer.waitFor(1, 5000);
  const got = JSON.parse(await readFile(file as string, 'utf8'));
  assert.equal(got.signed, true);
  assert.equal(got.headers['content-type'], 'application/json');
  assert.equal(got.headers['x-webhook-id'], inquiry.id);
  assert.deepEqual(JSON.parse(got.body), {
    type: 'inquiry.created',
    inquiry: { ...inquiry, phone: null, puppy: null },
  });

  // The same inquiry signed with another secret is refused by the receiver.
  const forged = await sendWebhook(
    { url: `http://127.0.0.1:${peer.port}/`, secret: 'not-the-secret-at-all' },
    inquiry,
  );
  assert.equal(forged.delivered, false);
  assert.match(forged.answer, /^HTTP 401/);
});

test('5xx is retried, 4xx and redirects are permanent, answers never show the path', async () => {
  const peer = await startWebhookPeer({ secret, answers: '503,404,302' });
  peers.push(peer);
  const url = `http://127.0.0.1:${peer.port}/secret-path`;
  const results = [];
  for (let i = 0; i < 3; i += 1) results.push(await sendWebhook({ url, secret }, inquiry));
  assert.deepEqual(
    results.map((r) => !r.delivered && r.permanent),
    [false, true, true],
  );
  assert.match(results[2]?.answer ?? '', /redirects are not followed/);
  for (const result of results) assert.doesNotMatch(result.answer, /secret-path/);
  assert.equal((await peer.files()).length, 3, 'the redirect was not followed');

  const port = await freePort();
  const refused = await sendWebhook({ url: `http://127.0.0.1:${port}/`, secret }, inquiry);
  assert.deepEqual(refused, {
    delivered: false,
    permanent: false,
    answer: `connection refused at 127.0.0.1:${port}`,
  });
});

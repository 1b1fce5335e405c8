import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { FamilyState } from '../../src/features/family/family';
import { fixtureDir, phoneJpeg } from '../fixtures/photos';
import { postInquiry } from '../helpers/inquiries';
import { type PuppyClient, puppyAdmin } from '../helpers/puppies';
import { type RunningServer, startServer } from '../helpers/server';

// Issue 28: a family's receipt ("Add proof of payment") matched by her to the payment it proves,
// PUT /api/family-proofs/:id/payment { paymentId } through the admin API's pipeline.
describe('family page: a receipt matched to its payment', () => {
  let server: RunningServer;
  let admin: PuppyClient;
  /** Two reserved families: their family state once each has a payment and a receipt. */
  const families: FamilyState[] = [];

  const ok = async (method: string, url: string, body?: unknown): Promise<FamilyState> => {
    const res = await admin.send(method, url, body);
    assert.equal(res.status, 200, `${url}: ${await res.clone().text()}`);
    return res.json();
  };

  before(async () => {
    server = await startServer({ env: { INQUIRY_RATE_LIMIT: 'off' } });
    admin = await puppyAdmin(server.url, server.dataDir);
    const jpeg = await readFile(await phoneJpeg(await fixtureDir()));
    for (const [name, puppy] of [
      ['Ann Match', 'Daisy'],
      ['Bo Match', 'Luna'],
    ] as const) {
      const posted = await postInquiry(server.url, {
        name,
        email: `${puppy.toLowerCase()}@example.com`,
        message: 'Hello there, about a puppy',
      });
      const { id } = (await posted.json()) as { id: string };
      const { id: puppyId } = await admin.find(puppy);
      await ok('POST', `/api/inquiries/${id}/reservation`, {
        puppyId,
        deposit: { amount: '300', receivedOn: '2026-11-20', method: 'Zelle' },
      });
      const { url, money } = await ok('POST', `/api/inquiries/${id}/family-link`, {});
      await ok('POST', `/api/reservations/${money?.reservationId}/payments`, {
        amount: '200',
        paidOn: '2026-11-27',
        method: 'Venmo',
      });
      const form = new FormData();
      form.append('proof', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'receipt.jpg');
      const sent = await fetch(`${url}/proofs`, { method: 'POST', body: form, redirect: 'manual' });
      assert.equal(sent.status, 303);
      families.push(await ok('GET', `/api/inquiries/${id}/family`));
    }
  });
  after(() => server?.stop());

  const proofOf = (state: FamilyState) => state.money?.proofs[0]?.id ?? '';
  const paymentOf = (state: FamilyState, source: 'deposit' | 'breeder') =>
    state.money?.payments.find((payment) => payment.source === source)?.id ?? '';

  test('she matches it to the payment, then to the deposit, then to none; each kept on disk', async () => {
    const [ann] = families;
    assert.ok(ann);
    const proof = proofOf(ann);
    assert.equal(ann.money?.proofs[0]?.paymentId, undefined, 'not matched at first');
    let state = await ok('PUT', `/api/family-proofs/${proof}/payment`, {
      paymentId: paymentOf(ann, 'breeder'),
    });
    assert.equal(state.money?.proofs[0]?.paymentId, paymentOf(ann, 'breeder'));
    const stored = JSON.parse(await readFile(path.join(server.dataDir, 'family.json'), 'utf8'));
    assert.equal(
      stored.proofs.find((p: { id: string }) => p.id === proof).paymentId,
      paymentOf(ann, 'breeder'),
    );
    state = await ok('PUT', `/api/family-proofs/${proof}/payment`, { paymentId: paymentOf(ann, 'deposit') });
    assert.equal(state.money?.proofs[0]?.paymentId, paymentOf(ann, 'deposit'));
    state = await ok('PUT', `/api/family-proofs/${proof}/payment`, { paymentId: null });
    assert.equal(state.money?.proofs[0]?.paymentId, undefined);
  });

  test("refused, nothing changed: another family's payment, an unknown one, bad bodies, an unknown receipt", async () => {
    const [ann, bo] = families;
    assert.ok(ann && bo);
    const proof = proofOf(ann);
    const before = await readFile(path.join(server.dataDir, 'family.json'), 'utf8');
    for (const paymentId of [paymentOf(bo, 'breeder'), paymentOf(bo, 'deposit'), 'no-such-payment']) {
      const res = await admin.send('PUT', `/api/family-proofs/${proof}/payment`, { paymentId });
      assert.equal(res.status, 400, paymentId);
      const answer = (await res.json()) as { message: string; errors: Record<string, string> };
      assert.equal(answer.errors.paymentId, "Choose one of this family's payments");
    }
    for (const body of [
      {},
      { paymentId: 7 },
      { paymentId: '' },
      { paymentId: 'x'.repeat(201) },
      [],
      'text',
    ]) {
      const res = await admin.send('PUT', `/api/family-proofs/${proof}/payment`, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(typeof ((await res.json()) as { message: string }).message, 'string');
    }
    const unknown = await admin.send('PUT', '/api/family-proofs/no-such-receipt/payment', {
      paymentId: null,
    });
    assert.equal(unknown.status, 404);
    assert.deepEqual(await unknown.json(), { message: 'This receipt is no longer kept.' });
    assert.equal(await readFile(path.join(server.dataDir, 'family.json'), 'utf8'), before);
  });

  test('only her session, from her own site', async () => {
    const proof = proofOf(families[0] as FamilyState);
    const put = (headers: Record<string, string>) =>
      fetch(`${server.url}/api/family-proofs/${proof}/payment`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify({ paymentId: null }),
      });
    assert.equal((await put({})).status, 401);
    const crossSite = await put({ Cookie: admin.cookie, Origin: 'https://evil.example' });
    assert.equal(crossSite.status, 403);
  });
});

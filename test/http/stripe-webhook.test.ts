import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import * as cheerio from 'cheerio';
import Stripe from 'stripe';
import type { FamilyState } from '../../src/features/family/family';
import { postInquiry } from '../helpers/inquiries';
import { type PuppyClient, puppyAdmin } from '../helpers/puppies';
import { type RunningServer, startServer } from '../helpers/server';
import { suiteTempDirs } from '../helpers/suite';

const SECRET = 'whsec_test_family_page_secret_0123456789';

// Optional card payments (issue 28): her Payment Link with the reservation as
// client_reference_id, and Stripe's signed event recording the payment once. The events are
// signed with the official package's own test helper: no network.
describe('family page: card payments through her Stripe Payment Link', () => {
  const tempDataDir = suiteTempDirs('stripe-webhook');
  let server: RunningServer;
  let dataDir: string;
  let admin: PuppyClient;
  let reservationId: string;
  let inquiryId: string;

  before(async () => {
    dataDir = await tempDataDir();
    server = await startServer({
      dataDir,
      env: { INQUIRY_RATE_LIMIT: 'off', STRIPE_WEBHOOK_SECRET: SECRET },
    });
    admin = await puppyAdmin(server.url, dataDir);
    const res = await postInquiry(server.url, {
      name: 'Cara Card',
      email: 'cara@example.com',
      message: 'Hello, about Luna',
    });
    inquiryId = ((await res.json()) as { id: string }).id;
    const luna = await admin.find('Luna');
    const reserved = await admin.send('POST', `/api/inquiries/${inquiryId}/reservation`, {
      puppyId: luna.id,
      deposit: { amount: '300', receivedOn: '2026-11-20', method: 'Zelle' },
    });
    assert.equal(reserved.status, 200);
    const state = (await (
      await admin.send('GET', `/api/inquiries/${inquiryId}/family`)
    ).json()) as FamilyState;
    reservationId = state.money?.reservationId ?? '';
  });
  after(() => server?.stop());

  const event = (sessionId: string, cents: number, reference = reservationId) =>
    JSON.stringify({
      id: `evt_${sessionId}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.parse('2026-11-27T18:00:00Z') / 1000),
      data: {
        object: {
          id: sessionId,
          object: 'checkout.session',
          client_reference_id: reference,
          amount_total: cents,
          payment_status: 'paid',
        },
      },
    });
  const post = (payload: string, signature?: string) =>
    fetch(`${server.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(signature ? { 'Stripe-Signature': signature } : {}),
      },
      body: payload,
    });
  const sign = (payload: string, secret = SECRET) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret });

  test('"Pay by card" on the page: her link with the reservation as client_reference_id', async () => {
    const saved = await admin.send('PUT', '/api/family-settings', {
      paymentInstructions: '',
      whatToBring: '',
      paymentLink: 'https://buy.stripe.com/test_abc123',
    });
    assert.equal(saved.status, 200);
    const bad = await admin.send('PUT', '/api/family-settings', {
      paymentInstructions: '',
      whatToBring: '',
      paymentLink: 'javascript:alert(1)',
    });
    assert.equal(bad.status, 400);
    const link = (await (
      await admin.send('POST', `/api/inquiries/${inquiryId}/family-link`, {})
    ).json()) as FamilyState;
    const page = await fetch((link.url ?? '').replace(/^https?:\/\/[^/]+/, server.url));
    const $ = cheerio.load(await page.text());
    const pay = $('a.button').filter((_, el) => $(el).text() === 'Pay by card');
    assert.equal(pay.attr('href'), `https://buy.stripe.com/test_abc123?client_reference_id=${reservationId}`);
  });

  test('a signed checkout.session.completed records the payment once, whatever the retries', async () => {
    const payload = event('cs_test_1', 20000);
    for (let i = 0; i < 3; i += 1) {
      const res = await post(payload, sign(payload));
      assert.equal(res.status, 200);
    }
    const state = (await (
      await admin.send('GET', `/api/inquiries/${inquiryId}/family`)
    ).json()) as FamilyState;
    const card = state.money?.payments.filter((payment) => payment.source === 'card') ?? [];
    assert.deepEqual(
      card.map(({ cents, method, paidOn }) => ({ cents, method, paidOn })),
      [{ cents: 20000, method: 'Card', paidOn: '2026-11-27' }],
    );
    assert.equal(state.money?.paidCents, 50000);
    const stored = await readFile(path.join(dataDir, 'family.json'), 'utf8');
    assert.equal(stored.split('cs_test_1').length - 1, 1, 'one payment on disk');
  });

  test('unsigned, wrongly signed, tampered or for no reservation: nothing recorded', async () => {
    const payload = event('cs_test_2', 99900);
    assert.equal((await post(payload)).status, 400);
    assert.equal((await post(payload, sign(payload, 'whsec_another_secret_000000000'))).status, 400);
    assert.equal((await post(event('cs_test_2', 1), sign(payload))).status, 400, 'tampered after signing');
    const stranger = event('cs_test_3', 5000, 'no-such-reservation');
    assert.equal((await post(stranger, sign(stranger))).status, 200);
    const state = (await (
      await admin.send('GET', `/api/inquiries/${inquiryId}/family`)
    ).json()) as FamilyState;
    assert.equal(state.money?.paidCents, 50000, 'unchanged');
  });
});

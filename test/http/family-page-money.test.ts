import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as cheerio from 'cheerio';
import { familyPageHelpers, startFamilyStory } from '../helpers/family-page';
import type { PuppyClient } from '../helpers/puppies';
import type { RunningServer } from '../helpers/server';
import { suiteTempDirs } from '../helpers/suite';
import type { Peer } from '../peers/start-peer';

// The family's page (issue 28): the money, the go-home day and their questions, through the built
// server and a real SMTP server process.
describe('family page: money, go-home day, questions', () => {
  const tempDataDir = suiteTempDirs('family-page-money');
  let server: RunningServer;
  let smtp: Peer;
  let dataDir: string;
  let admin: PuppyClient;
  let other: string;

  before(async () => {
    dataDir = await tempDataDir();
    ({ smtp, server, admin, other } = await startFamilyStory(dataDir));
  });
  after(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  const { ok, local, mailWhere, familyFile, as } = familyPageHelpers(() => ({
    server,
    smtp,
    admin,
    dataDir,
  }));

  test('money: price, deposit, "Record a payment", balance due and her instructions on the page', async () => {
    const daisy = await admin.find('Daisy');
    const reserved = await admin.send('POST', `/api/inquiries/${other}/reservation`, {
      puppyId: daisy.id,
      deposit: { amount: '300', receivedOn: '2026-11-20', method: 'Zelle' },
    });
    assert.equal(reserved.status, 200);
    let state = await ok('GET', `/api/inquiries/${other}/family`);
    const reservationId = state.money?.reservationId ?? '';
    assert.equal(state.money?.priceCents, 90000, "the page's price by default");
    assert.equal(state.money?.dueCents, 60000);
    const bad = await admin.send('POST', `/api/reservations/${reservationId}/payments`, {
      amount: '-5',
      paidOn: '2026-02-30',
      method: 'Gold',
    });
    assert.equal(bad.status, 400);
    const errors = ((await bad.json()) as { errors: Record<string, string> }).errors;
    assert.deepEqual(Object.keys(errors).sort(), ['amount', 'method', 'paidOn']);
    state = await ok('POST', `/api/reservations/${reservationId}/payments`, {
      amount: '$250.50',
      paidOn: '2026-11-25',
      method: 'Venmo',
    });
    assert.equal(state.money?.paidCents, 55050);
    assert.equal(state.money?.dueCents, 34950);
    assert.match(await familyFile(), /"cents":25050/, 'on disk when answered');
    state = await ok('PUT', `/api/reservations/${reservationId}/price`, { price: '1,000' });
    assert.equal(state.money?.dueCents, 44950);
    const settings = await admin.send('PUT', '/api/family-settings', {
      paymentInstructions: 'Zelle <to> pay@doodles.test',
      whatToBring: 'Collar\nBlanket',
      paymentLink: '',
    });
    assert.equal(settings.status, 200);
    const link = await ok('POST', `/api/inquiries/${other}/family-link`, {});
    const $ = cheerio.load(await (await fetch(local(link.url ?? ''), { headers: as() })).text());
    assert.equal($('#puppy-heading').text(), 'Your puppy: Daisy');
    const money = $('.money').text();
    assert.match(money, /\$1,000/);
    assert.match(money, /Deposit, November 20, 2026 \(Zelle\)\$300/);
    assert.match(money, /Payment, November 25, 2026 \(Venmo\)\$250\.50/);
    assert.match(money, /Balance due\$449\.50/);
    assert.match($('section').text(), /Zelle <to> pay@doodles\.test/);
    assert.equal(
      $('a.button').filter((_, el) => $(el).text() === 'Pay by card').length,
      0,
      'no card without Stripe',
    );
    assert.ok($('.photos a').first().attr('href'), 'a photo opens larger without scripts');
  });

  test('go-home day: on the page, as an .ics, bad input refused', async () => {
    const state = await ok('GET', `/api/inquiries/${other}/family`);
    const reservationId = state.money?.reservationId ?? '';
    const bad = await admin.send('PUT', `/api/reservations/${reservationId}/go-home`, {
      date: 'tomorrow',
      time: '25:00',
      place: 'x'.repeat(301),
      note: '',
    });
    assert.equal(bad.status, 400);
    await ok('PUT', `/api/reservations/${reservationId}/go-home`, {
      date: '2026-12-12',
      time: '10:30',
      place: 'Prescott Valley, AZ',
      note: 'Bring a crate; call on arrival',
    });
    const link = await ok('POST', `/api/inquiries/${other}/family-link`, {});
    const headers = as();
    const $ = cheerio.load(await (await fetch(local(link.url ?? ''), { headers })).text());
    assert.match($('#go-home-heading').parent().text(), /Saturday, December 12, 2026 at 10:30 AM/);
    assert.deepEqual(
      $('.checklist li')
        .map((_, el) => $(el).text())
        .get(),
      ['Collar', 'Blanket'],
    );
    const ics = await fetch(`${local(link.url ?? '')}/go-home.ics`, { headers });
    assert.equal(ics.status, 200);
    assert.match(ics.headers.get('content-type') ?? '', /text\/calendar/);
    const text = await ics.text();
    assert.match(text, /DTSTART:20261212T103000\r\n/);
    assert.match(text, /LOCATION:Prescott Valley\\, AZ\r\n/);
    assert.match(text, /DESCRIPTION:Bring a crate\\; call on arrival\r\n/);
  });

  test('"Ask a question" without scripts: on the inquiry, "New" again, found by search, her notice; bad input 400', async () => {
    assert.equal((await admin.send('POST', `/api/inquiries/${other}/read`, {})).status, 200);
    const link = await ok('POST', `/api/inquiries/${other}/family-link`, {});
    const headers = { ...as(), 'Content-Type': 'application/x-www-form-urlencoded' };
    const empty = await fetch(`${local(link.url ?? '')}/questions`, {
      method: 'POST',
      headers,
      body: 'question=%20',
    });
    assert.equal(empty.status, 400);
    assert.match(await empty.text(), /Write your question/);
    const sent = await fetch(`${local(link.url ?? '')}/questions`, {
      method: 'POST',
      headers,
      body: new URLSearchParams({ question: 'Can we <visit> on Sunday?' }).toString(),
      redirect: 'manual',
    });
    assert.equal(sent.status, 303);
    assert.match(sent.headers.get('location') ?? '', /\?question=sent/);
    const state = await ok('GET', `/api/inquiries/${other}/family`);
    assert.deepEqual(
      state.questions.map((item) => item.text),
      ['Can we <visit> on Sunday?'],
    );
    type Inbox = { items: { id: string; readAt: string | null }[]; unread: number };
    const inbox = async (q = '') =>
      (await (
        await admin.send('GET', `/api/inbox${q ? `?q=${encodeURIComponent(q)}` : ''}`)
      ).json()) as Inbox;
    const listed = (await inbox()).items.find((item) => item.id === other);
    assert.equal(listed?.readAt, null, 'marked new again');
    assert.deepEqual(
      (await inbox('sunday')).items.map((item) => item.id),
      [other],
      'found by search',
    );
    assert.equal((await admin.send('POST', `/api/inquiries/${other}/read`, {})).status, 200);
    assert.notEqual((await inbox()).items.find((item) => item.id === other)?.readAt, null, 'opened: read');
    const notice = await mailWhere((mail) => mail.subject === 'Question from Bo Other');
    assert.match(notice.text ?? '', /Can we <visit> on Sunday\?/);
    assert.equal(notice.to && 'text' in notice.to ? notice.to.text : '', 'breeder@doodles.test');
  });
});

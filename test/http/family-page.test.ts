import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import * as cheerio from 'cheerio';
import type { FamilyState, FamilyUpdates } from '../../src/features/family/family';
import { exifTags, fixtureDir, phoneJpeg } from '../fixtures/photos';
import { postInquiry } from '../helpers/inquiries';
import { type PuppyClient, puppyAdmin } from '../helpers/puppies';
import { type RunningServer, startServer } from '../helpers/server';
import { suiteTempDirs } from '../helpers/suite';
import { type Peer, parseMail, startSmtpPeer } from '../peers/start-peer';

// Each family's page (issue 28): the link and its security model, the page itself, the money and
// go-home day, through the built server and a real SMTP server process.
describe('family page: a private link per family', () => {
  const tempDataDir = suiteTempDirs('family-page');
  let server: RunningServer;
  let smtp: Peer;
  let dataDir: string;
  let admin: PuppyClient;
  let family: string;
  let other: string;

  before(async () => {
    dataDir = await tempDataDir();
    smtp = await startSmtpPeer();
    server = await startServer({
      dataDir,
      env: {
        INQUIRY_RATE_LIMIT: 'off',
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        NOTIFY_EMAIL: 'breeder@doodles.test',
        PUBLIC_URL: 'https://doodles.test',
        FAMILY_BAD_LINK_LIMIT: '10',
        TRUST_PROXY: 'loopback',
      },
    });
    admin = await puppyAdmin(server.url, dataDir);
    const post = async (name: string, email: string) =>
      (
        (await (
          await postInquiry(server.url, { name, email, message: 'Hello there, about a puppy' })
        ).json()) as {
          id: string;
        }
      ).id;
    family = await post('Ann <b>Lee</b>', 'ann@example.com');
    other = await post('Bo Other', 'bo@example.com');
  });
  after(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  const ok = async (method: string, url: string, body?: unknown): Promise<FamilyState> => {
    const res = await admin.send(method, url, body);
    assert.equal(res.status, 200, `${url}: ${await res.clone().text()}`);
    return res.json();
  };
  const local = (url: string) => url.replace('https://doodles.test', server.url);
  const tokenOf = (url: string) => url.split('/family/')[1] ?? '';
  /** The first message the SMTP server received that `match` accepts (waits up to 30 s: at load
   * average 15 a server's first email took over 10 s, as in the other email tests). */
  const mailWhere = async (match: (mail: Awaited<ReturnType<typeof parseMail>>) => boolean) => {
    for (let i = 0; i < 300; i += 1) {
      for (const file of await smtp.files()) {
        const mail = await parseMail(file);
        if (match(mail)) return mail;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('no such email arrived');
  };
  const familyFile = () => readFile(path.join(dataDir, 'family.json'), 'utf8');
  /** Each test comes from its own address, so the per-client throttle of one does not reach the next. */
  let client = 0;
  const as = () => {
    client += 1;
    return { 'X-Forwarded-For': `203.0.113.${client}` };
  };

  test('only she may send, replace or turn off a link (401 signed out, 403 from another site)', async () => {
    for (const url of [
      `/api/inquiries/${family}/family-link`,
      `/api/inquiries/${family}/family-link/turn-off`,
    ]) {
      const anonymous = await fetch(`${server.url}${url}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      });
      assert.equal(anonymous.status, 401);
      const crossSite = await admin.send('POST', url, {}, { 'Sec-Fetch-Site': 'cross-site' });
      assert.equal(crossSite.status, 403);
    }
    assert.equal((await admin.send('POST', '/api/inquiries/nope/family-link', {})).status, 404);
    // Without STRIPE_WEBHOOK_SECRET there is no webhook: nothing is charged or recorded by card.
    const webhook = await fetch(`${server.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    assert.equal(webhook.status, 404);
  });

  test('"Send family page": a 256-bit link, stored only as its hash, emailed and shown once', async () => {
    const state = await ok('POST', `/api/inquiries/${family}/family-link`, {});
    assert.ok(state.url?.startsWith('https://doodles.test/family/'));
    const token = tokenOf(state.url ?? '');
    assert.equal(Buffer.from(token, 'base64url').length, 32, '256 random bits');
    assert.equal(state.link?.active, true);
    const stored = await familyFile();
    assert.ok(
      !stored.includes(token) || stored.includes('"state":"waiting"'),
      'only in the email still to send',
    );
    const mail = await mailWhere((item) => Boolean(item.text?.includes(state.url ?? '')));
    assert.equal(mail.to && 'text' in mail.to ? mail.to.text : '', 'ann@example.com');
    assert.match(mail.subject ?? '', /Your family page/);
    assert.ok(mail.text?.includes(state.url ?? ''), 'the email carries the link');
    assert.equal(mail.attachments.length, 0);
    // Once delivered, the token leaves the disk: only its SHA-256 stays.
    for (let i = 0; i < 50 && (await familyFile()).includes(token); i += 1)
      await new Promise((r) => setTimeout(r, 100));
    const after = await familyFile();
    assert.ok(!after.includes(token), 'the token is not on disk once sent');
    const { createHash } = await import('node:crypto');
    assert.ok(after.includes(createHash('sha256').update(token).digest('hex')));
    let again = await ok('GET', `/api/inquiries/${family}/family`);
    for (let i = 0; i < 100 && again.mails[0]?.state !== 'sent'; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      again = await ok('GET', `/api/inquiries/${family}/family`);
    }
    assert.equal(again.url, undefined, 'never shown again');
    assert.equal(again.mails[0]?.state, 'sent', `she sees it was delivered: ${JSON.stringify(again.mails)}`);
  });

  test('the page: the family, private, not indexed, no referrer, everything typed as text', async () => {
    const state = await ok('POST', `/api/inquiries/${family}/family-link`, {});
    const res = await fetch(local(state.url ?? ''), { headers: as() });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'private, no-store');
    assert.equal(res.headers.get('x-robots-tag'), 'noindex, nofollow');
    assert.equal(res.headers.get('referrer-policy'), 'no-referrer');
    const body = await res.text();
    const $ = cheerio.load(body);
    assert.equal($('h1').text(), 'Welcome, Ann <b>Lee</b>');
    assert.equal($('b').length, 0, 'the name is text');
    assert.equal($('meta[name="robots"]').attr('content'), 'noindex, nofollow');
    assert.equal($('script').length, 0, 'no script at all');
    assert.match($('#puppy-heading').text(), /waitlist/);
    assert.ok(!body.includes('Bo Other'), 'only its family');
  });

  test('"Replace link": the old link answers "no longer active", never data; "Turn off" ends the new one', async () => {
    const first = await ok('POST', `/api/inquiries/${family}/family-link`, {});
    const second = await ok('POST', `/api/inquiries/${family}/family-link`, {});
    const headers = as();
    const old = await fetch(local(first.url ?? ''), { headers });
    assert.equal(old.status, 410);
    const oldBody = await old.text();
    assert.match(oldBody, /This link is no longer active/);
    assert.ok(!oldBody.includes('Ann'), 'nothing of the family');
    assert.equal((await fetch(local(second.url ?? ''), { headers })).status, 200);
    const off = await ok('POST', `/api/inquiries/${family}/family-link/turn-off`, {});
    assert.equal(off.link?.active, false);
    const ended = await fetch(local(second.url ?? ''), { headers });
    assert.equal(ended.status, 410);
    assert.ok(!(await ended.text()).includes('Ann'));
    assert.equal((await admin.send('POST', `/api/inquiries/${family}/family-link/turn-off`, {})).status, 409);
  });

  test('many wrong tokens: nothing, then 429 for that client (a right link included), others unaffected', async () => {
    const right = await ok('POST', `/api/inquiries/${other}/family-link`, {});
    const guesser = as();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const wrong = Buffer.from(Array.from({ length: 32 }, () => Math.floor(Math.random() * 256))).toString(
        'base64url',
      );
      const res = await fetch(`${server.url}/family/${i % 3 === 0 ? 'short' : wrong}`, { headers: guesser });
      const text = await res.text();
      assert.ok(!text.includes('Bo Other') && !text.includes('Ann'));
      statuses.push(res.status);
    }
    assert.deepEqual(statuses.slice(0, 10), Array(10).fill(404));
    assert.deepEqual(new Set(statuses.slice(10)), new Set([429]));
    const blocked = await fetch(local(right.url ?? ''), { headers: guesser });
    assert.equal(blocked.status, 429, 'a throttled client gets nothing, even with a right link');
    assert.ok(blocked.headers.get('retry-after'));
    assert.equal((await fetch(local(right.url ?? ''), { headers: as() })).status, 200);
  });

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

  test('"Post an update": photos through the upload, each family emailed a link (no attachment), edit, delete', async () => {
    const fixtures = await fixtureDir();
    const photo = await admin.uploaded(await phoneJpeg(fixtures));
    const state = await ok('GET', `/api/inquiries/${other}/family`);
    const reservationId = state.money?.reservationId ?? '';
    const tooMany = await admin.send('POST', '/api/family-updates', {
      scope: 'family',
      reservationId,
      text: 'x',
      photos: Array.from({ length: 11 }, () => ({ id: photo.id, alt: '' })),
    });
    assert.equal(tooMany.status, 400);
    const unknown = await admin.send('POST', '/api/family-updates', {
      scope: 'family',
      reservationId,
      text: 'x',
      photos: [{ id: 'not-a-photo', alt: '' }],
    });
    assert.equal(unknown.status, 400);
    const posted = await admin.send('POST', '/api/family-updates', {
      scope: 'family',
      reservationId,
      text: 'Daisy <opened> her eyes!',
      photos: [{ id: photo.id, alt: 'Daisy asleep' }],
    });
    assert.equal(posted.status, 200);
    const { updates } = (await posted.json()) as FamilyUpdates;
    const update = updates[0];
    assert.equal(update?.audience, "Daisy's family");
    const mail = await mailWhere((item) => item.subject === 'New photos of Daisy');
    assert.equal(mail.to && 'text' in mail.to ? mail.to.text : '', 'bo@example.com');
    assert.equal(mail.attachments.length, 0, 'never the photos as attachments');
    const url = /https:\/\/doodles\.test\/family\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')?.[0] ?? '';
    assert.ok(url, 'a link to their page');
    const page = cheerio.load(await (await fetch(local(url), { headers: as() })).text());
    assert.equal(page('#updates-heading').parent().find('p.pre').first().text(), 'Daisy <opened> her eyes!');
    const src = page('.update img').attr('src') ?? '';
    assert.match(src, /^\/media\//);
    const served = await fetch(`${server.url}${src}`);
    assert.equal(served.status, 200);
    const { writeFile } = await import('node:fs/promises');
    const copy = path.join(fixtures, 'served.jpg');
    await writeFile(copy, Buffer.from(await served.arrayBuffer()));
    assert.equal((await exifTags(copy)).GPSLatitude, undefined, 'no GPS in what families get');
    // Her view: who was emailed and whether it arrived.
    let listed = (await (await admin.send('GET', '/api/family-updates')).json()) as FamilyUpdates;
    for (let i = 0; i < 50 && listed.updates[0]?.emailed[0]?.state !== 'sent'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      listed = (await (await admin.send('GET', '/api/family-updates')).json()) as FamilyUpdates;
    }
    assert.deepEqual(listed.updates[0]?.emailed, [
      { familyName: 'Bo Other', to: 'bo@example.com', state: 'sent' },
    ]);
    // The other family (no reservation) sees none of it.
    const theirs = await ok('POST', `/api/inquiries/${family}/family-link`, {});
    assert.ok(!(await (await fetch(local(theirs.url ?? ''), { headers: as() })).text()).includes('opened'));

    const edited = await admin.send('PUT', `/api/family-updates/${update?.id}`, {
      text: 'Daisy opened her eyes today',
      photos: [{ id: photo.id, alt: 'Daisy asleep' }],
    });
    assert.equal(edited.status, 200);
    const after = cheerio.load(await (await fetch(local(url), { headers: as() })).text());
    assert.equal(after('.update p.pre').first().text(), 'Daisy opened her eyes today');
    const deleted = await admin.send('DELETE', `/api/family-updates/${update?.id}`);
    assert.equal(deleted.status, 200);
    assert.equal(
      (await fetch(`${server.url}${src}`)).status,
      404,
      "a deleted update's photos are no longer served",
    );
    const gone = cheerio.load(await (await fetch(local(url), { headers: as() })).text());
    assert.equal(gone('#updates-heading').length, 0);
    assert.equal((await admin.send('DELETE', `/api/family-updates/${update?.id}`)).status, 404);
  });

  test('"News about the litter": every family with a reservation', async () => {
    const posted = await admin.send('POST', '/api/family-updates', {
      scope: 'litter',
      text: 'Vet visit went well',
      photos: [],
    });
    assert.equal(posted.status, 200);
    const mail = await mailWhere((item) => item.subject === 'News about the February 2025 litter');
    assert.equal(mail.to && 'text' in mail.to ? mail.to.text : '', 'bo@example.com');
  });

  test('"Add proof of payment": a photo or PDF checked by its bytes, size-limited; hostile files refused', async () => {
    const link = await ok('POST', `/api/inquiries/${other}/family-link`, {});
    const url = `${local(link.url ?? '')}/proofs`;
    const headers = as();
    const send = (name: string, type: string, bytes: Buffer) => {
      const form = new FormData();
      form.append('proof', new Blob([new Uint8Array(bytes)], { type }), name);
      return fetch(url, { method: 'POST', headers, body: form, redirect: 'manual' });
    };
    const fixtures = await fixtureDir();
    const jpeg = await readFile(await phoneJpeg(fixtures));
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    );
    const hostile: [string, string, Buffer, number, RegExp][] = [
      [
        'receipt.jpg',
        'image/jpeg',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        415,
        /Only a photo/,
      ],
      [
        'receipt.pdf',
        'application/pdf',
        Buffer.from('<html><script>alert(1)</script></html>'),
        415,
        /Only a photo/,
      ],
      ['receipt.png', 'image/png', Buffer.from('MZ\x90\x00 a program, not a picture'), 415, /Only a photo/],
      [
        'big.jpg',
        'image/jpeg',
        Buffer.concat([jpeg.subarray(0, 3), Buffer.alloc(9 * 1024 * 1024)]),
        413,
        /too large/,
      ],
      ['empty.jpg', 'image/jpeg', Buffer.alloc(0), 400, /Choose a photo/],
    ];
    for (const [name, type, bytes, status, message] of hostile) {
      const res = await send(name, type, bytes);
      assert.equal(res.status, status, name);
      assert.match(await res.text(), message, name);
    }
    const notMultipart = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'proof=x',
    });
    assert.equal(notMultipart.status, 415);
    let state = await ok('GET', `/api/inquiries/${other}/family`);
    assert.equal(state.money?.proofs.length, 0, 'nothing kept of the refused ones');

    for (const [name, type, bytes] of [
      ['IMG_0001.JPG', 'image/jpeg', jpeg],
      ['zelle.pdf', 'application/pdf', pdf],
    ] as const) {
      const res = await send(name, type, bytes);
      assert.equal(res.status, 303, name);
      assert.match(res.headers.get('location') ?? '', /proof=sent/);
    }
    state = await ok('GET', `/api/inquiries/${other}/family`);
    assert.deepEqual(
      state.money?.proofs.map((proof) => proof.type),
      ['image/jpeg', 'application/pdf'],
    );
    const stored = await admin.send('GET', `/api/family-proofs/${state.money?.proofs[1]?.id}`);
    assert.equal(stored.status, 200);
    assert.equal(stored.headers.get('content-type'), 'application/pdf');
    assert.match(stored.headers.get('content-security-policy') ?? '', /sandbox/);
    assert.equal(stored.headers.get('x-content-type-options'), 'nosniff');
    assert.deepEqual(Buffer.from(await stored.arrayBuffer()), pdf);
    assert.equal((await fetch(`${server.url}/api/family-proofs/${state.money?.proofs[1]?.id}`)).status, 401);
    const page = cheerio.load(await (await fetch(local(link.url ?? ''), { headers })).text());
    assert.deepEqual(
      page('#money-heading')
        .parent()
        .find('.checklist li')
        .map((_, el) => page(el).text())
        .get().length,
      2,
    );
  });
});

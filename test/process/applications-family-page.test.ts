/**
 * "A family's page shows 'Apply' when she asks them to" (issue 29, decision 131), against the
 * built server with a real SMTP peer: the family she asked applies from their own page and the
 * application is attached to their existing inquiry — status "Applied", the answers in its
 * details and the CSV's "Application" column, her notice "New application: {name} for {litter}" —
 * with no second inquiry. Hostile: a forged token, an ended one, a family she did not ask (their
 * own valid token, or fields naming another inquiry), answers missing, applying twice and two
 * posts at once. Nothing refused changes anything.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as cheerio from 'cheerio';
import type { ApplicationView, AskState } from '../../src/features/applications/applications';
import type { FamilyState } from '../../src/features/family/family';
import type { InboxPage } from '../../src/features/inbox/inbox';
import type { LitterList } from '../../src/features/litters/litters';
import { postInquiry } from '../helpers/inquiries';
import { type PuppyClient, puppyAdmin } from '../helpers/puppies';
import { type RunningServer, startServer } from '../helpers/server';
import { suiteTempDirs } from '../helpers/suite';
import { until } from '../helpers/until';
import { type Peer, parseMail, startSmtpPeer } from '../peers/start-peer';

const LITTER = 'Ivy × <b>Rex</b>';
const ANSWERS = {
  'answer-home-type': 'House',
  'answer-own-or-rent': 'Own',
  'answer-yard': 'Fenced, <script>alert(1)</script> big.',
  'answer-household': 'Two adults.',
  'answer-allergies': 'No',
  'answer-hours-alone': '2',
  'answer-dogs-before': 'A collie.',
  'answer-why': 'Gentle and smart.',
  'answer-vet-phone': '(928) 555-0199',
};

describe('applying from the family page', () => {
  const tempDataDir = suiteTempDirs('applications-family-page');
  let server: RunningServer;
  let admin: PuppyClient;
  let smtp: Peer;
  let litterId = '';

  before(async () => {
    smtp = await startSmtpPeer();
    const dataDir = await tempDataDir();
    server = await startServer({
      dataDir,
      env: {
        INQUIRY_RATE_LIMIT: 'off',
        SPAM_FAST_SECONDS: '0',
        FAMILY_PAGE_RATE_LIMIT: '1000',
        PUBLIC_URL: 'https://doodles.test',
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        NOTIFY_EMAIL: 'breeder@doodles.test',
      },
    });
    admin = await puppyAdmin(server.url, dataDir);
    const res = await admin.send('POST', '/api/litters', {
      name: LITTER,
      mother: '',
      father: '',
      status: 'planned',
      expected: '2027-09',
      description: '',
      shown: true,
    });
    litterId = ((await res.json()) as LitterList).litters.find((litter) => litter.name === LITTER)?.id ?? '';
    assert.ok(litterId);
  });
  after(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  /** A family that inquired and has a family page: its inquiry id and page URL on this server. */
  const family = async (name: string) => {
    const res = await postInquiry(server.url, {
      name,
      email: `${name.replace(/[^a-z]/gi, '').toLowerCase()}@example.com`,
      message: 'We would love a puppy.',
    });
    assert.equal(res.status, 201);
    const { id } = (await res.json()) as { id: string };
    const link = (await (
      await admin.send('POST', `/api/inquiries/${id}/family-link`, {})
    ).json()) as FamilyState;
    return { id, page: (link.url ?? '').replace('https://doodles.test', server.url) };
  };
  const ask = async (id: string) =>
    assert.equal(
      (await admin.send('POST', `/api/inquiries/${id}/application/ask`, { litterId })).status,
      200,
    );
  const post = (url: string, fields: Record<string, string>) =>
    fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  const inbox = async () => (await (await admin.send('GET', '/api/inbox')).json()) as InboxPage;
  const applicationOf = (id: string) => admin.send('GET', `/api/inquiries/${id}/application`);
  const askState = async (id: string) =>
    (await (await admin.send('GET', `/api/inquiries/${id}/application/ask`)).json()) as AskState;
  const noticeSubjects = async () => {
    const subjects = [];
    for (const file of await smtp.files()) subjects.push((await parseMail(file)).subject ?? '');
    return subjects.filter((subject) => subject.startsWith('New application'));
  };

  test('the family she asked applies on their page: attached to their inquiry, no second one', async () => {
    const ann = await family('Ann <i>Family</i>');
    await ask(ann.id);
    const before = await inbox();

    // Their page: "Apply" opens the form on their own page's address, with her questions only.
    const $page = cheerio.load(await (await fetch(ann.page)).text());
    assert.equal($page('#apply-heading').text(), `Apply for ${LITTER}`);
    const href = $page('a.button')
      .filter((_, el) => $page(el).text() === 'Apply')
      .attr('href');
    assert.equal(href, `${new URL(ann.page).pathname}/apply`);
    const formPage = await fetch(`${ann.page}/apply`);
    assert.equal(formPage.status, 200);
    assert.equal(formPage.headers.get('cache-control'), 'private, no-store');
    const $form = cheerio.load(await formPage.text());
    assert.equal($form('h1').text(), `Apply for ${LITTER}`);
    assert.equal($form('form').attr('action'), 'apply', 'posts back to the page it is on');
    assert.equal($form('input[name="name"], input[name="email"]').length, 0, 'their details are known');
    assert.ok($form('[name="answer-home-type"]').length > 0);

    // Answers missing: the form again, each message beside its field; nothing stored.
    const missing = await post(`${ann.page}/apply`, { 'answer-home-type': 'House' });
    assert.equal(missing.status, 400);
    const $missing = cheerio.load(await missing.text());
    assert.equal($missing('#field-answer-yard-error').text(), 'Please answer this question');
    assert.equal($missing('input[name="answer-home-type"][checked]').attr('value'), 'House', 'kept as typed');
    assert.equal((await applicationOf(ann.id)).status, 404);

    const sent = await post(`${ann.page}/apply`, { ...ANSWERS, name: 'Mallory', email: 'm@evil.test' });
    assert.equal(sent.status, 303);
    assert.equal(sent.headers.get('location'), `${new URL(ann.page).pathname}#apply-heading`);

    // No second inquiry; hers says "Applied", with the answers in its details and the CSV.
    const now = await inbox();
    assert.equal(now.total, before.total, 'no new inquiry');
    const item = now.items.find((entry) => entry.id === ann.id);
    assert.equal(item?.sale.status, 'applied');
    assert.equal(item?.name, 'Ann <i>Family</i>', 'their inquiry as they sent it (the form’s name ignored)');
    const application = (await (await applicationOf(ann.id)).json()) as ApplicationView;
    assert.equal(application.litterName, LITTER);
    assert.equal(
      application.answers.find((answer) => answer.question.id === 'yard')?.answer,
      ANSWERS['answer-yard'],
    );
    assert.equal((await askState(ann.id)).applied, true, 'the details show the application');
    const csv = await (await admin.send('GET', '/api/inbox/export.csv')).text();
    const row = csv.split('\r\n').find((line) => line.includes('annfamily@example.com')) ?? csv;
    assert.match(csv, /Application/);
    assert.ok(csv.includes(`Litter: ${LITTER}`), 'the CSV carries the litter');
    assert.ok(csv.includes('Fenced, <script>alert(1)</script> big.'), 'answers as typed, as text');
    assert.ok(row.includes('Ann <i>Family</i>'));

    // Her notice, once.
    await until(async () => (await noticeSubjects()).length === 1, 'her notice', 30_000);
    assert.deepEqual(await noticeSubjects(), [`New application: Ann <i>Family</i> for ${LITTER}`]);

    // Their page says it was sent; applying again is refused and changes nothing.
    const $after = cheerio.load(await (await fetch(ann.page)).text());
    assert.equal(
      $after('#apply-heading').next('p').text(),
      `Your application for ${LITTER} was sent. We read every application and will answer you by email.`,
    );
    assert.equal($after('a.button').filter((_, el) => $after(el).text() === 'Apply').length, 0);
    const twice = await post(`${ann.page}/apply`, { ...ANSWERS, 'answer-why': 'Changed my mind' });
    assert.equal(twice.status, 409);
    assert.match(await twice.text(), /You have already applied\./);
    assert.equal((await fetch(`${ann.page}/apply`)).status, 409);
    const kept = (await (await applicationOf(ann.id)).json()) as ApplicationView;
    assert.deepEqual(kept, application);
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.equal((await noticeSubjects()).length, 1, 'one notice');
    assert.equal((await inbox()).total, before.total);
  });

  test('forged, ended and other families’ tokens, and two posts at once, store nothing extra', async () => {
    const bea = await family('Bea Asked');
    await ask(bea.id);
    const cal = await family('Cal Not Asked');
    const before = await inbox();

    // A token nobody was given.
    const forged = `${server.url}/family/${'A'.repeat(43)}/apply`;
    assert.equal((await fetch(forged)).status, 404);
    assert.equal((await post(forged, ANSWERS)).status, 404);
    // Cal has a page, but she did not ask Cal: no form, and a post (even naming Bea's inquiry) is refused.
    assert.equal((await fetch(`${cal.page}/apply`)).status, 404);
    const other = await post(`${cal.page}/apply`, { ...ANSWERS, inquiryId: bea.id, id: bea.id });
    assert.equal(other.status, 404);
    assert.match(await other.text(), /There is no application to fill in here any more/);
    assert.equal((await applicationOf(cal.id)).status, 404);
    assert.equal((await applicationOf(bea.id)).status, 404);

    // Bea's link ended (she turned the page off): 410, nothing stored.
    const ended = bea.page;
    assert.equal((await admin.send('POST', `/api/inquiries/${bea.id}/family-link/turn-off`, {})).status, 200);
    assert.equal((await post(`${ended}/apply`, ANSWERS)).status, 410);
    assert.equal((await fetch(`${ended}/apply`)).status, 410);
    assert.equal((await applicationOf(bea.id)).status, 404);

    // A new link for Bea: two posts at once store one application and send one notice.
    const link = (await (
      await admin.send('POST', `/api/inquiries/${bea.id}/family-link`, {})
    ).json()) as FamilyState;
    const page = (link.url ?? '').replace('https://doodles.test', server.url);
    const notices = (await noticeSubjects()).length;
    const statuses = (
      await Promise.all([
        post(`${page}/apply`, ANSWERS),
        post(`${page}/apply`, { ...ANSWERS, 'answer-why': 'Second post' }),
      ])
    )
      .map((res) => res.status)
      .sort();
    assert.deepEqual(statuses, [303, 409]);
    const stored = (await (await applicationOf(bea.id)).json()) as ApplicationView;
    assert.equal(stored.litterName, LITTER);
    await until(async () => (await noticeSubjects()).length === notices + 1, 'Bea’s notice', 30_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.equal((await noticeSubjects()).length, notices + 1, 'one notice for two posts');
    const now = await inbox();
    assert.equal(now.total, before.total, 'no new inquiry from any of it');
    assert.equal(now.items.find((entry) => entry.id === bea.id)?.sale.status, 'applied');
    assert.notEqual(now.items.find((entry) => entry.id === cal.id)?.sale.status, 'applied');
  });

  test('a family holding a puppy, or that took one home, keeps that status when it applies', async () => {
    for (const status of ['reserved', 'went-home'] as const) {
      const fam = await family(`Dee ${status}`);
      assert.equal((await admin.send('POST', `/api/inquiries/${fam.id}/status`, { status })).status, 200);
      await ask(fam.id);
      const notices = (await noticeSubjects()).length;
      assert.equal((await post(`${fam.page}/apply`, ANSWERS)).status, 303);
      assert.equal(((await (await applicationOf(fam.id)).json()) as ApplicationView).litterName, LITTER);
      await until(
        async () => (await noticeSubjects()).length === notices + 1,
        `${status}: her notice`,
        30_000,
      );
      const item = (await inbox()).items.find((entry) => entry.id === fam.id);
      assert.equal(item?.sale.status, status, 'not replaced by "Applied"');
    }
  });
});

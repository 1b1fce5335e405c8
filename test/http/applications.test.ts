/**
 * Applications (issue 29) over HTTP against the built server: the standard questions at a fresh
 * install, "Apply for this litter" on `/` only with a litter shown, the scripts-off form and every
 * hostile input (each field's message beside it, script text kept as text, oversize, unknown and
 * hidden litters, the honeypot, other sites), the application beside its inquiry with its
 * questions as asked, the inbox's status, filter and CSV column, and her decisions.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import * as cheerio from 'cheerio';
import type { ApplicationView, QuestionSet } from '../../src/features/applications/applications';
import type { InboxPage } from '../../src/features/inbox/inbox';
import type { LitterList } from '../../src/features/litters/litters';
import type { Waitlist } from '../../src/shared/sales';
import { readInquiriesFile } from '../helpers/inquiries';
import { type PuppyClient, puppyAdmin } from '../helpers/puppies';
import { type RunningServer, startServer } from '../helpers/server';
import { suiteTempDirs } from '../helpers/suite';

/** A complete application to the standard questions; spread it and change one field to test it. */
const goodAnswers = {
  name: 'Avery Applicant',
  email: 'avery@example.com',
  phone: '928-555-0100',
  'answer-home-type': 'House',
  'answer-own-or-rent': 'Own',
  'answer-yard': 'Half an acre, fenced with 5 ft chain link.',
  'answer-household': 'Two adults, kids 7 and 10.',
  'answer-allergies': 'No',
  'answer-hours-alone': '3',
  'answer-dogs-before': 'A lab who lived to 14.',
  'answer-why': 'Gentle dogs, and your puppies are raised at home.',
  'answer-vet-phone': '(928) 555-0199',
} as const;

describe('applications: the family applies, she decides', () => {
  const tempDataDir = suiteTempDirs('applications');
  let server: RunningServer;
  let dataDir: string;
  let admin: PuppyClient;
  let litterId: string;
  let hiddenId: string;

  before(async () => {
    dataDir = await tempDataDir();
    server = await startServer({ dataDir, env: { INQUIRY_RATE_LIMIT: 'off' } });
    admin = await puppyAdmin(server.url, dataDir);
  });
  after(() => server?.stop());

  const apply = (id: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/apply/${id}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url, ...headers },
      body: new URLSearchParams(fields).toString(),
    });
  const inquiryCount = async () => (await readInquiriesFile(dataDir)).inquiries.length;
  const stored = async () => JSON.parse(await readFile(path.join(dataDir, 'applications.json'), 'utf8'));

  test('a fresh install: the standard questions in applications.json, and `/` offers no application', async () => {
    const set = (await (await admin.send('GET', '/api/application')).json()) as QuestionSet;
    assert.deepEqual(
      set.questions.map((question) => question.id),
      [
        'home-type',
        'own-or-rent',
        'landlord',
        'yard',
        'household',
        'other-pets',
        'allergies',
        'hours-alone',
        'dogs-before',
        'why',
        'sex',
        'colour',
        'vet-name',
        'vet-phone',
        'heard',
      ],
    );
    assert.deepEqual(
      new Set(set.questions.map((question) => question.kind)),
      new Set(['choice', 'long', 'yes-no', 'short', 'phone']),
    );
    const file = await stored();
    assert.equal(file.version, 1);
    assert.deepEqual(file.applications, {});
    assert.doesNotMatch(await (await fetch(`${server.url}/`)).text(), /Apply for this litter/);
    assert.equal((await fetch(`${server.url}/api/application`)).status, 401);
  });

  test('a planned litter shown on `/` gets "Apply for this litter", its page lists her questions', async () => {
    const made = async (name: string, shown: boolean) => {
      const res = await admin.send('POST', '/api/litters', {
        name,
        mother: 'Luna',
        father: 'Bentley',
        status: 'planned',
        expected: '2027-03',
        description: '',
        shown,
      });
      assert.equal(res.status, 201);
      const list = (await res.json()) as LitterList;
      return list.litters.find((litter) => litter.name === name)?.id as string;
    };
    litterId = await made('Luna × Bentley', true);
    hiddenId = await made('Secret litter', false);
    const $ = cheerio.load(await (await fetch(`${server.url}/`)).text());
    const link = $('a').filter((_, el) => $(el).text() === 'Apply for this litter');
    assert.equal(link.length, 1, 'one link: only the shown litter');
    assert.equal(link.attr('href'), `/apply/${litterId}`);

    const page = await fetch(`${server.url}/apply/${litterId}`);
    assert.equal(page.status, 200);
    const form = cheerio.load(await page.text());
    assert.equal(form('h1').text(), 'Apply for Luna × Bentley');
    assert.equal(form('form').attr('method'), 'post');
    assert.equal(form('form').attr('action'), `/apply/${litterId}`);
    assert.equal(form('script').length, 0, 'no script at all');
    assert.equal(form('input[name="answer-vet-phone"]').attr('type'), 'tel');
    assert.equal(form('input[name="answer-home-type"][type="radio"]').length, 5);
    assert.equal(form('textarea[name="answer-why"]').length, 1);
    assert.equal(form('legend').first().text(), 'What type of home do you live in?');
  });

  test('unknown and hidden litters: 404, nothing stored', async () => {
    const before = await inquiryCount();
    for (const id of ['no-such-litter', hiddenId, '..%2F..%2Fetc']) {
      assert.equal((await fetch(`${server.url}/apply/${id}`)).status, 404, id);
      const res = await apply(id, goodAnswers);
      assert.equal(res.status, 404, id);
      assert.match(await res.text(), /not taking applications/);
    }
    assert.equal(await inquiryCount(), before);
  });

  test('missing and wrong answers: 400, each message beside its field, typed values kept as text', async () => {
    const before = await inquiryCount();
    const res = await apply(litterId, {
      name: '<script>alert(1)</script>',
      email: 'not-an-email',
      'answer-home-type': 'Castle',
      'answer-allergies': 'Maybe',
      'answer-vet-phone': 'call me',
      'answer-why': 'x'.repeat(2001),
      'answer-yard': '"><img src=x onerror=alert(1)>',
    });
    assert.equal(res.status, 400);
    const text = await res.text();
    assert.doesNotMatch(text, /<script>alert|<img src=x/, 'what she typed is text, never markup');
    const $ = cheerio.load(text);
    const errorOf = (field: string) => {
      const control = $(`[name="${field}"]`).first();
      const box = control.closest('.field');
      return box.find('.error').text();
    };
    assert.equal(errorOf('email'), 'Please enter a valid email address');
    assert.equal(errorOf('answer-home-type'), 'Please choose one of the answers');
    assert.equal(errorOf('answer-allergies'), 'Please answer yes or no');
    assert.equal(errorOf('answer-vet-phone'), 'Please enter a phone number');
    assert.equal(errorOf('answer-why'), 'At most 2,000 characters');
    assert.equal(errorOf('answer-household'), 'Please answer this question');
    assert.equal(errorOf('answer-heard'), '', 'an optional question left blank is fine');
    assert.equal($('[name="name"]').attr('value'), '<script>alert(1)</script>', 'kept as typed');
    assert.equal($('[name="answer-yard"]').text(), '"><img src=x onerror=alert(1)>');
    assert.equal($('[name="email"]').attr('aria-describedby'), 'field-email-error');
    assert.equal(await inquiryCount(), before, 'nothing stored');
  });

  test('oversize, not a form, another site, the honeypot: refused or trapped, nothing stored', async () => {
    const before = await inquiryCount();
    const huge = await apply(litterId, { ...goodAnswers, 'answer-why': 'y'.repeat(40_000) });
    assert.equal(huge.status, 413);
    const json = await fetch(`${server.url}/apply/${litterId}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.url },
      body: JSON.stringify(goodAnswers),
    });
    assert.equal(json.status, 415);
    const crossSite = await apply(litterId, goodAnswers, {
      Origin: 'https://evil.example',
      'Sec-Fetch-Site': 'cross-site',
    });
    assert.equal(crossSite.status, 403);
    const trapped = await apply(litterId, { ...goodAnswers, website: 'http://spam.example' });
    assert.equal(trapped.status, 303, 'answered like a success');
    assert.equal(await inquiryCount(), before);
  });

  let applicationId: string;

  test('a good application: 303 to its thank-you, an inquiry "Applied" with its questions as asked', async () => {
    const res = await apply(litterId, { ...goodAnswers, 'answer-heard': '=HYPERLINK("http://x")' });
    assert.equal(res.status, 303);
    assert.equal(res.headers.get('location'), `/apply/${litterId}/sent`);
    const thanks = await fetch(`${server.url}${res.headers.get('location')}`);
    assert.match(await thanks.text(), /Your application for Luna × Bentley was sent/);
    const inquiry = (await readInquiriesFile(dataDir)).inquiries.find(
      (item) => item.email === goodAnswers.email,
    );
    assert.ok(inquiry);
    applicationId = inquiry.id;
    assert.equal(inquiry.puppy, 'Application: Luna × Bentley');
    const record = (await stored()).applications[applicationId];
    assert.equal(record.litterId, litterId);
    assert.equal(record.appliedAt, inquiry.createdAt);
    assert.equal(record.decision, null);
    const yard = record.answers.find((answer: { question: { id: string } }) => answer.question.id === 'yard');
    assert.equal(yard.question.label, 'Do you have a yard, and is it fenced? Tell us about it.');
    assert.equal(yard.answer, goodAnswers['answer-yard']);
    const sales = JSON.parse(await readFile(path.join(dataDir, 'sales.json'), 'utf8'));
    assert.equal(sales.inquiries[applicationId].status, 'applied');
    assert.equal(
      sales.version,
      2,
      'a file with an application status is version 2: older releases refuse it',
    );

    const inbox = (await (await admin.send('GET', '/api/inbox?status=applied')).json()) as InboxPage;
    assert.deepEqual(
      inbox.items.map((item) => item.id),
      [applicationId],
    );
    assert.equal(inbox.statuses.applied, 1);
    const csv = await (await admin.send('GET', '/api/inbox/export.csv?status=applied')).text();
    const [header] = csv.replace('\uFEFF', '').split('\r\n');
    assert.equal(header?.split(',').at(-1), 'Application');
    assert.match(csv, /Litter: Luna × Bentley\nWhat type of home do you live in\?: House\n/);
    // The cell starts with the litter's line, so a spreadsheet never runs what a family typed.
    assert.match(
      csv,
      /,"Litter: Luna × Bentley\n[^"]*How did you hear about us\?: =HYPERLINK\(""http:\/\/x""\)"\r\n$/,
    );
  });

  test('changing the questions never changes an application already given', async () => {
    const before = (await stored()).applications[applicationId];
    const set = (await (await admin.send('GET', '/api/application')).json()) as QuestionSet;
    const [first, ...rest] = set.questions;
    const changed = [...rest.slice(1), { ...first, label: 'Where do you live?', required: false }];
    const res = await admin.send('PUT', '/api/application', { version: set.version, questions: changed });
    assert.equal(res.status, 200);
    assert.deepEqual((await stored()).applications[applicationId], before);
    const view = (await (
      await admin.send('GET', `/api/inquiries/${applicationId}/application`)
    ).json()) as ApplicationView;
    assert.equal(view.answers[0]?.question.label, 'What type of home do you live in?');
    // A stale tab, and a question without words: refused, nothing changed.
    const stale = await admin.send('PUT', '/api/application', { version: set.version, questions: [] });
    assert.equal(stale.status, 409);
    const saved = (await (await admin.send('GET', '/api/application')).json()) as QuestionSet;
    const blank = await admin.send('PUT', '/api/application', {
      version: saved.version,
      questions: [{ id: 'x', label: ' ', kind: 'choice', required: true, choices: ['One'] }],
    });
    assert.equal(blank.status, 400);
    assert.equal(
      ((await blank.json()) as { errors: Record<string, string> }).errors['questions.0.label'],
      'Write the question',
    );
    assert.equal(
      ((await (await admin.send('GET', '/api/application')).json()) as QuestionSet).version,
      saved.version,
    );
    // Put the standard set back for the tests after.
    await admin.send('PUT', '/api/application', { version: saved.version, questions: set.questions });
  });

  test('approve: "Approved", last on the litter\'s waitlist with the day they applied; not twice', async () => {
    const res = await admin.send('POST', `/api/inquiries/${applicationId}/application/approve`, {});
    assert.equal(res.status, 200);
    const view = (await res.json()) as ApplicationView;
    assert.equal(view.decision?.kind, 'approved');
    const waitlist = (await (await admin.send('GET', '/api/waitlist')).json()) as Waitlist;
    const entry = waitlist.families.find((family) => family.id === applicationId);
    assert.equal(entry?.litterId, litterId);
    assert.equal(entry?.joinedAt, (await stored()).applications[applicationId].appliedAt);
    const inbox = (await (await admin.send('GET', '/api/inbox?status=approved')).json()) as InboxPage;
    assert.deepEqual(
      inbox.items.map((item) => item.id),
      [applicationId],
    );
    const again = await admin.send('POST', `/api/inquiries/${applicationId}/application/approve`, {});
    assert.equal(again.status, 409);
  });

  test('decline without email: "Declined", nothing queued; bad input and unknown inquiries refused', async () => {
    const res = await apply(litterId, { ...goodAnswers, email: 'second@example.com', name: 'Second Family' });
    assert.equal(res.status, 303);
    const id = (await readInquiriesFile(dataDir)).inquiries.find(
      (item) => item.email === 'second@example.com',
    )?.id;
    assert.ok(id);
    const long = await admin.send('POST', `/api/inquiries/${id}/application/decline`, {
      message: 'z'.repeat(2001),
      email: false,
    });
    assert.equal(long.status, 400);
    assert.equal(
      (await admin.send('POST', `/api/inquiries/${id}/application/decline`, { message: 'x' })).status,
      400,
    );
    assert.equal(
      (await admin.send('POST', '/api/inquiries/nope/application/decline', { email: false })).status,
      404,
    );
    const declined = await admin.send('POST', `/api/inquiries/${id}/application/decline`, {
      message: 'Not this time.',
      email: false,
    });
    assert.equal(declined.status, 200);
    const view = (await declined.json()) as ApplicationView;
    assert.deepEqual(view.decision && { ...view.decision, at: '' }, {
      kind: 'declined',
      at: '',
      message: 'Not this time.',
      emailed: false,
    });
    const family = JSON.parse(await readFile(path.join(dataDir, 'family.json'), 'utf8'));
    assert.equal(family.mails.length, 0, 'no email queued');
    const overview = await (await admin.send('GET', '/api/sales/overview')).json();
    assert.equal(overview.applied, 0);
  });
});

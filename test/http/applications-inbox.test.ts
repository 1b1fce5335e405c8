/**
 * Applications in her inbox (issue 29, decision 131): approved families hold a place on the
 * waitlist, so the overview's "{w} on waitlist" counts them and its filter ("On waitlist") lists
 * them, with "Approved" still its own choice; the inbox search finds an application by its answers
 * (not by the questions' words). A fresh install's overview reads as the spec's.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { InboxPage } from '../../src/features/inbox/inbox';
import type { LitterList } from '../../src/features/litters/litters';
import type { SalesOverview } from '../../src/shared/sales';
import { postInquiry, uniqueInquiry } from '../helpers/inquiries';
import { type PuppyClient, puppyAdmin } from '../helpers/puppies';
import { type RunningServer, startServer } from '../helpers/server';
import { suiteTempDirs } from '../helpers/suite';

const LITTER = 'Juniper × Scout';

const answers = (name: string, email: string, why: string) => ({
  name,
  email,
  phone: '928-555-0102',
  'answer-home-type': 'House',
  'answer-own-or-rent': 'Own',
  'answer-yard': 'A big one.',
  'answer-household': 'Two adults.',
  'answer-allergies': 'No',
  'answer-hours-alone': '2',
  'answer-dogs-before': 'A collie.',
  'answer-why': why,
  'answer-vet-phone': '(928) 555-0199',
});

describe('applications in the inbox: the waitlist count and filter, the search', () => {
  const tempDataDir = suiteTempDirs('applications-inbox');
  let server: RunningServer;
  let admin: PuppyClient;
  let litterId = '';

  before(async () => {
    const dataDir = await tempDataDir();
    server = await startServer({ dataDir, env: { INQUIRY_RATE_LIMIT: 'off' } });
    admin = await puppyAdmin(server.url, dataDir);
  });
  after(() => server?.stop());

  const overview = async () =>
    (await (await admin.send('GET', '/api/sales/overview')).json()) as SalesOverview;
  const inbox = async (query: string) =>
    (await (await admin.send('GET', `/api/inbox?${query}`)).json()) as InboxPage;
  const names = (page: InboxPage) => page.items.map((item) => item.name).sort();
  const apply = async (fields: Record<string, string>) => {
    const res = await fetch(`${server.url}/apply/${litterId}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url },
      body: new URLSearchParams(fields).toString(),
    });
    assert.equal(res.status, 303);
  };
  const idOf = async (name: string) =>
    (await inbox(`q=${encodeURIComponent(name)}`)).items.find((item) => item.name === name)?.id as string;

  test('a fresh install: "0 on waitlist", nothing to decide', async () => {
    const line = await overview();
    assert.equal(line.waitlist, 0);
    assert.equal(line.applied, 0);
    assert.equal((await inbox('status=waitlist')).statuses.waitlist, 0);
  });

  test('an approved family counts on the waitlist and is listed by its filter; "Approved" stays its own', async () => {
    const made = await admin.send('POST', '/api/litters', {
      name: LITTER,
      mother: 'Juniper',
      father: 'Scout',
      status: 'planned',
      expected: '2027-06',
      description: '',
      shown: true,
    });
    assert.equal(made.status, 201);
    litterId = ((await made.json()) as LitterList).litters.find((l) => l.name === LITTER)?.id as string;

    // One family joins the waitlist from the contact form, two apply; she approves one.
    const joined = await postInquiry(server.url, {
      ...uniqueInquiry('joined'),
      name: 'Wren Waiting',
      puppy: `Waitlist: ${LITTER}`,
    });
    assert.equal(joined.status, 201);
    await apply(answers('Ada Approved', 'ada@example.com', 'We met a doodle called Zanzibar.'));
    await apply(answers('Pat Pending', 'pat@example.com', 'Gentle dogs.'));
    const approve = await admin.send(
      'POST',
      `/api/inquiries/${await idOf('Ada Approved')}/application/approve`,
      {},
    );
    assert.equal(approve.status, 200);

    const line = await overview();
    assert.equal(line.waitlist, 2, '"{w} on waitlist": the family that joined and the approved one');
    assert.equal(line.applied, 1);
    const waiting = await inbox('status=waitlist');
    assert.deepEqual(names(waiting), ['Ada Approved', 'Wren Waiting']);
    assert.equal(waiting.matched, 2);
    assert.equal(waiting.statuses.waitlist, 2, "the filter's count is what it lists");
    assert.equal(waiting.statuses.approved, 1);
    assert.equal(waiting.statuses.applied, 1);
    assert.deepEqual(names(await inbox('status=approved')), ['Ada Approved']);
    assert.deepEqual(names(await inbox('status=applied')), ['Pat Pending']);
    // Each family is on the litter's waitlist once.
    const list = (await (await admin.send('GET', '/api/waitlist')).json()) as {
      families: { name: string }[];
    };
    assert.deepEqual(list.families.map((family) => family.name).sort(), ['Ada Approved', 'Wren Waiting']);
  });

  test("the search finds an application by its answers, not by the questions' words", async () => {
    assert.deepEqual(names(await inbox('q=zanzibar')), ['Ada Approved']);
    assert.deepEqual(names(await inbox('q=ZANZÍBAR')), ['Ada Approved'], 'case and accents folded');
    assert.deepEqual(names(await inbox(`q=${encodeURIComponent('collie zanzibar')}`)), ['Ada Approved']);
    assert.deepEqual(names(await inbox('q=collie')), ['Ada Approved', 'Pat Pending']);
    // "breed" is only in a question ("Why this breed, and why us?"): no application matches it.
    assert.deepEqual(names(await inbox('q=breed')), []);
    // An answer a family typed as markup is searched as text.
    await apply(answers('Mo Markup', 'mo@example.com', '<script>alert("x")</script> quokka'));
    assert.deepEqual(names(await inbox('q=quokka')), ['Mo Markup']);
    assert.deepEqual(names(await inbox(`q=${encodeURIComponent('<script>')}`)), ['Mo Markup']);
  });
});

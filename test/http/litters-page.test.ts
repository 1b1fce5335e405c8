/**
 * Litters on `/` (issue 27) over HTTP against the built server: two planned litters shown, each a
 * card in "Our Next Litter" with its own choice, accepted only while shown; a family joining
 * renders nothing; two born litters group the puppies under their names, birth dates and ages;
 * a past litter's puppies leave "Happy Tails" for "Past Litters" with a family photo and quote;
 * hostile text stays text; a litter change renders `/` once (a new ETag), a request none.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { format } from 'date-fns/format';
import type { LitterList, LitterView } from '../../src/features/litters/litters';
import { pageStateOf, postInquiry, uniqueInquiry } from '../helpers/inquiries';
import { newPuppy, type PuppyClient, puppyAdmin, visitorView } from '../helpers/puppies';
import { type RunningServer, startServer } from '../helpers/server';
import { suiteTempDirs } from '../helpers/suite';

const HOSTILE = '<script>alert(1)</script>';
const planned = (name: string, expected: string) => ({
  name,
  mother: 'Luna',
  father: HOSTILE,
  status: 'planned',
  expected,
  description: `${HOSTILE}\n\nSecond paragraph.`,
  shown: true,
});

describe('litters on the public page', () => {
  const tempDataDir = suiteTempDirs('litters-page');
  let server: RunningServer;
  let admin: PuppyClient;

  before(async () => {
    const dataDir = await tempDataDir();
    server = await startServer({ dataDir, env: { INQUIRY_RATE_LIMIT: 'off' } });
    admin = await puppyAdmin(server.url, dataDir);
  });
  after(() => server?.stop());

  const litters = async (): Promise<LitterView[]> =>
    ((await (await admin.send('GET', '/api/litters')).json()) as LitterList).litters;
  const named = async (name: string) => {
    const found = (await litters()).find((litter) => litter.name === name);
    assert.ok(found, name);
    return found;
  };

  test('two planned litters shown: each in "Our Next Litter" with its own choice, accepted only while shown', async () => {
    const fresh = await visitorView(server.url);
    assert.equal(fresh.$('#next-litter').length, 0);
    assert.equal(
      await (await admin.send('POST', '/api/litters', planned('Luna × Bentley', '2027-03'))).status,
      201,
    );
    const one = await visitorView(server.url);
    assert.notEqual(one.etag, fresh.etag, 'a litter change renders / again');
    assert.equal(
      await (await admin.send('POST', '/api/litters', planned('Rosie × Max', '2027-05-14'))).status,
      201,
    );

    const view = await visitorView(server.url);
    const cards = view.$('#next-litter article');
    assert.deepEqual(cards.map((_, el) => view.$(el).find('h3').text()).get(), [
      'Luna × Bentley',
      'Rosie × Max',
    ]);
    assert.equal(cards.eq(1).find('dd').first().text(), 'May 14, 2027');
    assert.equal(cards.eq(0).find('dd').eq(1).text(), `Luna × ${HOSTILE}`);
    assert.equal(view.$('#next-litter script').length, 0, 'her words are text');
    assert.deepEqual(cards.map((_, el) => view.$(el).find('a[href="#contact"]').attr('data-puppy')).get(), [
      'Waitlist: Luna × Bentley',
      'Waitlist: Rosie × Max',
    ]);
    assert.deepEqual(view.options.slice(-2), ['Waitlist: Luna × Bentley', 'Waitlist: Rosie × Max']);

    // A family joins: the page is not rendered for it (same ETag), and waits for that litter.
    const joined = await postInquiry(server.url, {
      ...uniqueInquiry('join'),
      puppy: 'Waitlist: Rosie × Max',
    });
    assert.equal(joined.status, 201);
    const { id } = await joined.json();
    assert.equal((await visitorView(server.url)).etag, view.etag, 'a request buys no render');
    assert.deepEqual((await named('Rosie × Max')).waitlist, [id]);

    // Hidden: its choice is refused like an unknown puppy's.
    const rosie = await named('Rosie × Max');
    const hidden = await admin.send('PUT', `/api/litters/${rosie.id}`, {
      ...planned('Rosie × Max', '2027-05-14'),
      status: undefined,
      shown: false,
      version: rosie.version,
    });
    assert.equal(hidden.status, 200);
    const refused = await postInquiry(server.url, {
      ...uniqueInquiry('late'),
      puppy: 'Waitlist: Rosie × Max',
    });
    assert.equal(refused.status, 400);
    assert.deepEqual(
      pageStateOf((await visitorView(server.url)).html).nextLitters?.map((litter) => litter.name),
      ['Luna × Bentley'],
    );
  });

  test('two born litters: the puppies grouped under each name, birth date and age; one is the spec page again', async () => {
    const luna = await named('Luna × Bentley');
    // Born 20 days ago, not on a fixed date: a fixed one is months old some weeks later.
    const born = new Date(Date.now() - 20 * 24 * 3600_000).toISOString().slice(0, 10);
    const bornText = format(new Date(`${born}T12:00:00`), 'MMMM d, yyyy');
    assert.equal(
      (
        await admin.send('POST', `/api/litters/${luna.id}/born`, {
          born,
          version: luna.version,
        })
      ).status,
      200,
    );
    const single = await visitorView(server.url);
    const headings = (view: typeof single) =>
      view
        .$('#puppies h3, #sold-puppies h3')
        .filter((_, el) => view.$(el).next('p').text().startsWith('Born '));
    assert.equal(headings(single).length, 0, 'one litter with puppies: no groups');

    const photo = (await admin.list())[0]?.photos[0];
    assert.ok(photo);
    const added = await admin.send('POST', `/api/litters/${luna.id}/puppies`, newPuppy('Willow', photo));
    assert.equal(added.status, 201);
    const view = await visitorView(server.url);
    const groups = headings(view).filter((_, el) => view.$(el).closest('#puppies').length === 1);
    assert.deepEqual(groups.map((_, el) => view.$(el).text()).get(), [
      'Luna × Bentley',
      'February 2025 litter',
    ]);
    assert.match(groups.eq(0).next('p').text(), new RegExp(`^Born ${bornText} · \\d+ weeks? old$`));
    assert.match(groups.eq(1).next('p').text(), /^Born February 9, 2025 · \d+ (months|years) old$/);
    assert.ok(view.available.includes('Willow – The Sweetheart'), view.available.join(', '));
    // The sold puppies are grouped too (all of the first litter's).
    assert.equal(view.$('#sold-puppies h3').first().text(), 'February 2025 litter');
    assert.ok(
      view.offers.includes('Willow, F1B English Cream Goldendoodle puppy'),
      'the structured data follows the puppies',
    );
  });

  test('the first litter moved to the past: its sold puppies in "Past Litters" with a family photo and quote', async () => {
    const puppies = await admin.list();
    const maple = puppies.find((puppy) => puppy.name === 'Maple');
    assert.ok(maple);
    const photo = puppies[0]?.photos[0];
    assert.ok(photo);
    const bad = await admin.send('PUT', `/api/puppies/${maple.id}/family`, {
      photo: { id: 'nope', alt: 'x' },
      quote: '',
    });
    assert.equal(bad.status, 400);
    const available = puppies.find((puppy) => puppy.status === 'available');
    const notSold = await admin.send('PUT', `/api/puppies/${available?.id}/family`, {
      photo: null,
      quote: 'Hi',
    });
    assert.equal(notSold.status, 409);
    const family = await admin.send('PUT', `/api/puppies/${maple.id}/family`, {
      photo: { id: photo.id, alt: 'Maple with the Anderson family' },
      quote: `${HOSTILE} We love her!`,
    });
    assert.equal(family.status, 200);

    const first = await named('February 2025 litter');
    assert.equal(
      (await admin.send('POST', `/api/litters/${first.id}/past`, { version: first.version })).status,
      200,
    );
    const view = await visitorView(server.url);
    const past = view.$('#past-litters');
    assert.equal(past.find('h2').text(), 'Past Litters');
    assert.equal(past.find('article h3').text(), 'February 2025 litter');
    assert.match(past.find('article p').first().text(), /^Born February 9, 2025/);
    assert.ok(past.text().includes('Maple'));
    assert.equal(past.find('blockquote').text(), `${HOSTILE} We love her!`);
    assert.equal(past.find('script').length, 0);
    assert.ok(past.find('img[alt="Maple with the Anderson family"]').length === 1);
    assert.equal(view.$('#sold-puppies').length, 0, 'its sold puppies left Happy Tails');
    // After the sold puppies' place, before Why Choose.
    const order = view
      .$('main > section')
      .map((_, el) => view.$(el).attr('id'))
      .get();
    assert.ok(order.indexOf('past-litters') > order.indexOf('puppies'));
    assert.ok(order.indexOf('past-litters') < order.indexOf('why-choose'));
  });
});

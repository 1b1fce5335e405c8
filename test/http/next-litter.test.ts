/**
 * The next litter (issue 20) over HTTP against the built server: the admin API's rules (401,
 * cross-site 403, bad input refused with nothing changed, durable before the answer), `/` with
 * "Our Next Litter" and a new ETag once shown, the dropdown's "Waitlist: Next litter" accepted
 * only while shown, such inquiries "On waitlist" in order, and her words shown as text.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { NextLitter } from '../../src/features/sales/next-litter';
import type { Waitlist } from '../../src/shared/sales';
import { pageStateOf, postForm, postInquiry, uniqueInquiry } from '../helpers/inquiries';
import { type PuppyClient, puppyAdmin, visitorView } from '../helpers/puppies';
import { type RunningServer, startServer } from '../helpers/server';
import { suiteTempDirs } from '../helpers/suite';

// Since issue 27 the block is the first planned litter, "Next litter", and its choice is named after it.
const CHOICE = 'Waitlist: Next litter';
const SHOWN: NextLitter = {
  shown: true,
  expected: '2027-03',
  parents: 'Daisy × Toby',
  description: 'Cream and apricot puppies.\n\nPuppies go home at 8 weeks.',
};

describe('the next litter: settings, the section on /, the waitlist choice', () => {
  const tempDataDir = suiteTempDirs('next-litter');
  let server: RunningServer;
  let dataDir: string;
  let admin: PuppyClient;

  before(async () => {
    dataDir = await tempDataDir();
    server = await startServer({ dataDir, env: { INQUIRY_RATE_LIMIT: 'off' } });
    admin = await puppyAdmin(server.url, dataDir);
  });
  after(() => server?.stop());

  const put = (body: unknown, headers: Record<string, string> = {}) =>
    admin.send('PUT', '/api/next-litter', body, headers);
  const salesFile = async () => JSON.parse(await readFile(path.join(dataDir, 'sales.json'), 'utf8'));
  /** The block as litters.json keeps it: the first planned litter (issue 27), if any. */
  const storedBlock = async () => {
    const stored = JSON.parse(await readFile(path.join(dataDir, 'litters.json'), 'utf8'));
    const litter = stored.litters.find((item: { status: string }) => item.status === 'planned');
    if (!litter) return null;
    const parents = [litter.mother, litter.father].filter(Boolean).join(' × ');
    return { shown: litter.shown, expected: litter.expected, parents, description: litter.description };
  };
  const waitlist = async (): Promise<Waitlist> => (await admin.send('GET', '/api/waitlist')).json();

  test('hidden at first: the API says so, / has no section and the dropdown no choice, and the choice is refused', async () => {
    const res = await admin.send('GET', '/api/next-litter');
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { shown: false, expected: '', parents: '', description: '' });
    const view = await visitorView(server.url);
    assert.equal(view.$('#next-litter').length, 0);
    assert.ok(!view.options.includes(CHOICE), view.options.join(', '));
    assert.equal(pageStateOf(view.html).nextLitters, undefined);

    // The same refusal as a puppy that is not offered.
    const refused = await postInquiry(server.url, { ...uniqueInquiry('hidden'), puppy: CHOICE });
    assert.equal(refused.status, 400);
    const unknown = await postInquiry(server.url, { ...uniqueInquiry('hidden'), puppy: 'Nobody' });
    assert.deepEqual(await refused.json(), await unknown.json());
  });

  test('401 without a session, 403 from another site, for the read and the change; nothing stored', async () => {
    for (const method of ['GET', 'PUT']) {
      const anonymous = await fetch(`${server.url}/api/next-litter`, {
        method,
        headers: { 'Content-Type': 'application/json' },
        body: method === 'PUT' ? JSON.stringify(SHOWN) : undefined,
      });
      assert.equal(anonymous.status, 401, method);
      assert.equal(typeof (await anonymous.json()).message, 'string');
      const crossSite = await admin.send(method, '/api/next-litter', method === 'PUT' ? SHOWN : undefined, {
        Origin: 'https://evil.example',
        'Sec-Fetch-Site': 'cross-site',
      });
      assert.equal(crossSite.status, 403, method);
    }
    assert.equal(await storedBlock(), null, 'nothing was written');
  });

  test('bad input: 400 with a message and field errors, nothing changed', async () => {
    const before = await admin.send('GET', '/api/next-litter').then((res) => res.json());
    const cases: [unknown, string][] = [
      [{ ...SHOWN, expected: '2027-13' }, 'expected'],
      [{ ...SHOWN, expected: '2027-02-30' }, 'expected'],
      [{ ...SHOWN, expected: 'next spring' }, 'expected'],
      [{ ...SHOWN, parents: 'x'.repeat(121) }, 'parents'],
      [{ ...SHOWN, description: 'x'.repeat(601) }, 'description'],
      [{ ...SHOWN, shown: 'yes' }, 'shown'],
      [{ ...SHOWN, extra: 1 }, 'form'],
      [{ shown: true }, 'expected'],
    ];
    for (const [body, field] of cases) {
      const res = await put(body);
      assert.equal(res.status, 400, JSON.stringify(body).slice(0, 80));
      const answer = await res.json();
      assert.equal(typeof answer.message, 'string');
      assert.equal(typeof answer.errors?.[field], 'string', `${field}: ${JSON.stringify(answer)}`);
    }
    for (const body of ['not json', '[]']) assert.equal((await put(body)).status, 400, body);
    assert.deepEqual(await admin.send('GET', '/api/next-litter').then((res) => res.json()), before);
    assert.equal((await visitorView(server.url)).$('#next-litter').length, 0);
  });

  test('shown: on disk when answered; / has the section with a new ETag, the date in words, the choice last', async () => {
    const before = await visitorView(server.url);
    const res = await put({ ...SHOWN, parents: '  Daisy × Toby  ' });
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), SHOWN, 'answered as stored (trimmed)');
    assert.deepEqual(await storedBlock(), SHOWN);

    const view = await visitorView(server.url);
    assert.notEqual(view.etag, before.etag);
    const section = view.$('#next-litter');
    assert.equal(section.find('h2').text(), 'Our Next Litter');
    assert.equal(section.attr('aria-labelledby'), section.find('h2').attr('id'));
    assert.deepEqual(
      section
        .find('dt')
        .map((_, el) => `${view.$(el).text()}: ${view.$(el).next('dd').text()}`)
        .get(),
      ['Expected: March 2027', 'Parents: Daisy × Toby'],
    );
    assert.deepEqual(
      section
        .find('p')
        .map((_, el) => view.$(el).text())
        .get(),
      ['Cream and apricot puppies.', 'Puppies go home at 8 weeks.'],
    );
    const join = section.find('a').first();
    assert.equal(join.text(), 'Join the Waitlist');
    // Issue 29: beside it, the litter's application page.
    assert.match(section.find('a').last().attr('href') ?? '', /^\/apply\/[0-9a-f-]{36}$/);
    assert.equal(join.attr('href'), '#contact', 'a link to the form: works with scripts off');
    // Between the sold puppies (and Meet the Parents, when present) and "why choose".
    const order = view
      .$('main > section')
      .map((_, el) => view.$(el).attr('id') ?? '')
      .get()
      .filter(Boolean);
    assert.ok(order.indexOf('sold-puppies') < order.indexOf('next-litter'), order.join(' '));
    assert.equal(order[order.indexOf('next-litter') + 1], 'why-choose', order.join(' '));
    assert.equal(view.options.at(-1), CHOICE);

    // A day is written as one too.
    await put({ ...SHOWN, expected: '2027-03-14' });
    assert.equal((await visitorView(server.url)).$('#next-litter dd').first().text(), 'March 14, 2027');
    await put(SHOWN);
  });

  test('a family naming the next litter arrives "On waitlist", last in line; by the API and the scripts-off form', async () => {
    const first = await postInquiry(server.url, {
      ...uniqueInquiry('w1'),
      name: 'First Family',
      puppy: CHOICE,
    });
    assert.equal(first.status, 201);
    const firstId = (await first.json()).id;
    const form = await postForm(server.url, {
      name: 'Second Family',
      email: 'second@example.com',
      puppy: CHOICE,
      message: 'Please keep us a place for the next litter.',
    });
    assert.equal(form.status, 303);
    const other = await postInquiry(server.url, { ...uniqueInquiry('other'), name: 'Other Family' });
    assert.equal(other.status, 201);

    const list = await waitlist();
    assert.deepEqual(
      list.families.map((family) => [family.place, family.name]),
      [
        [1, 'First Family'],
        [2, 'Second Family'],
      ],
    );
    const stored = await salesFile();
    assert.equal(stored.inquiries[firstId].status, 'waitlist');
    const inbox = await (await admin.send('GET', '/api/inbox')).json();
    assert.equal(inbox.statuses.waitlist, 2);
    assert.equal(inbox.statuses.new, 1);
  });

  test('a puppy may not be named like the choice', async () => {
    const [photo] = (await admin.list())[0]?.photos ?? [];
    assert.ok(photo);
    const res = await admin.send('POST', '/api/puppies', {
      name: 'next litter (waitlist)',
      title: 'A title',
      description: 'A description.',
      coat: 'Wavy',
      color: 'Cream',
      personality: 'Gentle',
      photos: [{ id: photo.id, alt: 'A puppy' }],
    });
    assert.equal(res.status, 400);
    assert.equal((await res.json()).errors?.name, 'Choose another name');
  });

  test('her words are text: hostile markup is shown as typed, never as HTML', async () => {
    const hostile = {
      shown: true,
      expected: '',
      parents: '<img src=x onerror=alert(1)>',
      description: '<script>alert("x")</script>\n\n</script><b onerror=alert(2)>bold</b>',
    };
    assert.equal((await put(hostile)).status, 200);
    const view = await visitorView(server.url);
    const section = view.$('#next-litter');
    assert.equal(section.find('script, img, b').length, 0);
    assert.equal(section.find('dd').text(), hostile.parents);
    assert.deepEqual(
      section
        .find('p')
        .map((_, el) => view.$(el).text())
        .get(),
      ['<script>alert("x")</script>', '</script><b onerror=alert(2)>bold</b>'],
    );
    assert.equal(section.find('dt').length, 1, 'no "Expected" without a date');
    // The page state carries the text too, and cannot close its script element (it parses whole).
    const [shownLitter] = pageStateOf(view.html).nextLitters ?? [];
    assert.match(shownLitter?.apply ?? '', /^\/apply\//, 'its application page (issue 29)');
    assert.deepEqual(
      pageStateOf(view.html).nextLitters?.map(({ apply: _, ...litter }) => litter),
      [
        {
          name: 'Next litter',
          choice: CHOICE,
          expected: '',
          parents: hostile.parents,
          description: hostile.description,
        },
      ],
    );
  });

  test('with no puppy available, the puppies section points to the next litter; hidden again, / is as before', async () => {
    await put(SHOWN);
    for (const puppy of await admin.list()) {
      if (puppy.status !== 'available') continue;
      const res = await admin.send('POST', `/api/puppies/${puppy.id}/sold`, {
        description: 'Welcome home!',
        version: puppy.version,
      });
      assert.equal(res.status, 200, await res.clone().text());
    }
    const view = await visitorView(server.url);
    const pointer = view.$('#puppies a[href="#next-litter"]');
    assert.equal(pointer.text(), 'join the waitlist');
    assert.match(pointer.parent().text(), /Our next litter is on the way: join the waitlist\.$/);
    assert.deepEqual(view.options, ['All puppies / Not sure yet', CHOICE]);

    assert.equal((await put({ ...SHOWN, shown: false })).status, 200);
    const hidden = await visitorView(server.url);
    assert.equal(hidden.$('#next-litter').length, 0);
    assert.equal(hidden.$('#puppies a[href="#next-litter"]').length, 0);
    assert.deepEqual(hidden.options, ['All puppies / Not sure yet']);
    assert.equal(pageStateOf(hidden.html).nextLitters, undefined);
    const refused = await postInquiry(server.url, { ...uniqueInquiry('late'), puppy: CHOICE });
    assert.equal(refused.status, 400);
  });
});

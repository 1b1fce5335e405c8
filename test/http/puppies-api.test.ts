/**
 * The litter manager's API against the built server: every change reaches `/` (cards, sold cards,
 * dropdown, JSON-LD, the server's inquiry check) at once, only the admin may change anything, and
 * bad input of every kind gets a 4xx with a message and changes nothing.
 */
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fixtureDir, pngPhoto } from '../fixtures/photos';
import { inquireAbout, newPuppy, type PuppyClient, puppyAdmin, visitorView } from '../helpers/puppies';
import { type RunningServer, startServer } from '../helpers/server';

describe('the litter manager API', () => {
  let server: RunningServer;
  let admin: PuppyClient;
  let png: string;

  before(async () => {
    server = await startServer({ env: { INQUIRY_RATE_LIMIT: 'off' } });
    admin = await puppyAdmin(server.url, server.dataDir);
    png = await pngPhoto(await fixtureDir());
  });
  after(() => server?.stop());

  const puppiesFile = () => readFile(path.join(server.dataDir, 'puppies.json'), 'utf8');
  const photoFiles = () => readdir(path.join(server.dataDir, 'photos'));

  test('a fresh install lists today’s puppies in page order, their photos copied into DATA_DIR', async () => {
    const puppies = await admin.list();
    assert.deepEqual(
      puppies.map((p) => [p.name, p.status]),
      [
        ['Daisy', 'available'],
        ['Luna', 'available'],
        ['Maple', 'sold'],
        ['Honey', 'sold'],
        ['Biscuit', 'sold'],
        ['Clover', 'sold'],
        ['Pearl', 'sold'],
      ],
    );
    const view = await visitorView(server.url);
    assert.deepEqual(view.options, ['All puppies / Not sure yet', 'Daisy', 'Luna']);
    const src = puppies[0]?.photos[0]?.variants.src ?? '';
    assert.match(src, /^\/media\/[A-Za-z0-9_-]{16}-800\.jpg$/);
    const res = await fetch(`${server.url}${src}`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'image/jpeg');
    assert.equal(res.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  });

  test('without a session every call is 401; from another site 403; nothing changes', async () => {
    const before = await puppiesFile();
    const anonymous = [
      ['GET', '/api/puppies'],
      ['POST', '/api/puppies'],
      ['PUT', '/api/puppies/seed-available-1'],
      ['POST', '/api/puppies/seed-available-1/sold'],
      ['POST', '/api/puppies/seed-available-1/move'],
      ['DELETE', '/api/puppies/seed-available-1'],
      ['POST', '/api/photos'],
    ];
    for (const [method, url] of anonymous) {
      const res = await fetch(`${server.url}${url}`, {
        method,
        headers: { 'Content-Type': 'application/json' },
        body: method === 'GET' ? undefined : '{"version":1}',
      });
      assert.equal(res.status, 401, `${method} ${url}`);
      assert.ok(((await res.json()) as { message: string }).message);
    }
    const crossSite = await admin.send(
      'DELETE',
      '/api/puppies/seed-available-1',
      { version: 1 },
      {
        Origin: 'https://evil.example',
      },
    );
    assert.equal(crossSite.status, 403);
    const upload = await fetch(`${server.url}/api/photos`, {
      method: 'POST',
      headers: { Cookie: admin.cookie, 'Sec-Fetch-Site': 'cross-site' },
      body: await readFile(png),
    });
    assert.equal(upload.status, 403);
    assert.equal(await puppiesFile(), before);
  });

  test('add a puppy with two photos: the page, the dropdown, the JSON-LD and the inquiry check follow', async () => {
    const before = await visitorView(server.url);
    const one = await admin.uploaded(png, 'image/png');
    const two = await admin.uploaded(png, 'application/octet-stream');
    const res = await admin.send('POST', '/api/puppies', newPuppy('Rosie', one, two));
    assert.equal(res.status, 201);
    const view = await visitorView(server.url);
    assert.notEqual(view.etag, before.etag);
    assert.deepEqual(view.available, [
      'Daisy – The Charismatic Star',
      'Luna – The Playful Princess',
      'Rosie – The Sweetheart',
    ]);
    assert.deepEqual(view.options.at(-1), 'Rosie');
    assert.ok(view.offers.some((name) => name.startsWith('Rosie')));
    assert.ok(view.offerImages.some((url) => url.endsWith(`/media/${one.id}-1000.jpg`)));
    assert.match(view.$('#puppies article').last().text(), /2 photos/);
    assert.equal((await inquireAbout(server.url, 'Rosie')).status, 201);
  });

  test('bad input of every kind is a 400 with messages beside the fields, and changes nothing', async () => {
    const before = await puppiesFile();
    const [photo] = (await admin.find('Rosie')).photos;
    assert.ok(photo);
    const cases: [unknown, string][] = [
      [{ ...newPuppy('', photo), title: ' ' }, 'name'],
      [newPuppy('rosie', photo), 'name'],
      [newPuppy('no-preference', photo), 'name'],
      [{ ...newPuppy('Ivy', photo), photos: [] }, 'photos'],
      [{ ...newPuppy('Ivy', photo), photos: [{ id: photo.id, alt: '' }] }, 'photos.0.alt'],
      [{ ...newPuppy('Ivy', photo), photos: [{ id: 'AAAAAAAAAAAAAAAA', alt: 'x' }] }, 'photos.0.id'],
      [{ ...newPuppy('Ivy', photo), photos: [{ id: '../../users', alt: 'x' }] }, 'photos.0.id'],
      [{ ...newPuppy('Ivy', photo), description: 'x'.repeat(1001) }, 'description'],
      [[1, 2], 'form'],
    ];
    for (const [body, field] of cases) {
      const res = await admin.send('POST', '/api/puppies', body);
      assert.equal(res.status, 400, JSON.stringify(body));
      const answer = (await res.json()) as { message: string; errors: Record<string, string> };
      assert.ok(answer.message);
      assert.ok(answer.errors[field], `${field}: ${JSON.stringify(answer.errors)}`);
    }
    const notJson = await admin.send('POST', '/api/puppies', undefined, { 'Content-Type': 'text/plain' });
    assert.ok([400, 415].includes(notJson.status));
    const unknown = await admin.send('PUT', '/api/puppies/nope', { ...newPuppy('Ivy', photo), version: 1 });
    assert.equal(unknown.status, 404);
    assert.equal(await puppiesFile(), before);
  });

  test('a save based on an older version is refused with 409 and a message to reload', async () => {
    const rosie = await admin.find('Rosie');
    const body = { ...newPuppy('Rosie', ...rosie.photos), version: rosie.version };
    const first = await admin.send('PUT', `/api/puppies/${rosie.id}`, {
      ...body,
      title: 'Rosie – The Snuggler',
    });
    assert.equal(first.status, 200);
    const before = await puppiesFile();
    const second = await admin.send('PUT', `/api/puppies/${rosie.id}`, {
      ...body,
      title: 'Rosie – Stale Tab',
    });
    assert.equal(second.status, 409);
    assert.match(((await second.json()) as { message: string }).message, /Reload/);
    assert.equal(await puppiesFile(), before);
    assert.ok((await visitorView(server.url)).available.includes('Rosie – The Snuggler'));
  });

  test('a sold puppy is edited with its own fields and exactly one photo', async () => {
    const maple = await admin.find('Maple');
    const [photo] = maple.photos;
    assert.ok(photo);
    const body = {
      name: 'Maple',
      title: 'Maple – Sold!',
      description: 'Maple now lives with the Anderson family in Prescott.',
      photos: [{ id: photo.id, alt: photo.alt }],
      version: maple.version,
    };
    const two = await admin.send('PUT', `/api/puppies/${maple.id}`, {
      ...body,
      photos: [body.photos[0], body.photos[0]],
    });
    assert.equal(two.status, 400);
    assert.equal(
      ((await two.json()) as { errors: Record<string, string> }).errors.photos,
      'A sold puppy has exactly one photo',
    );
    assert.equal((await admin.send('PUT', `/api/puppies/${maple.id}`, body)).status, 200);
    assert.match(
      (await visitorView(server.url)).$('#sold-puppies article').first().text(),
      /Anderson family in Prescott/,
    );
  });

  test('move up: the page order follows', async () => {
    const rosie = await admin.find('Rosie');
    const res = await admin.send('POST', `/api/puppies/${rosie.id}/move`, {
      direction: 'up',
      version: rosie.version,
    });
    assert.equal(res.status, 200);
    assert.deepEqual((await visitorView(server.url)).options, [
      'All puppies / Not sure yet',
      'Daisy',
      'Rosie',
      'Luna',
    ]);
  });

  test('mark as sold: top of the sold list, "Rosie – Sold!", one photo; the inquiry check refuses her', async () => {
    const rosie = await admin.find('Rosie');
    const [main, extra] = rosie.photos;
    assert.ok(main && extra);
    const res = await admin.send('POST', `/api/puppies/${rosie.id}/sold`, {
      description: 'Congratulations to the Parker family!',
      version: rosie.version,
    });
    assert.equal(res.status, 200);
    const view = await visitorView(server.url);
    assert.equal(view.sold[0], 'Rosie – Sold!');
    assert.ok(!view.options.includes('Rosie'));
    assert.ok(!view.offers.some((name) => name.startsWith('Rosie')));
    const refused = await inquireAbout(server.url, 'Rosie');
    assert.equal(refused.status, 400);
    assert.deepEqual(((await refused.json()) as { errors: object }).errors, {
      puppy: 'Please choose one of the available puppies',
    });
    const files = await photoFiles();
    assert.ok(
      files.some((name) => name.startsWith(main.id)),
      'the main photo stays',
    );
    assert.ok(!files.some((name) => name.startsWith(extra.id)), 'the other photo’s files are deleted');
  });

  test('remove: gone from the page, its photo’s files deleted', async () => {
    const rosie = await admin.find('Rosie');
    const res = await admin.send('DELETE', `/api/puppies/${rosie.id}`, { version: rosie.version });
    assert.equal(res.status, 200);
    assert.ok(!(await visitorView(server.url)).sold.includes('Rosie – Sold!'));
    assert.ok(!(await photoFiles()).some((name) => name.startsWith(rosie.photos[0]?.id ?? '-')));
  });

  test('with no puppy available the page and the form say so, and the dropdown has only "no preference"', async () => {
    for (const name of ['Daisy', 'Luna']) {
      const puppy = await admin.find(name);
      const res = await admin.send('POST', `/api/puppies/${puppy.id}/sold`, {
        description: 'Congrats!',
        version: puppy.version,
      });
      assert.equal(res.status, 200);
    }
    const view = await visitorView(server.url);
    assert.deepEqual(view.available, []);
    assert.equal(view.$('#puppies article').length, 0, 'no empty grid of cards');
    assert.match(view.$('#puppies').text(), /All of our puppies have found their forever homes/);
    assert.deepEqual(view.options, ['All puppies / Not sure yet']);
    assert.match(view.$('#contact-no-puppies').text(), /All our puppies have found homes for now/);
    assert.deepEqual(view.offers, ['Two F1B English Cream Goldendoodle puppies']);
    assert.equal((await inquireAbout(server.url, 'Daisy')).status, 400);
  });
});

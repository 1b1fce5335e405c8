import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { HeldReservations, InquirySaleAnswer } from '../../src/shared/sales';
import { postInquiry, uniqueInquiry } from '../helpers/inquiries';
import { inquireAbout, type PuppyClient, puppyAdmin, visitorView } from '../helpers/puppies';
import { type RunningServer, startServer } from '../helpers/server';
import { suiteTempDirs } from '../helpers/suite';

const SOLD_MESSAGE = 'Please choose one of the available puppies';

describe('reservations: a puppy held for a family, from the dashboard to the public page', () => {
  const tempDataDir = suiteTempDirs('reservations-api');
  let server: RunningServer;
  let dataDir: string;
  let admin: PuppyClient;
  let alpha: string;
  let bravo: string;

  before(async () => {
    dataDir = await tempDataDir();
    server = await startServer({ dataDir, env: { INQUIRY_RATE_LIMIT: 'off' } });
    admin = await puppyAdmin(server.url, dataDir);
    const post = async (name: string) =>
      (
        await (
          await postInquiry(server.url, { ...uniqueInquiry(name.split(' ')[0] ?? 'family'), name })
        ).json()
      ).id as string;
    alpha = await post('Alpha Family');
    bravo = await post('Bravo Family');
  });
  after(() => server?.stop());

  const send = async (url: string, body: unknown) => admin.send('POST', url, body);
  const ok = async (url: string, body: unknown): Promise<InquirySaleAnswer> => {
    const res = await send(url, body);
    assert.equal(res.status, 200, `${url}: ${await res.clone().text()}`);
    return res.json();
  };
  const salesFile = () => readFile(path.join(dataDir, 'sales.json'), 'utf8');
  const held = async (): Promise<HeldReservations> => (await admin.send('GET', '/api/reservations')).json();

  test('401 without a session, 403 from another site', async () => {
    const calls = [
      ['POST', `/api/inquiries/${alpha}/reservation`],
      ['POST', '/api/reservations/x/cancel'],
      ['POST', '/api/reservations/x/went-home'],
      ['GET', '/api/reservations'],
      ['GET', '/api/sales/overview'],
    ] as const;
    for (const [method, url] of calls) {
      const anonymous = await fetch(`${server.url}${url}`, {
        method,
        headers: { 'Content-Type': 'application/json' },
        body: method === 'POST' ? '{}' : undefined,
      });
      assert.equal(anonymous.status, 401, url);
      const crossSite = await admin.send(method, url, method === 'POST' ? {} : undefined, {
        'Sec-Fetch-Site': 'cross-site',
      });
      assert.equal(crossSite.status, 403, url);
    }
  });

  test('reserved with a deposit: the card, the dropdown, the JSON-LD and an inquiry naming it all follow', async () => {
    const daisy = await admin.find('Daisy');
    const answer = await ok(`/api/inquiries/${alpha}/reservation`, {
      puppyId: daisy.id,
      deposit: { amount: '$1,250.50', receivedOn: '2026-11-20', method: 'Zelle' },
      note: 'Picks her up on Dec 12',
    });
    assert.equal(answer.status, 'reserved');
    assert.deepEqual(answer.reservation?.deposit, {
      cents: 125050,
      receivedOn: '2026-11-20',
      method: 'Zelle',
    });
    assert.equal(answer.reservation?.puppyName, 'Daisy');
    assert.equal(answer.reservation?.state, 'held');
    assert.match(await salesFile(), /"cents":125050/, 'on disk when answered');

    const view = await visitorView(server.url);
    assert.deepEqual(view.available, ['Daisy – The Charismatic Star', 'Luna – The Playful Princess']);
    const card = view.$('#puppies article').first();
    assert.equal(card.find('[data-testid="reserved-badge"]').text(), 'Reserved');
    const button = card.find('button').filter((_, el) => view.$(el).text().trim() === 'Reserved');
    assert.equal(button.length, 1);
    assert.equal(button.text().trim(), 'Reserved');
    assert.notEqual(button.attr('disabled'), undefined);
    assert.equal(card.find('a[href="#contact"]').length, 0, 'no inquire link on a reserved card');
    assert.ok(!view.options.includes('Daisy'), 'Daisy left the dropdown');
    assert.ok(view.options.includes('Luna'));
    const ld = JSON.parse(view.$('script[type="application/ld+json"]').text());
    const offer = (name: string) =>
      ld.makesOffer.find((item: { itemOffered: { name: string } }) => item.itemOffered.name.startsWith(name));
    assert.equal(offer('Daisy').availability, 'https://schema.org/Reserved');
    assert.equal(offer('Luna').availability, 'https://schema.org/InStock');

    const refused = await inquireAbout(server.url, 'Daisy');
    assert.equal(refused.status, 400);
    assert.equal((await refused.json()).errors.puppy, SOLD_MESSAGE, 'the same message as a sold puppy');
    assert.equal((await inquireAbout(server.url, 'Luna')).status, 201);

    const list = await held();
    assert.deepEqual(
      list.reservations.map((item) => [item.puppyName, item.familyName, item.deposit?.cents]),
      [['Daisy', 'Alpha Family', 125050]],
    );
    const overview = await (await admin.send('GET', '/api/sales/overview')).json();
    assert.deepEqual(overview, {
      available: 1,
      reserved: 1,
      wentHome: 0,
      waitlist: 0,
      depositCents: 125050,
      applied: 0,
    });
  });

  test('one reservation per puppy (a second tab is told to reload), one held puppy per family', async () => {
    const daisy = await admin.find('Daisy');
    const luna = await admin.find('Luna');
    const second = await send(`/api/inquiries/${bravo}/reservation`, { puppyId: daisy.id });
    assert.equal(second.status, 409);
    assert.match(
      (await second.json()).message,
      /Daisy was just reserved in another tab or window\. Reload the page/,
    );
    const again = await send(`/api/inquiries/${alpha}/reservation`, { puppyId: luna.id });
    assert.equal(again.status, 409);
    assert.match((await again.json()).message, /already has Daisy reserved/);
  });

  test('bad input: a 4xx with a message, and nothing stored changes', async () => {
    const before = await salesFile();
    const luna = await admin.find('Luna');
    const deposit = { amount: '300', receivedOn: '2026-11-20', method: 'Cash' };
    const cases: [string, unknown, number, string?][] = [
      [`/api/inquiries/${bravo}/reservation`, {}, 400, 'puppyId'],
      [`/api/inquiries/${bravo}/reservation`, { puppyId: 'no-such-puppy' }, 404],
      [`/api/inquiries/no-such-inquiry/reservation`, { puppyId: luna.id }, 404],
      [
        `/api/inquiries/${bravo}/reservation`,
        { puppyId: luna.id, deposit: { ...deposit, amount: 'abc' } },
        400,
        'deposit.amount',
      ],
      [
        `/api/inquiries/${bravo}/reservation`,
        { puppyId: luna.id, deposit: { ...deposit, amount: '-5' } },
        400,
        'deposit.amount',
      ],
      [
        `/api/inquiries/${bravo}/reservation`,
        { puppyId: luna.id, deposit: { ...deposit, amount: '0' } },
        400,
        'deposit.amount',
      ],
      [
        `/api/inquiries/${bravo}/reservation`,
        { puppyId: luna.id, deposit: { ...deposit, amount: '100000.01' } },
        400,
        'deposit.amount',
      ],
      [
        `/api/inquiries/${bravo}/reservation`,
        { puppyId: luna.id, deposit: { ...deposit, amount: '1.234' } },
        400,
        'deposit.amount',
      ],
      [
        `/api/inquiries/${bravo}/reservation`,
        { puppyId: luna.id, deposit: { ...deposit, receivedOn: '2026-02-30' } },
        400,
        'deposit.receivedOn',
      ],
      [
        `/api/inquiries/${bravo}/reservation`,
        { puppyId: luna.id, deposit: { ...deposit, method: 'Bitcoin' } },
        400,
        'deposit.method',
      ],
      [`/api/inquiries/${bravo}/reservation`, { puppyId: luna.id, note: 'x'.repeat(2001) }, 400, 'note'],
      [`/api/inquiries/${bravo}/reservation`, { puppyId: luna.id, admin: true }, 400],
      [`/api/inquiries/${bravo}/reservation`, [luna.id], 400],
      ['/api/reservations/no-such/cancel', {}, 404],
      ['/api/reservations/no-such/went-home', { note: 'Congratulations!' }, 404],
    ];
    for (const [url, body, status, field] of cases) {
      const res = await send(url, body);
      assert.equal(res.status, status, `${url} ${JSON.stringify(body).slice(0, 80)}`);
      const answer = await res.json();
      assert.equal(typeof answer.message, 'string');
      if (field) assert.equal(typeof answer.errors?.[field], 'string', `${field}: ${JSON.stringify(answer)}`);
    }
    assert.equal(await salesFile(), before);
  });

  test('cancelled (with a note): the puppy is available again, the family "Contacted"', async () => {
    const [reservation] = (await held()).reservations;
    assert.ok(reservation);
    const answer = await ok(`/api/reservations/${reservation.id}/cancel`, {
      note: 'Deposit refunded by Zelle',
    });
    assert.equal(answer.status, 'contacted');
    assert.equal(answer.reservation, null);
    assert.match(await salesFile(), /"cancelNote":"Deposit refunded by Zelle"/);
    const view = await visitorView(server.url);
    assert.equal(view.$('[data-testid="reserved-badge"]').length, 0);
    assert.ok(view.options.includes('Daisy'));
    assert.equal((await inquireAbout(server.url, 'Daisy')).status, 201);
    const twice = await send(`/api/reservations/${reservation.id}/cancel`, {});
    assert.equal(twice.status, 404);
  });

  test('reserved again, then "Went home": the litter manager\'s sale, top of the sold list, count follows', async () => {
    const daisy = await admin.find('Daisy');
    const reserved = await ok(`/api/inquiries/${alpha}/reservation`, { puppyId: daisy.id });
    assert.equal(reserved.reservation?.deposit, null);
    const id = reserved.reservation?.id as string;
    const refused = await send(`/api/reservations/${id}/went-home`, { note: '   ' });
    assert.equal(refused.status, 400);
    const answer = await ok(`/api/reservations/${id}/went-home`, { note: 'Welcome home, Daisy!' });
    assert.equal(answer.status, 'went-home');
    assert.equal(answer.reservation?.state, 'went-home');

    const sold = await admin.find('Daisy');
    assert.equal(sold.status, 'sold');
    assert.equal(sold.title, 'Daisy – Sold!');
    assert.equal(sold.description, 'Welcome home, Daisy!');
    const view = await visitorView(server.url);
    assert.deepEqual(view.available, ['Luna – The Playful Princess']);
    assert.equal(view.sold[0], 'Daisy – Sold!');
    assert.ok(!view.options.includes('Daisy'));
    assert.deepEqual((await held()).reservations, []);
  });

  test('a reserved puppy sold from the litter manager went home with its family', async () => {
    const luna = await admin.find('Luna');
    await ok(`/api/inquiries/${bravo}/reservation`, {
      puppyId: luna.id,
      deposit: { amount: '300', receivedOn: '2026-11-21', method: 'Cash' },
    });
    const res = await admin.send('POST', `/api/puppies/${luna.id}/sold`, {
      description: 'Enjoy Luna!',
      version: luna.version,
    });
    assert.equal(res.status, 200);
    const inbox = await (await admin.send('GET', '/api/inbox')).json();
    const item = inbox.items.find((entry: { id: string }) => entry.id === bravo);
    assert.equal(item.sale.status, 'went-home');
    assert.equal(item.sale.reservation.state, 'went-home');
    assert.equal(item.sale.reservation.deposit.cents, 30000);
  });

  test('everything survives a restart', async () => {
    await server.stop();
    server = await startServer({ dataDir, env: { INQUIRY_RATE_LIMIT: 'off' } });
    admin = await puppyAdmin(server.url, dataDir);
    const inbox = await (await admin.send('GET', '/api/inbox')).json();
    const statuses = Object.fromEntries(
      inbox.items.map((entry: { name: string; sale: { status: string } }) => [entry.name, entry.sale.status]),
    );
    assert.equal(statuses['Alpha Family'], 'went-home');
    assert.equal(statuses['Bravo Family'], 'went-home');
    assert.deepEqual((await visitorView(server.url)).available, []);
    const overview = await (await admin.send('GET', '/api/sales/overview')).json();
    assert.deepEqual(overview, {
      available: 0,
      reserved: 0,
      wentHome: 2,
      waitlist: 0,
      depositCents: 0,
      applied: 0,
    });
  });
});

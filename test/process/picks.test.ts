/**
 * Pick day (issue 29, decision 132) over HTTP against the built server with a real SMTP peer:
 * "Start picks" and its refusals, the turn's email with the family's link, a choice out of turn,
 * two choices racing for one puppy (a family's own and her reservation), a pass, a window that
 * runs out under a moved server clock and a late choice; then a kill -9 during a turn and a
 * window that ran out while the site was down, moved on at the next start.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import * as cheerio from 'cheerio';
import type { ReservationView } from '../../src/shared/sales';
import { postInquiry } from '../helpers/inquiries';
import { bornLitter, familyLink, moveClock, pick, picksOf, statesOf, waitingFamily } from '../helpers/picks';
import { puppyAdmin } from '../helpers/puppies';
import { type RunningServer, startServer } from '../helpers/server';
import { until } from '../helpers/until';
import { type Peer, parseMail, startSmtpPeer } from '../peers/start-peer';

const cleanup: (() => Promise<unknown>)[] = [];
after(async () => {
  for (const step of cleanup.reverse()) await step();
});

async function setUp(label: string) {
  const smtp: Peer = await startSmtpPeer();
  cleanup.push(smtp.stop);
  const dataDir = await mkdtemp(path.join(tmpdir(), `picks-${label}-`));
  cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
  const clock = path.join(dataDir, '..', `${path.basename(dataDir)}-clock`);
  cleanup.push(() => rm(clock, { force: true }));
  const env = {
    INQUIRY_RATE_LIMIT: 'off',
    SPAM_FAST_SECONDS: '0',
    FAMILY_PAGE_RATE_LIMIT: '1000',
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    NOTIFY_EMAIL: 'breeder@doodles.test',
    PUBLIC_URL: 'https://doodles.test',
    TZ: 'America/Phoenix',
    PICKS_CLOCK_FILE: clock,
  };
  const server = await startServer({ dataDir, env, keepData: true });
  const admin = await puppyAdmin(server.url, dataDir);
  return { smtp, dataDir, clock, env, server, admin };
}

const turnMails = async (smtp: Peer) => {
  const found = [];
  for (const file of await smtp.files()) {
    const mail = await parseMail(file);
    if (mail.subject === 'It is your turn to choose your puppy') found.push(mail);
  }
  return found;
};
const mailTo = (mail: Awaited<ReturnType<typeof parseMail>>) =>
  mail.to && 'text' in mail.to ? mail.to.text : '';

test('pick day: start, the turn email, out of turn, a race for one puppy, a pass, a window run out, a late choice', async () => {
  const { smtp, clock, server, admin } = await setUp('day');
  cleanup.push(() => server.stop());
  const litter = await bornLitter(admin);
  const puppies = (await admin.list()).filter((puppy) => puppy.status === 'available');
  assert.ok(puppies.length >= 2, 'the seeded litter has puppies to choose');
  const [first, second] = puppies as [(typeof puppies)[0], (typeof puppies)[0]];

  const before = await picksOf(admin, litter.id);
  assert.equal(before.round, null);
  assert.equal(before.canStart, false, 'nobody waits yet');
  assert.equal(before.whyNot, 'No family is waiting for this litter.');

  const ann = await waitingFamily(server.url, admin, litter.id, '<b>Ann</b> & "Co"');
  const bea = await waitingFamily(server.url, admin, litter.id, 'Bea Second');
  const cal = await waitingFamily(server.url, admin, litter.id, 'Cal Third');
  // Someone who is not on the waitlist (she reserves for them by hand).
  const other = (await (
    await postInquiry(server.url, {
      name: 'Dot Other',
      email: 'dot@example.com',
      message: 'Hello, any puppy?',
    })
  ).json()) as { id: string };

  // Refusals change nothing: a window not offered, someone signed out, an unknown litter.
  for (const body of [{ windowHours: 12 }, { windowHours: '24' }, {}, { windowHours: 24, extra: 1 }]) {
    const res = await admin.send('POST', `/api/litters/${litter.id}/picks`, body);
    assert.equal(res.status, 400, JSON.stringify(body));
    assert.equal(
      ((await res.json()) as { message: string }).message,
      'Choose a window of 24, 48 or 72 hours',
    );
  }
  const signedOut = await fetch(`${server.url}/api/litters/${litter.id}/picks`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ windowHours: 24 }),
  });
  assert.equal(signedOut.status, 401);
  assert.equal((await admin.send('POST', '/api/litters/nope/picks', { windowHours: 24 })).status, 404);
  assert.equal((await picksOf(admin, litter.id)).round, null, 'nothing started');
  assert.equal((await admin.send('POST', `/api/litters/${litter.id}/picks/skip`, {})).status, 409);

  const started = await admin.send('POST', `/api/litters/${litter.id}/picks`, { windowHours: 24 });
  assert.equal(started.status, 200);
  const view = await picksOf(admin, litter.id);
  assert.deepEqual(statesOf(view), ['choosing', 'waiting', 'waiting']);
  assert.deepEqual(
    view.round?.turns.map((turn) => turn.name),
    ['<b>Ann</b> & "Co"', 'Bea Second', 'Cal Third'],
  );
  assert.equal(
    (await admin.send('POST', `/api/litters/${litter.id}/picks`, { windowHours: 24 })).status,
    409,
    'started once',
  );

  // The first family's email: their turn, the time, their own page's link; the name as text.
  await until(async () => (await turnMails(smtp)).length === 1, 'the turn email', 30_000);
  const [mail] = await turnMails(smtp);
  assert.equal(mailTo(mail as never), 'bannbco@example.com');
  assert.match(mail?.text ?? '', /Hello <b>Ann<\/b> & "Co",/);
  assert.match(mail?.text ?? '', /Please choose by \w+day, \w+ \d+ at \d+:\d\d [AP]M MST\./);
  const link = /https:\/\/doodles\.test\/family\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '');
  assert.ok(link, 'the email carries their page link');
  const annPage = `${server.url}/family/${link[1]}`;
  const page = await fetch(annPage);
  assert.equal(page.status, 200);
  const body = await page.text();
  assert.ok(!body.includes('<b>Ann</b>'), 'the name is text on the page');
  const $ = cheerio.load(body);
  assert.equal($('#pick-heading').text(), 'It is your turn to choose');
  assert.deepEqual(
    $('.choice button')
      .map((_, el) => $(el).text())
      .get()
      .slice(0, 2),
    [`Choose ${first.name}`, `Choose ${second.name}`],
  );
  assert.equal($('form[action$="/pick"] button').last().text(), 'Pass (keep my place for the next litter)');

  // Out of turn: Bea's page says so, with a 409, and nothing is reserved.
  const beaPage = await familyLink(server.url, admin, bea);
  const early = await pick(beaPage, { puppy: first.id });
  assert.equal(early.status, 409);
  assert.match(await early.text(), /It is not your turn to choose yet\. We will email you when it is\./);
  // Bad input: an unknown puppy, no field, a hostile value.
  assert.equal((await pick(annPage, { puppy: 'no-such-puppy' })).status, 404);
  assert.equal((await pick(annPage, {})).status, 400);
  assert.equal((await pick(annPage, { puppy: 'x'.repeat(500) })).status, 400);

  // The race: Ann chooses the first puppy twice and the second once, while she reserves the
  // first for someone else by hand. One holder per puppy; Ann holds exactly one.
  const results = await Promise.all([
    pick(annPage, { puppy: first.id }),
    admin.send('POST', `/api/inquiries/${other.id}/reservation`, { puppyId: first.id }),
    pick(annPage, { puppy: first.id }),
    pick(annPage, { puppy: second.id }),
  ]);
  const statuses = results.map((res) => res.status);
  const held = (await (await admin.send('GET', '/api/reservations')).json()) as {
    reservations: ReservationView[];
  };
  const holders = (puppyId: string) => held.reservations.filter((item) => item.puppyId === puppyId);
  assert.ok(holders(first.id).length <= 1, `one holder of ${first.name}: ${statuses}`);
  assert.equal(
    held.reservations.filter((item) => item.inquiryId === ann).length,
    1,
    `Ann holds one puppy: ${statuses}`,
  );
  assert.equal(statuses.filter((status) => status === 303).length, 1, `one choice taken: ${statuses}`);
  for (const [index, res] of results.entries())
    if (index !== 1 && res.status !== 303)
      assert.equal(res.status, 409, `a refused choice is a 409: ${statuses}`);

  // Bea's turn started by itself; she passes.
  const afterChoice = await picksOf(admin, litter.id);
  assert.deepEqual(statesOf(afterChoice), ['chose', 'choosing', 'waiting']);
  const annPuppy = afterChoice.round?.turns[0]?.puppyName ?? '';
  assert.ok([first.name, second.name].includes(annPuppy));
  await until(
    async () => (await turnMails(smtp)).some((item) => mailTo(item) === 'beasecond@example.com'),
    'Bea’s email',
    30_000,
  );
  const passed = await pick(beaPage, { pass: '1' });
  assert.equal(passed.status, 303);
  assert.deepEqual(statesOf(await picksOf(admin, litter.id)), ['chose', 'passed', 'choosing']);
  const again = await pick(beaPage, { puppy: second.id });
  assert.equal(again.status, 409);
  assert.match(await again.text(), /You passed this time\. Your place is kept for the next litter\./);

  // Cal lets the window run out: the server's clock moves 25 hours ahead.
  const calPage = await familyLink(server.url, admin, cal);
  await moveClock(clock, 25);
  await until(
    async () => statesOf(await picksOf(admin, litter.id)).join() === 'chose,passed,timed-out',
    'the window to run out',
    30_000,
  );
  const late = await pick(calPage, { puppy: second.id });
  assert.equal(late.status, 409);
  assert.match(
    await late.text(),
    /Your time to choose has run out\. Your place is kept for the next litter\./,
  );
  const done = await picksOf(admin, litter.id);
  assert.equal(done.round?.state, 'done');
  // Bea and Cal keep their places on the litter's waitlist; Ann left it with her puppy.
  const { litters } = (await (await admin.send('GET', '/api/litters')).json()) as {
    litters: { id: string; waitlist: string[] }[];
  };
  assert.deepEqual(litters.find((item) => item.id === litter.id)?.waitlist, [bea, cal]);
});

test('kill -9 during a turn keeps it; a window that ran out while the site was down moves on at start', async () => {
  const setup = await setUp('restart');
  let server: RunningServer = setup.server;
  cleanup.push(() => server.stop());
  const { admin, dataDir, env, clock, smtp } = setup;
  const litter = await bornLitter(admin);
  const ann = await waitingFamily(server.url, admin, litter.id, 'Ann Restart');
  await waitingFamily(server.url, admin, litter.id, 'Bea Restart');
  assert.equal(
    (await admin.send('POST', `/api/litters/${litter.id}/picks`, { windowHours: 48 })).status,
    200,
  );
  const before = await picksOf(admin, litter.id);
  const until0 = before.round?.turns[0]?.until;
  assert.ok(until0);
  const annPage = await familyLink(server.url, admin, ann);

  server.process.kill('SIGKILL');
  await server.stop();
  server = await startServer({ dataDir, env, keepData: true });
  let again = await puppyAdmin(server.url, dataDir);
  const kept = await picksOf(again, litter.id);
  assert.deepEqual(statesOf(kept), ['choosing', 'waiting']);
  assert.equal(kept.round?.turns[0]?.until, until0, 'the same window');
  const page = await fetch(annPage.replace(/^http:\/\/[^/]+/, server.url));
  assert.equal(page.status, 200);
  assert.match(await page.text(), /It is your turn to choose/);
  const stored = JSON.parse(await readFile(path.join(dataDir, 'picks.json'), 'utf8'));
  assert.equal(stored.version, 1);

  // Down for two days: at the next start Ann's window has run out and Bea's turn starts at once.
  server.process.kill('SIGKILL');
  await server.stop();
  await moveClock(clock, 49);
  server = await startServer({ dataDir, env, keepData: true });
  again = await puppyAdmin(server.url, dataDir);
  const moved = await picksOf(again, litter.id);
  assert.deepEqual(statesOf(moved), ['timed-out', 'choosing']);
  await until(
    async () => (await turnMails(smtp)).some((mail) => mailTo(mail) === 'bearestart@example.com'),
    'Bea’s turn email after the restart',
    30_000,
  );
  assert.equal(
    (await turnMails(smtp)).filter((mail) => mailTo(mail) === 'annrestart@example.com').length,
    1,
    'Ann’s email was sent once, not again after the restarts',
  );
});

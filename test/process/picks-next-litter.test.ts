/**
 * "That family keeps its place for the next litter" (issue 29, decision 132) against the built
 * server: a family that passes, whose window runs out, or whom she skips waits for the next
 * litter by itself, in its place in the order (ahead of families who joined later, behind those
 * who joined before, its joined date kept); with no next litter yet it waits on this one until she
 * adds one, through a kill -9; a picks.json of the release before (version 1, a pass with no
 * `place`) is read as before and never rewritten.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import type { LitterList } from '../../src/features/litters/litters';
import type { Waitlist } from '../../src/shared/sales';
import { bornLitter, familyLink, moveClock, pick, picksOf, statesOf, waitingFamily } from '../helpers/picks';
import { type PuppyClient, puppyAdmin } from '../helpers/puppies';
import { type RunningServer, startServer } from '../helpers/server';
import { until } from '../helpers/until';

const cleanup: (() => Promise<unknown>)[] = [];
after(async () => {
  for (const step of cleanup.reverse()) await step();
});

async function setUp(label: string) {
  const dataDir = await mkdtemp(path.join(tmpdir(), `picks-next-${label}-`));
  cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
  const clock = path.join(dataDir, '..', `${path.basename(dataDir)}-clock`);
  cleanup.push(() => rm(clock, { force: true }));
  const env = {
    INQUIRY_RATE_LIMIT: 'off',
    SPAM_FAST_SECONDS: '0',
    FAMILY_PAGE_RATE_LIMIT: '1000',
    TZ: 'America/Phoenix',
    PICKS_CLOCK_FILE: clock,
  };
  const server = await startServer({ dataDir, env, keepData: true });
  const admin = await puppyAdmin(server.url, dataDir);
  return { dataDir, clock, env, server, admin };
}

const planned = (name: string, expected: string) => ({
  name,
  mother: 'Luna',
  father: 'Bentley',
  status: 'planned',
  expected,
  description: '',
  shown: false,
});

async function addPlanned(admin: PuppyClient, name: string, expected: string) {
  const res = await admin.send('POST', '/api/litters', planned(name, expected));
  assert.equal(res.status, 201);
  const { litters } = (await res.json()) as LitterList;
  const added = litters.find((litter) => litter.name === name);
  assert.ok(added);
  return added.id;
}

async function lines(admin: PuppyClient) {
  const { litters } = (await (await admin.send('GET', '/api/litters')).json()) as LitterList;
  return Object.fromEntries(litters.map((litter) => [litter.id, litter.waitlist]));
}

async function joinedDates(admin: PuppyClient) {
  const { families } = (await (await admin.send('GET', '/api/waitlist')).json()) as Waitlist;
  return Object.fromEntries(families.map((family) => [family.id, family.joinedAt]));
}

const storedPicks = async (dataDir: string) =>
  JSON.parse(await readFile(path.join(dataDir, 'picks.json'), 'utf8'));

test('a pass and her Skip move the family to the next litter, in its place in the order', async () => {
  const { server, admin, dataDir } = await setUp('move');
  cleanup.push(() => server.stop());
  const born = await bornLitter(admin);
  const later = await addPlanned(admin, 'Later litter', '2028-01');
  const next = await addPlanned(admin, 'Next litter', '2027-09');
  // Zed waits for the next litter since before everyone; Eve joins it after the born litter's families.
  const zed = await waitingFamily(server.url, admin, next, 'Zed Early');
  const ann = await waitingFamily(server.url, admin, born.id, 'Ann Chooses');
  const bea = await waitingFamily(server.url, admin, born.id, 'Bea Passes');
  const cal = await waitingFamily(server.url, admin, born.id, 'Cal Skipped');
  const dee = await waitingFamily(server.url, admin, born.id, 'Dee Waits');
  const eve = await waitingFamily(server.url, admin, next, 'Eve Late');
  const joined = await joinedDates(admin);

  assert.equal((await admin.send('POST', `/api/litters/${born.id}/picks`, { windowHours: 24 })).status, 200);
  const puppy = (await admin.list()).find((item) => item.status === 'available');
  assert.ok(puppy);
  assert.equal((await pick(await familyLink(server.url, admin, ann), { puppy: puppy.id })).status, 303);
  const beaPage = await familyLink(server.url, admin, bea);
  assert.equal((await pick(beaPage, { pass: '1' })).status, 303);

  // Before the answer: Bea waits for the next litter (the soonest planned one), between Zed, who
  // joined before her, and Eve, who joined after.
  let now = await lines(admin);
  assert.deepEqual(now[next], [zed, bea, eve]);
  assert.deepEqual(now[born.id], [cal, dee]);
  assert.deepEqual(now[later], []);
  const beaPageAfter = await (await fetch(beaPage)).text();
  assert.match(beaPageAfter, /You passed this time|Your place is kept for the next litter/);
  assert.match(beaPageAfter, /Next litter/, 'her page names the litter she waits for now');

  // Her "Skip" on Cal's turn: the same.
  assert.equal((await admin.send('POST', `/api/litters/${born.id}/picks/skip`, {})).status, 200);
  now = await lines(admin);
  assert.deepEqual(now[next], [zed, bea, cal, eve]);
  assert.deepEqual(now[born.id], [dee]);
  assert.deepEqual(statesOf(await picksOf(admin, born.id)), ['chose', 'passed', 'skipped', 'choosing']);
  // The joined dates are kept; the order on the waitlist screen is the order they joined.
  const after = await joinedDates(admin);
  for (const id of [zed, bea, cal, dee, eve]) assert.equal(after[id], joined[id], id);
  const { families } = (await (await admin.send('GET', '/api/waitlist')).json()) as Waitlist;
  assert.deepEqual(
    families.filter((family) => family.litterId === next).map((family) => family.name),
    ['Zed Early', 'Bea Passes', 'Cal Skipped', 'Eve Late'],
  );
  const stored = await storedPicks(dataDir);
  assert.equal(stored.version, 2, 'a turn with a place is written as version 2');
  assert.deepEqual(
    stored.rounds[0].turns.map((turn: { place?: string; movedTo?: string }) => [turn.place, turn.movedTo]),
    [
      [undefined, undefined],
      ['moved', next],
      ['moved', next],
      [undefined, undefined],
    ],
  );
  // She moves Bea back by hand: her choice stands (nothing moves Bea again).
  assert.equal((await admin.send('POST', `/api/waitlist/${bea}/litter`, { litterId: born.id })).status, 200);
  await addPlanned(admin, 'Another litter', '2027-06');
  assert.deepEqual((await lines(admin))[born.id], [bea, dee]);
});

test('with no next litter yet: the family waits on this one, through a kill -9, until she adds one', async () => {
  const setup = await setUp('none');
  let server: RunningServer = setup.server;
  cleanup.push(() => server.stop());
  const { admin, dataDir, env, clock } = setup;
  const born = await bornLitter(admin);
  const dee = await waitingFamily(server.url, admin, born.id, 'Dee Passes');
  const fay = await waitingFamily(server.url, admin, born.id, 'Fay Late');
  const gus = await waitingFamily(server.url, admin, born.id, 'Gus Third');
  assert.equal((await admin.send('POST', `/api/litters/${born.id}/picks`, { windowHours: 24 })).status, 200);
  assert.equal((await pick(await familyLink(server.url, admin, dee), { pass: '1' })).status, 303);
  await moveClock(clock, 25);
  await until(
    async () => statesOf(await picksOf(admin, born.id)).join() === 'passed,timed-out,choosing',
    'Fay’s window to run out',
    30_000,
  );
  assert.deepEqual((await lines(admin))[born.id], [dee, fay, gus], 'nowhere else to wait yet');
  assert.deepEqual(
    (await storedPicks(dataDir)).rounds[0].turns.map((turn: { place?: string }) => turn.place),
    ['next', 'next', undefined],
  );

  server.process.kill('SIGKILL');
  await server.stop();
  server = await startServer({ dataDir, env, keepData: true });
  const again = await puppyAdmin(server.url, dataDir);
  assert.deepEqual((await lines(again))[born.id], [dee, fay, gus]);
  // The next litter she adds: Dee and Fay wait for it, in their order, as soon as it is saved.
  const next = await addPlanned(again, 'Spring litter', '2027-04');
  await until(
    async () => JSON.stringify((await lines(again))[next]) === JSON.stringify([dee, fay]),
    'Dee and Fay to wait for the new litter',
    10_000,
  );
  assert.deepEqual((await lines(again))[born.id], [gus]);
  assert.deepEqual(
    (await storedPicks(dataDir)).rounds[0].turns.map((turn: { place?: string; movedTo?: string }) => [
      turn.place,
      turn.movedTo,
    ]),
    [
      ['moved', next],
      ['moved', next],
      [undefined, undefined],
    ],
  );
});

test('a version 1 picks.json (a pass before this release) is read as before and never rewritten', async () => {
  const setup = await setUp('v1');
  let server: RunningServer = setup.server;
  cleanup.push(() => server.stop());
  const { admin, dataDir, env } = setup;
  const born = await bornLitter(admin);
  const hal = await waitingFamily(server.url, admin, born.id, 'Hal Passed Before');
  const ida = await waitingFamily(server.url, admin, born.id, 'Ida Second');
  assert.equal((await admin.send('POST', `/api/litters/${born.id}/picks`, { windowHours: 48 })).status, 200);
  assert.equal((await pick(await familyLink(server.url, admin, hal), { pass: '1' })).status, 303);
  await server.stop();
  // What the release before wrote for the same day: version 1, no `place` on the pass.
  const file = path.join(dataDir, 'picks.json');
  const v1 = await storedPicks(dataDir);
  v1.version = 1;
  for (const turn of v1.rounds[0].turns) delete turn.place;
  const text = `${JSON.stringify(v1)}\n`;
  await writeFile(file, text);

  server = await startServer({ dataDir, env, keepData: true });
  const again = await puppyAdmin(server.url, dataDir);
  assert.deepEqual(statesOf(await picksOf(again, born.id)), ['passed', 'choosing']);
  await addPlanned(again, 'Summer litter', '2027-07');
  // Nothing moves Hal: that release left him on this litter for her to move.
  await new Promise((resolve) => setTimeout(resolve, 500));
  assert.deepEqual((await lines(again))[born.id], [hal, ida]);
  assert.equal(await readFile(file, 'utf8'), text, 'picks.json as the release before wrote it');
});

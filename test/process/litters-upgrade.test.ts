/**
 * The upgrade to litters (issue 27, decision 121) with a data directory the release before
 * litters wrote through its own API (test/fixtures/before-litters/make.ts): at the first start its
 * puppies, birth date and next litter become litters, nothing is lost or reworded, the files are
 * copied as they were; a second start changes nothing; a SIGKILL after or during changes of litters
 * loses nothing answered and leaves litters.json whole.
 */
import assert from 'node:assert/strict';
import { cp, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import type { LitterList } from '../../src/features/litters/litters';
import type { Waitlist } from '../../src/shared/sales';
import { ADMIN, PASSWORD, signIn } from '../helpers/admin';
import { startServer } from '../helpers/server';
import { suiteTempDirs } from '../helpers/suite';

const FIXTURE = path.join('test', 'fixtures', 'before-litters', 'data');
const KEPT = ['puppies.json', 'site.json', 'sales.json'];
const UNTOUCHED = ['inquiries.json', 'site.json', 'sales.json', 'users.json', 'inquiry-sources.json'];

describe('litters: the upgrade of an earlier release data directory', () => {
  const tempDataDir = suiteTempDirs('litters-upgrade');
  const cleanup: (() => Promise<unknown>)[] = [];
  after(() => Promise.all(cleanup.map((step) => step())));

  const send = (url: string, cookie: string, method: string, route: string, body?: unknown) =>
    fetch(`${url}${route}`, {
      method,
      headers: { Cookie: cookie, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  test('its puppies, birth date and next litter become litters; nothing lost; the files kept as they were', async () => {
    const dataDir = await tempDataDir();
    await cp(FIXTURE, dataDir, { recursive: true });
    const original = Object.fromEntries(
      await Promise.all(
        [...new Set([...KEPT, ...UNTOUCHED])].map(async (name) => [
          name,
          await readFile(path.join(FIXTURE, name), 'utf8'),
        ]),
      ),
    ) as Record<string, string>;
    const puppiesBefore = JSON.parse(original['puppies.json'] as string);
    const salesBefore = JSON.parse(original['sales.json'] as string);

    const server = await startServer({ dataDir });
    cleanup.push(() => server.stop());
    const cookie = await signIn(server.url, ADMIN, PASSWORD);

    // The copy: one folder, each file byte for byte as the earlier release left it.
    const copies = (await readdir(dataDir)).filter((name) => name.startsWith('before-litters-'));
    assert.equal(copies.length, 1, (await readdir(dataDir)).join(', '));
    for (const name of KEPT)
      assert.equal(
        await readFile(path.join(dataDir, copies[0] as string, name), 'utf8'),
        original[name],
        name,
      );
    // No earlier file was rewritten.
    for (const name of UNTOUCHED)
      assert.equal(await readFile(path.join(dataDir, name), 'utf8'), original[name], `${name} untouched`);

    const { litters } = (await (await send(server.url, cookie, 'GET', '/api/litters')).json()) as LitterList;
    assert.deepEqual(
      litters.map((litter) => [litter.name, litter.status]),
      [
        ['Next litter', 'planned'],
        ['February 2025 litter', 'born'],
      ],
    );
    const [planned, born] = litters;
    assert.ok(planned && born);
    // The next-litter block, every word kept ("Daisy × Toby" read as mother and father).
    assert.equal(planned.mother, 'Daisy');
    assert.equal(planned.father, 'Toby');
    assert.equal(planned.expected, salesBefore.nextLitter.expected);
    assert.equal(planned.description, salesBefore.nextLitter.description);
    assert.equal(planned.shown, true);
    // The families waiting for it, in their order.
    assert.deepEqual(planned.waitlist, salesBefore.waitlist);
    // The published birth date (not the seed's), and every puppy in page order.
    assert.equal(born.born, '2025-02-12');
    assert.deepEqual(
      born.puppyIds,
      puppiesBefore.puppies.map((puppy: { id: string }) => puppy.id),
    );

    // The sales as they were: the waitlist, the reservation, the notes.
    const waitlist = (await (await send(server.url, cookie, 'GET', '/api/waitlist')).json()) as Waitlist;
    assert.deepEqual(
      waitlist.families.map((family) => family.id),
      salesBefore.waitlist,
    );
    const reservations = await (await send(server.url, cookie, 'GET', '/api/reservations')).json();
    assert.deepEqual(
      reservations.reservations.map((item: { puppyName: string }) => item.puppyName),
      ['Luna'],
    );
    const inquiries = await (await send(server.url, cookie, 'GET', '/api/inquiries')).json();
    assert.equal(inquiries.length, 4);

    // A second start: nothing made again, nothing copied again.
    const litterFile = await readFile(path.join(dataDir, 'litters.json'), 'utf8');
    assert.equal(await server.stop(), 0);
    const again = await startServer({ dataDir });
    cleanup.push(() => again.stop());
    assert.equal(await readFile(path.join(dataDir, 'litters.json'), 'utf8'), litterFile);
    assert.equal((await readdir(dataDir)).filter((name) => name.startsWith('before-litters-')).length, 1);
  });

  test('SIGKILL right after a litter change was answered: it is there after the restart', async () => {
    const dataDir = await tempDataDir();
    await cp(FIXTURE, dataDir, { recursive: true });
    const server = await startServer({ dataDir });
    const cookie = await signIn(server.url, ADMIN, PASSWORD);
    const list = async (url: string, c: string) =>
      ((await (await send(url, c, 'GET', '/api/litters')).json()) as LitterList).litters;
    const planned = (await list(server.url, cookie))[0];
    assert.ok(planned);
    const born = await send(server.url, cookie, 'POST', `/api/litters/${planned.id}/born`, {
      born: '2026-11-20',
      version: planned.version,
    });
    assert.equal(born.status, 200);
    server.process.kill('SIGKILL');
    assert.equal(await server.stop(), null);

    const restarted = await startServer({ dataDir });
    cleanup.push(() => restarted.stop());
    const after = await list(restarted.url, await signIn(restarted.url, ADMIN, PASSWORD));
    const marked = after.find((litter) => litter.id === planned.id);
    assert.equal(marked?.status, 'born');
    assert.equal(marked?.born, '2026-11-20');
    assert.deepEqual(marked?.waitlist, planned.waitlist, 'its families stay in order');
  });

  test('SIGKILL while litter changes are under way: litters.json is whole, old or new, and the site starts', async () => {
    const dataDir = await tempDataDir();
    await cp(FIXTURE, dataDir, { recursive: true });
    const server = await startServer({ dataDir });
    const cookie = await signIn(server.url, ADMIN, PASSWORD);
    // Many changes in flight, the process killed without waiting for their answers.
    const sent = Array.from({ length: 20 }, (_, index) =>
      send(server.url, cookie, 'POST', '/api/litters', {
        name: `Kill ${index}`,
        mother: '',
        father: '',
        status: 'planned',
        expected: '',
        description: '',
        shown: true,
      }).catch(() => null),
    );
    await new Promise((resolve) => setTimeout(resolve, 30));
    server.process.kill('SIGKILL');
    const answered = (await Promise.all(sent)).filter((res) => res?.status === 201).length;
    await server.stop();

    const stored = JSON.parse(await readFile(path.join(dataDir, 'litters.json'), 'utf8'));
    const kept = stored.litters.filter((litter: { name: string }) => litter.name.startsWith('Kill ')).length;
    assert.ok(kept >= answered, `every answered change is on disk (${kept} kept, ${answered} answered)`);
    const restarted = await startServer({ dataDir });
    cleanup.push(() => restarted.stop());
    const list = (await (
      await send(restarted.url, await signIn(restarted.url, ADMIN, PASSWORD), 'GET', '/api/litters')
    ).json()) as LitterList;
    assert.equal(list.litters.filter((litter) => litter.name.startsWith('Kill ')).length, kept);
  });
});

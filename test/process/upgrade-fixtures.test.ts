/**
 * Upgrades that keep every byte (issue 31): each data directory in test/fixtures/releases/ was
 * written by an earlier release that a later one changed a format of (made by checking that
 * release out and seeding it through its own API: test/fixtures/releases/README.md). Each opens
 * in this release with every inquiry, puppy, photo, content version, note, status, visit count,
 * notice and the account intact; the start writes a backup archive first; the release's own
 * backup archive passes `--verify` and restores. A file from a newer release refuses the start,
 * naming both versions, and is left as it was.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import type { InboxPage } from '../../src/features/inbox/inbox';
import type { LitterList } from '../../src/features/litters/litters';
import type { AdminPuppy } from '../../src/features/puppies/puppies';
import type { SiteEditorState } from '../../src/features/site/site-api';
import type { Waitlist } from '../../src/shared/sales';
import { upgradeDataDir } from '../../src/storage/upgrade';
import { getJson, signIn } from '../helpers/admin';
import { runBuiltOk } from '../helpers/backup';
import { runServerExpectingFailure, startServer } from '../helpers/server';

const RELEASES = path.resolve('test/fixtures/releases');
// The account every fixture was seeded with (seed-release.ts.txt).
const ADMIN = { username: 'breeder@example.com', password: 'correct horse battery' };

const temps: string[] = [];
after(() => Promise.all(temps.map((dir) => rm(dir, { recursive: true, force: true }))));
/**
 * The session key each release made at its first start (`DATA_DIR/session-secret`, 64 characters
 * and a newline). A key that signs sessions is never committed (.gitignore), not even a test's:
 * each copy gets its own, so what the upgrade does with it is still checked.
 */
const sessionSecret = () => `${randomBytes(48).toString('base64url')}\n`;
async function copyOf(release: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), `doodles-release-${release}-`));
  temps.push(dir);
  await cp(path.join(RELEASES, release, 'data'), path.join(dir, 'data'), { recursive: true });
  await writeFile(path.join(dir, 'data', 'session-secret'), sessionSecret(), { mode: 0o600 });
  return path.join(dir, 'data');
}

/**
 * A content photo's build image URLs (`avif`, `webp`, `jpeg`, `src`): the seed of the first releases
 * stored them beside the photo's id, but they name one build's hashed files and every release
 * derives them from the id when it renders; the current schema does not keep them.
 */
const DERIVED = /\.photo\.(avif|webp|jpeg|src)$/;

/**
 * Every value `old` holds is in `now`: objects may have gained fields, lists items (a sign-in adds
 * a session), but each old item is still there.
 */
function assertKeeps(old: unknown, now: unknown, where: string): void {
  if (DERIVED.test(where)) return;
  if (Array.isArray(old)) {
    assert.ok(Array.isArray(now), `${where} is no longer a list`);
    for (const [i, item] of old.entries()) {
      const kept = now.some((candidate, j) => {
        try {
          assertKeeps(item, candidate, `${where}[${j}]`);
          return true;
        } catch {
          return false;
        }
      });
      assert.ok(kept, `${where}[${i}] is gone: ${JSON.stringify(item)}`);
    }
  } else if (old !== null && typeof old === 'object') {
    assert.ok(now !== null && typeof now === 'object', `${where} is no longer an object`);
    for (const [key, value] of Object.entries(old))
      assertKeeps(value, (now as Record<string, unknown>)[key], `${where}.${key}`);
  } else assert.equal(now, old, `${where} changed`);
}

/**
 * What of a file the release wrote is still owed at `now`: a signed-in session (account.json,
 * decision 103) or a signed-out one (ended-sessions.json) past its `validUntil` is no longer a
 * session, and the current release forgets it at its next write of the file. A fixture's sessions
 * last 12 hours from the day it was made, so the comparison below failed from that evening on.
 */
function unexpired(name: string, data: unknown, now: number): unknown {
  const live = <T>(entries: Record<string, T>, until: (entry: T) => number) =>
    Object.fromEntries(Object.entries(entries).filter(([, entry]) => until(entry) > now));
  if (name === 'ended-sessions.json') {
    const file = data as { sessions: Record<string, number> };
    return { ...file, sessions: live(file.sessions, (until) => until) };
  }
  if (name === 'account.json') {
    type Account = { sessions?: Record<string, { validUntil: number }> };
    const file = data as { accounts: Record<string, Account> };
    const accounts = Object.entries(file.accounts).map(([id, account]) => [
      id,
      account.sessions
        ? { ...account, sessions: live(account.sessions, (session) => session.validUntil) }
        : account,
    ]);
    return { ...file, accounts: Object.fromEntries(accounts) };
  }
  return data;
}

/**
 * The files the current release's format steps (upgrade-steps.ts) rewrite in each fixture. A
 * release whose successor changed its data without a version bump (members added, a file made
 * from others at start: litters from puppies, site and sales, decision 121) upgrades nothing
 * here; what the later release made of its data is checked through the API below. A new fixture
 * needs its line: the test fails without it.
 */
const UPGRADED: Record<string, string[]> = {
  b204b80: ['outbox.json'],
  '97f9a61': [],
  '4a7a646': [],
  e4f8032: ['outbox.json'],
};

interface StoredSales {
  reservations: { id: string; cancelledAt?: string; wentHomeAt?: string }[];
  waitlist?: string[];
  nextLitter?: { shown: boolean; expected: string; description: string } | null;
}

/** Reservations held, the waitlist's order and the next litter (a planned litter since litters). */
async function assertSalesKept(url: string, cookie: string, sales: StoredSales): Promise<void> {
  const held = (
    (await (await getJson(`${url}/api/reservations`, cookie)).json()) as { reservations: { id: string }[] }
  ).reservations;
  for (const record of sales.reservations)
    if (!record.cancelledAt && !record.wentHomeAt)
      assert.ok(
        held.some((view) => view.id === record.id),
        `reservation ${record.id}`,
      );
  const waitlist = (await (await getJson(`${url}/api/waitlist`, cookie)).json()) as Waitlist;
  assert.deepEqual(
    waitlist.families.map((family) => family.id),
    sales.waitlist ?? [],
  );
  const next = sales.nextLitter;
  if (next?.shown) {
    const { litters } = (await (await getJson(`${url}/api/litters`, cookie)).json()) as LitterList;
    assert.ok(
      litters.some((litter) => litter.status === 'planned' && litter.description === next.description),
      `the next litter as a planned litter: ${JSON.stringify(litters)}`,
    );
  }
}

const releases = await readdir(RELEASES, { withFileTypes: true });
for (const release of releases.filter((entry) => entry.isDirectory()).map((entry) => entry.name)) {
  describe(`data written by release ${release}`, () => {
    const fixture = path.join(RELEASES, release, 'data');
    const read = (dir: string, name: string) => readFile(path.join(dir, name), 'utf8');
    /** A JSON file of the fixture, or null when that release had no such file yet. */
    const readJsonIfThere = (name: string) =>
      read(fixture, name).then(
        (text) => JSON.parse(text),
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return null;
          throw error;
        },
      );

    test('the upgrade changes only what its steps change, and loses nothing', async () => {
      const dir = await copyOf(release);
      const before = await readdir(fixture);
      const key = await read(dir, 'session-secret');
      const { upgrades } = await upgradeDataDir(dir, { backup: async () => 'not kept' });
      assert.equal(await read(dir, 'session-secret'), key, 'the session key is kept as it was');
      const expected = UPGRADED[release];
      assert.ok(expected, `test/process/upgrade-fixtures.test.ts: UPGRADED has no line for ${release}`);
      const upgraded = new Set(upgrades.map((u) => u.entry.name));
      assert.deepEqual([...upgraded].sort(), [...expected].sort());
      for (const name of before) {
        if (name === 'photos') {
          for (const photo of await readdir(path.join(fixture, name)))
            assert.ok(
              (await readFile(path.join(fixture, name, photo))).equals(
                await readFile(path.join(dir, name, photo)),
              ),
              `photos/${photo} byte for byte`,
            );
        } else if (!upgraded.has(name)) assert.equal(await read(dir, name), await read(fixture, name), name);
      }
      if (upgraded.has('outbox.json')) {
        const old = JSON.parse(await read(fixture, 'outbox.json'));
        const outbox = JSON.parse(await read(dir, 'outbox.json'));
        assert.deepEqual(outbox, { version: 2, baselines: old.baselines, waiting: old.waiting });
        const [header, ...lines] = (await read(dir, 'settled-notices.jsonl')).trim().split('\n');
        assert.deepEqual(JSON.parse(header as string), { file: 'settled-notices', version: 1 });
        assert.deepEqual(
          lines.map((line) => JSON.parse(line)),
          old.settled,
        );
      }
    });

    test('the current release starts on it: a backup first, then every record through the API', async () => {
      const dir = await copyOf(release);
      const key = await read(dir, 'session-secret');
      const backups = await mkdtemp(path.join(tmpdir(), 'doodles-release-backups-'));
      temps.push(backups);
      const server = await startServer({ dataDir: dir, env: { BACKUP_DIR: backups } });
      try {
        if ((UPGRADED[release] ?? []).length > 0) {
          const [archive, ...more] = await readdir(backups);
          assert.match(
            archive ?? '',
            /^saguaro-doodles-before-upgrade-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/,
          );
          assert.deepEqual(more, []);
          assert.match(server.output(), /data upgraded/);
          // The archive holds the files as the earlier release left them.
          const check = await runBuiltOk('backup', ['--verify', path.join(backups, archive as string)], {
            DATA_DIR: dir,
          });
          assert.match(check.stdout, /OK|valid|checked/i);
        } else assert.doesNotMatch(server.output(), /data upgraded/);

        const cookie = await signIn(server.url, ADMIN.username, ADMIN.password);
        const inquiries = JSON.parse(await read(fixture, 'inquiries.json')).inquiries as { id: string }[];
        const inbox = (await (await getJson(`${server.url}/api/inbox`, cookie)).json()) as InboxPage;
        assert.equal(inbox.total, inquiries.length);
        for (const inquiry of inquiries)
          assertKeeps(
            inquiry,
            inbox.items.find((item) => item.id === inquiry.id),
            `inquiry ${inquiry.id}`,
          );
        const reads = JSON.parse(await read(fixture, 'inquiry-reads.json')).reads as Record<string, string>;
        for (const [id, at] of Object.entries(reads))
          assert.equal(inbox.items.find((item) => item.id === id)?.readAt, at);
        const storedSales = (await readJsonIfThere('sales.json')) ?? { inquiries: {}, reservations: [] };
        const sales = storedSales.inquiries as Record<
          string,
          { status?: string; notes?: { text: string }[] }
        >;
        for (const [id, sale] of Object.entries(sales)) {
          const item = inbox.items.find((i) => i.id === id);
          if (sale.status) assert.equal(item?.sale.status, sale.status);
          assert.deepEqual(
            item?.sale.notes.map((note) => note.text),
            (sale.notes ?? []).map((note) => note.text).reverse(),
          );
        }
        const sources = JSON.parse(await read(fixture, 'inquiry-sources.json')).sources as Record<
          string,
          object
        >;
        for (const [id, source] of Object.entries(sources))
          assertKeeps(source, inbox.items.find((item) => item.id === id)?.source, `source of ${id}`);

        await assertSalesKept(server.url, cookie, storedSales);

        const puppies = JSON.parse(await read(fixture, 'puppies.json'));
        const listed = (
          (await (await getJson(`${server.url}/api/puppies`, cookie)).json()) as { puppies: AdminPuppy[] }
        ).puppies;
        assert.deepEqual(
          listed.map((p) => [p.name, p.status]),
          puppies.puppies.map((p: { name: string; status: string }) => [p.name, p.status]),
        );
        for (const photo of await readdir(path.join(fixture, 'photos'))) {
          const res = await fetch(`${server.url}/media/${photo}`);
          assert.equal(res.status, 200, photo);
          assert.ok(
            Buffer.from(await res.arrayBuffer()).equals(await readFile(path.join(fixture, 'photos', photo))),
          );
        }

        const site = await readJsonIfThere('site.json');
        const editor = (await (await getJson(`${server.url}/api/site`, cookie)).json()) as SiteEditorState;
        const page = await (await fetch(`${server.url}/`)).text();
        if (site) {
          assert.equal(editor.basedOn, site.published.revision);
          assertKeeps(site.published.content, editor.content, 'the published content');
          assert.equal(editor.history.length, site.history.length);
          assert.ok(
            page.includes(site.published.content.hero.headline),
            'the published title is on the page',
          );
        } else {
          // A release whose page was in its code: seeded as at a fresh install (content-seed.test.ts).
          assert.equal(editor.history.length, 1, 'the seed is its one published version');
          assert.ok(page.includes(editor.content.hero.headline));
        }
      } finally {
        await server.stop();
      }
      // What the server kept after its start and stop: everything the release wrote is still there.
      for (const name of await readdir(fixture)) {
        // settled-notices.jsonl: lines, and pruned after 30 days (the first test compares it).
        if (['photos', 'outbox.json', 'session-secret', 'settled-notices.jsonl'].includes(name)) continue;
        const written = unexpired(name, JSON.parse(await read(fixture, name)), Date.now());
        assertKeeps(written, JSON.parse(await read(dir, name)), name);
      }
      assert.equal(await read(dir, 'session-secret'), key);
    });

    test('its own backup archive passes --verify and restores; the next start upgrades it', async () => {
      const [archive] = (await readdir(path.join(RELEASES, release))).filter((name) =>
        name.endsWith('.tar.gz'),
      );
      assert.ok(archive, `an archive made by release ${release}`);
      const file = path.join(RELEASES, release, archive);
      const target = path.join(await mkdtemp(path.join(tmpdir(), 'doodles-release-restore-')), 'data');
      temps.push(path.dirname(target));
      await runBuiltOk('backup', ['--verify', file], { DATA_DIR: target });
      await runBuiltOk('restore', [file], { DATA_DIR: target });
      assert.equal(await read(target, 'inquiries.json'), await read(fixture, 'inquiries.json'));
      const server = await startServer({ dataDir: target, env: { BACKUP_DIR: `${target}-backups` } });
      temps.push(`${target}-backups`);
      try {
        const cookie = await signIn(server.url, ADMIN.username, ADMIN.password);
        const inbox = (await (await getJson(`${server.url}/api/inbox`, cookie)).json()) as InboxPage;
        assert.equal(inbox.total, JSON.parse(await read(fixture, 'inquiries.json')).inquiries.length);
      } finally {
        await server.stop();
      }
    });

    test('opened by a release older than the data: refused, naming the versions, nothing touched', async () => {
      const dir = await copyOf(release);
      const newer = JSON.stringify({ version: 99, inquiries: [] });
      await writeFile(path.join(dir, 'inquiries.json'), newer);
      const refused = await runServerExpectingFailure({ DATA_DIR: dir });
      assert.notEqual(refused.code, 0);
      assert.match(
        refused.output,
        /inquiries\.json has format version 99, but this release reads version 1: it was written by a newer release/,
      );
      assert.equal(await read(dir, 'inquiries.json'), newer);
      assert.equal(
        await read(dir, 'outbox.json'),
        await read(fixture, 'outbox.json'),
        'nothing upgraded either',
      );
    });
  });
}

import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { get, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BackupStatus } from '../../src/features/backup/backup';
import { archivesToKeep } from '../../src/features/backup/retention.server';
import { ADMIN, createAdmin, getJson, PASSWORD, signIn } from '../helpers/admin';
import { runBuiltOk } from '../helpers/backup';
import { BUCKET, peerClient, startS3Peer } from '../helpers/s3';
import { startServer } from '../helpers/server';
import { freePort } from '../peers/start-peer';

// Encrypted: a copy that leaves the machine always is (decision 078).
const ARCHIVE = /^saguaro-doodles-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.gz\.age$/;
const sha256 = async (file: string) =>
  createHash('sha256')
    .update(await readFile(file))
    .digest('hex');
/** Polls `get` until `ok` holds; fails after `timeoutMs`. */
async function until<T>(get: () => Promise<T>, ok: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await get();
    if (ok(value)) return value;
    assert.ok(Date.now() < deadline, `timed out; last seen: ${JSON.stringify(value)}`);
    await sleep(200);
  }
}

/** "HH:MM:SS" in UTC, `seconds` from now. */
const clockIn = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString().slice(11, 19);

describe('the daily backup, kept by the rule, uploaded to a real S3-protocol server', () => {
  let work: string;
  before(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'doodles-schedule-'));
  });
  after(() => rm(work, { recursive: true, force: true }));

  test('runs at BACKUP_TIME; storage down: kept here and the dashboard warns; back: the next run uploads both', async () => {
    const port = await freePort();
    const backups = path.join(work, 'backups');
    // Copied in by hand (and one that is not an archive): the keep rule counts them like its own.
    const handCopied = Array.from(
      { length: 9 },
      (_, i) => `saguaro-doodles-2025-06-0${i + 1}T10-00-00Z.tar.gz`,
    );
    await mkdir(backups, { recursive: true });
    for (const name of [...handCopied, 'notes.txt']) await writeFile(path.join(backups, name), 'x');

    const site = await startServer({
      env: {
        TZ: 'UTC',
        BACKUP_TIME: clockIn(20),
        BACKUP_DIR: backups,
        BACKUP_S3_URL: `http://S3RVER:S3RVER@127.0.0.1:${port}/${BUCKET}/site`,
        BACKUP_PASSPHRASE: 'burst-swarm-slender',
        LOG_LEVEL: 'error',
      },
    });
    try {
      await createAdmin(site.dataDir, ADMIN, PASSWORD);
      const cookie = await signIn(site.url, ADMIN, PASSWORD);
      const status = async () =>
        (await (await getJson(`${site.url}/api/backup`, cookie)).json()) as BackupStatus;

      // The scheduled run, with the storage down: the archive is kept here, the line warns.
      const first = await until(
        async () =>
          (await readdir(backups)).filter(
            // The run's own: not one of those copied in by hand (not named by its year, which changes).
            (name) => ARCHIVE.test(name) && !handCopied.includes(name),
          ),
        (names) => names.length === 1,
        60_000,
      );
      const warned = await until(status, (s) => s.warning !== null, 30_000);
      assert.match(
        warned.warning ?? '',
        /failed: uploading it to S3 bucket doodle-backups \(site\/\) failed: .*ECONNREFUSED/,
      );
      assert.match(warned.last?.where ?? '', /^in .*backups only$/);
      assert.match(warned.last?.time ?? '', /^[A-Z][a-z]{2} \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M UTC$/);
      assert.deepEqual(
        (await readdir(backups)).filter((name) => name !== '.last-run.json').sort(),
        [...archivesToKeep([...handCopied, 'notes.txt', ...first], 'UTC')].sort(),
        'the keep rule applied to the hand-copied archives too',
      );
      // June 2 and 3, 2025: neither among the last 7 days with one, nor the newest of a week or month.
      assert.ok(!(await readdir(backups)).includes(handCopied[1] ?? ''), 'an old hand-copied one was pruned');

      // The storage comes back, holding older archives (and a file that is not one).
      const peer = await startS3Peer(port, path.join(work, 's3'));
      try {
        const s3 = peerClient(port);
        const oldThere = Array.from({ length: 40 }, (_, i) =>
          new Date(Date.UTC(2026, 0, 1 + i * 7, 10))
            .toISOString()
            .replace(/\.000Z$/, 'Z')
            .replaceAll(':', '-'),
        ).map((stamp) => `saguaro-doodles-${stamp}.tar.gz`);
        for (const name of oldThere) await s3.put(`site/${name}`, 'old');
        await s3.put('site/README.txt', 'not an archive');
        await s3.put('elsewhere/saguaro-doodles-2020-01-01T10-00-00Z.tar.gz', 'another prefix');
        // Yesterday's archive, made while the storage was down (a copy of the failed run's).
        const yesterday = `saguaro-doodles-${new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)}T10-00-00Z.tar.gz.age`;
        await writeFile(path.join(backups, yesterday), await readFile(path.join(backups, first[0] ?? '')));

        // The next run (Back up now is the same run) succeeds, and the line is plain again.
        const res = await fetch(`${site.url}/api/backup`, { method: 'POST', headers: { Cookie: cookie } });
        const answer = await res.text();
        assert.equal(res.status, 200, answer);
        const ok = JSON.parse(answer) as BackupStatus;
        assert.equal(ok.warning, null);
        assert.match(ok.last?.where ?? '', /^in .*backups and in S3 bucket doodle-backups \(site\/\)$/);
        assert.deepEqual((await status()).warning, null);

        // Two backups today: the keep rule keeps the newer one here.
        const today = (await readdir(backups)).filter((name) =>
          name.startsWith(`saguaro-doodles-${new Date().toISOString().slice(0, 10)}`),
        );
        assert.equal(today.length, 1);
        assert.ok((today[0] ?? '') > (first[0] ?? ''), 'the run after the failed one');
        const mine = [...today, yesterday];
        const remote = await s3.keys('site/');
        for (const name of mine) {
          assert.ok(
            remote.includes(`site/${name}`),
            `${name} uploaded, yesterday's (left by the outage) included`,
          );
          assert.equal(
            await s3.sha256(`site/${name}`),
            await sha256(path.join(backups, name)),
            `${name} whole`,
          );
        }
        const expected = [...archivesToKeep([...oldThere, ...mine, 'README.txt'], 'UTC')].map(
          (n) => `site/${n}`,
        );
        assert.deepEqual(remote, expected.sort(), 'the keep rule applied there too');
        assert.ok(remote.length < oldThere.length, 'old archives pruned there');
        assert.deepEqual(await s3.keys('elsewhere/'), [
          'elsewhere/saguaro-doodles-2020-01-01T10-00-00Z.tar.gz',
        ]);
      } finally {
        await peer.stop();
      }
    } finally {
      await site.stop();
    }
  });

  test('Download backup: admin only, refused cross-site, streamed without holding the photos in memory', async () => {
    const site = await startServer({
      env: { LOG_LEVEL: 'error', BACKUP_DIR: path.join(work, 'unused-backups') },
    });
    try {
      await createAdmin(site.dataDir, ADMIN, PASSWORD);
      const cookie = await signIn(site.url, ADMIN, PASSWORD);
      const url = `${site.url}/api/backup/download`;
      assert.equal((await fetch(url)).status, 401);
      const crossSite = await fetch(url, { headers: { Cookie: cookie, 'Sec-Fetch-Site': 'cross-site' } });
      assert.equal(crossSite.status, 403);
      assert.deepEqual(await crossSite.json(), { message: 'Requests from other sites are not accepted.' });
      const crossPost = await fetch(`${site.url}/api/backup`, {
        method: 'POST',
        headers: { Cookie: cookie, Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
      });
      assert.equal(crossPost.status, 403);
      assert.equal((await fetch(`${site.url}/api/backup`, { method: 'POST' })).status, 401);

      // 256 MiB of photo files (268 MB) (incompressible), added while the site runs. The server's
      // memory may grow by what V8 lets pass before it collects the streamed chunks (external
      // memory: about 64 MB, measured 65-79 MB since start-up no longer loads date-fns's index,
      // whose leftovers had collected them sooner, 50-59 MB); an archive held in memory would grow
      // it by the whole archive. So the archive is four times that, and the bound half of it.
      for (let i = 0; i < 16; i += 1)
        await writeFile(
          path.join(site.dataDir, 'photos', `big-${1001 + i}.jpg`),
          randomBytes(16 * 1024 * 1024),
        );
      const peak = async () => {
        const status = await readFile(`/proc/${site.process.pid}/status`, 'utf8');
        return Number(status.match(/VmHWM:\s+(\d+) kB/)?.[1]) * 1024;
      };
      const before = await peak();
      // Read as a browser saves a download: streamed to a file, at the pace the disk takes it.
      const file = path.join(work, 'downloaded.tar.gz');
      const res = await new Promise<IncomingMessage>((resolve, reject) =>
        get(url, { headers: { Cookie: cookie } }, resolve).on('error', reject),
      );
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-type'], 'application/gzip');
      assert.match(
        res.headers['content-disposition'] ?? '',
        /^attachment; filename="saguaro-doodles-.*\.tar\.gz"$/,
      );
      assert.equal(res.headers['content-encoding'], undefined);
      await pipeline(res, createWriteStream(file));
      const grew = (await peak()) - before;
      assert.ok(
        grew < 128 * 1024 * 1024,
        `the server's peak memory grew by ${Math.round(grew / 1048576)} MB for a 256 MB archive`,
      );
      const checked = await runBuiltOk('backup', ['--verify', file], { DATA_DIR: path.join(work, 'unused') });
      assert.match(checked.stdout, /^OK: .* (\d+) files, 2[78]\d\.\d MB/);
      // The snapshot it was made from is gone.
      assert.deepEqual(await readdir(path.join(site.dataDir, '.snapshots')).catch(() => []), []);
    } finally {
      await site.stop();
    }
  });
});

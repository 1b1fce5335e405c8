import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { ListedInquiry } from '../../src/features/inbox/inbox';
import type { PuppyList } from '../../src/features/puppies/puppies';
import { fixtureDir, phoneJpeg } from '../fixtures/photos';
import { ADMIN, getJson, PASSWORD, signIn } from '../helpers/admin';
import { runBuilt, runBuiltOk } from '../helpers/backup';
import { postInquiry, uniqueInquiry } from '../helpers/inquiries';
import { newPuppy, puppyAdmin } from '../helpers/puppies';
import { startServer } from '../helpers/server';

const NO_LIMIT = { INQUIRY_RATE_LIMIT: 'off', LOG_LEVEL: 'error' };
const LANES = 4;
const PER_LANE = 50;

/** The photo URLs a puppy list names (every width and format). */
const photoUrls = (puppies: { photos: { variants: { avif: string; webp: string; jpeg: string } }[] }[]) =>
  puppies.flatMap((puppy) =>
    puppy.photos.flatMap((photo) =>
      [photo.variants.avif, photo.variants.webp, photo.variants.jpeg].flatMap((set) =>
        set.split(',').map((entry) => entry.trim().split(/\s+/)[0] ?? ''),
      ),
    ),
  );

describe('a backup taken while the site writes, restored into a new directory', () => {
  let work: string;
  let photo: string;
  before(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'doodles-backup-'));
    photo = await phoneJpeg(await fixtureDir());
  });
  after(() => rm(work, { recursive: true, force: true }));

  test('holds every acknowledged write of its instant, and nothing names a missing file', async () => {
    const site = await startServer({ env: NO_LIMIT });
    const admin = await puppyAdmin(site.url, site.dataDir);
    const archive = path.join(work, 'running.tar.gz');
    let backupStarted = 0;
    let backupDone = 0;
    // Four lanes, each posting its inquiries one after another: a snapshot of one instant holds,
    // of each lane, the inquiries acknowledged before some point and none after it.
    const lanes = Array.from({ length: LANES }, async (_, lane) => {
      const acknowledged: { email: string; at: number }[] = [];
      for (let i = 0; i < PER_LANE; i += 1) {
        const body = uniqueInquiry(`lane${lane}-${String(i).padStart(3, '0')}`);
        const res = await postInquiry(site.url, body);
        assert.equal(res.status, 201, await res.text());
        acknowledged.push({ email: body.email, at: performance.now() });
      }
      return acknowledged;
    });
    const upload = admin.uploaded(photo);
    const puppyChange = (async () => {
      const puppy = (await admin.list())[0];
      assert.ok(puppy);
      const res = await admin.send('PUT', `/api/puppies/${puppy.id}`, {
        ...newPuppy('Biscuit'),
        photos: puppy.photos.map(({ id, alt }) => ({ id, alt })),
        version: puppy.version,
      });
      assert.equal(res.status, 200, await res.text());
    })();
    // The backup starts while the lanes are under way.
    await new Promise((resolve) => setTimeout(resolve, 150));
    backupStarted = performance.now();
    const backup = await runBuiltOk('backup', ['--out', archive], { DATA_DIR: site.dataDir });
    backupDone = performance.now();
    assert.match(backup.stdout, /from the running site/);
    const [sent] = [await Promise.all(lanes), await upload, await puppyChange];
    const photoBeforeBackup = await admin.uploaded(photo); // after: not in the archive
    await site.stop();

    const verify = await runBuiltOk('backup', ['--verify', archive], { DATA_DIR: path.join(work, 'unused') });
    assert.match(verify.stdout, /^OK: /);

    const restoredDir = path.join(work, 'restored');
    const restore = await runBuiltOk('restore', [archive], { DATA_DIR: restoredDir });
    assert.match(restore.stdout, /Restored the backup made/);
    const restored = await startServer({ env: NO_LIMIT, dataDir: restoredDir });
    try {
      // The session key never comes back (decision 078): every session ended, the sign-in did not.
      assert.equal((await getJson(`${restored.url}/api/inquiries`, admin.cookie)).status, 401);
      const cookie = await signIn(restored.url, ADMIN, PASSWORD);
      const res = await getJson(`${restored.url}/api/inquiries`, cookie);
      assert.equal(res.status, 200);
      const stored = new Set(((await res.json()) as ListedInquiry[]).map((inquiry) => inquiry.email));
      let inArchive = 0;
      for (const lane of sent) {
        const present = lane.map((entry) => stored.has(entry.email));
        const cut = present.indexOf(false) === -1 ? present.length : present.indexOf(false);
        assert.ok(
          present.slice(cut).every((p) => !p),
          'one instant: a lane is kept up to a point and not after',
        );
        for (const entry of lane)
          if (entry.at < backupStarted) assert.ok(stored.has(entry.email), entry.email);
        for (const entry of lane) if (entry.at > backupDone) assert.ok(!stored.has(entry.email), entry.email);
        inArchive += cut;
      }
      assert.ok(inArchive > 0 && inArchive < LANES * PER_LANE, `taken mid-way: ${inArchive} of 200`);

      const list = ((await (await getJson(`${restored.url}/api/puppies`, cookie)).json()) as PuppyList)
        .puppies;
      assert.ok(
        list.some((puppy) => puppy.name === 'Biscuit'),
        'the puppy change acknowledged before the backup',
      );
      const urls = photoUrls(list);
      assert.ok(urls.length > 0);
      for (const url of urls) assert.equal((await fetch(`${restored.url}${url}`)).status, 200, url);
      // Every photo file is one puppies.json lists: nothing stored refers to a missing file or the reverse.
      const files = await readdir(path.join(restoredDir, 'photos'));
      assert.ok(!files.some((name) => name.startsWith(photoBeforeBackup.id)));
      const served = new Set(urls.map((url) => path.basename(url)));
      const listed = JSON.parse(await readFile(path.join(restoredDir, 'puppies.json'), 'utf8')) as {
        photos: { id: string }[];
      };
      for (const name of files)
        assert.ok(
          listed.photos.some((p) => name.startsWith(`${p.id}-`)),
          `${name} is listed in puppies.json`,
        );
      assert.ok([...served].every((name) => files.includes(name)));
    } finally {
      await restored.stop();
    }
  });

  test('a damaged, cut-off or foreign archive is refused and DATA_DIR is left as it was', async () => {
    const dataDir = path.join(work, 'stopped');
    const origin = await startServer({ env: NO_LIMIT, dataDir });
    await postInquiry(origin.url, uniqueInquiry('kept'));
    await origin.stop();
    const good = path.join(work, 'good.tar.gz');
    const made = await runBuiltOk('backup', ['--out', good], { DATA_DIR: dataDir });
    assert.match(made.stdout, /from the stopped site/);
    const bytes = await readFile(good);

    const target = path.join(work, 'target');
    await runBuiltOk('restore', [good], { DATA_DIR: target });
    const before = await readFile(path.join(target, 'inquiries.json'), 'utf8');
    const listing = async () => (await readdir(work)).filter((name) => name.startsWith('target')).sort();
    const entriesBefore = await listing();

    const cases: [string, Buffer, RegExp][] = [];
    // One byte changed in the middle (inside the compressed photos), one in the last kilobyte.
    for (const at of [Math.floor(bytes.length / 2), bytes.length - 200]) {
      const tampered = Buffer.from(bytes);
      tampered[at] = (tampered[at] ?? 0) ^ 0x01;
      cases.push([`byte ${at} changed`, tampered, /damaged|checksum/]);
    }
    cases.push(['cut off', bytes.subarray(0, Math.floor(bytes.length * 0.7)), /damaged or incomplete/]);
    cases.push(['not an archive', Buffer.from('{"hello": "world"}\n'), /not a backup of this site/]);
    // A tar.gz made by another program: a manifest that is not ours.
    const foreign = path.join(work, 'foreign');
    await mkdir(path.join(foreign, 'data'), { recursive: true });
    await writeFile(path.join(foreign, 'data', 'inquiries.json'), '{}');
    await writeFile(path.join(foreign, 'manifest.json'), '{"format":"someone-elses-backup","files":[]}');
    execFileSync('tar', ['czf', path.join(work, 'foreign.tar.gz'), '-C', foreign, 'data', 'manifest.json']);
    cases.push([
      'a foreign tar.gz',
      await readFile(path.join(work, 'foreign.tar.gz')),
      /manifest is not a saguaro-doodles-backup manifest/,
    ]);
    for (const [label, content, message] of cases) {
      const file = path.join(work, 'bad.tar.gz');
      await writeFile(file, content);
      for (const [script, args] of [
        ['restore', [file]],
        ['backup', ['--verify', file]],
      ] as const) {
        const result = await runBuilt(script, [...args], { DATA_DIR: target });
        assert.equal(result.code, 1, `${label}: ${script} refused`);
        assert.match(result.stderr, /^Refused: /, label);
        assert.match(result.stderr, message, `${label}: ${result.stderr}`);
      }
      assert.equal(await readFile(path.join(target, 'inquiries.json'), 'utf8'), before, label);
      assert.deepEqual(await listing(), entriesBefore, `${label}: nothing left beside DATA_DIR`);
    }
    assert.ok((await stat(path.join(target, 'inquiries.json'))).isFile());
  });

  test('an encrypted archive: age opens it, a wrong passphrase is refused, the right one restores', async () => {
    const dataDir = path.join(work, 'secret');
    const origin = await startServer({ env: NO_LIMIT, dataDir });
    const body = uniqueInquiry('encrypted');
    await postInquiry(origin.url, body);
    const archive = path.join(work, 'secret.tar.gz.age');
    const passphrase = 'burst-swarm-slender-curve';
    await runBuiltOk('backup', ['--out', archive], { DATA_DIR: dataDir, BACKUP_PASSPHRASE: passphrase });
    // The site is running: restore refuses and says how to stop it.
    const refusedRunning = await runBuilt('restore', [archive], {
      DATA_DIR: dataDir,
      BACKUP_PASSPHRASE: passphrase,
    });
    assert.equal(refusedRunning.code, 1);
    assert.match(refusedRunning.stderr, /the site is running on DATA_DIR .* \(pid \d+\)\. Stop it first/);
    await origin.stop();

    const head = (await readFile(archive)).subarray(0, 22).toString();
    assert.equal(head, 'age-encryption.org/v1\n');
    // Debian's age CLI opens it without this app (it reads a passphrase from a terminal only:
    // `script` gives it one), and tar lists the manifest.
    const decrypted = path.join(work, 'secret.tar.gz');
    const age = spawn('script', ['-qec', `age -d -o ${decrypted} ${archive}`, '/dev/null'], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let ageOutput = '';
    age.stdout.on('data', (chunk) => {
      ageOutput += chunk;
      if (ageOutput.includes('passphrase')) age.stdin.write(`${passphrase}\n`);
    });
    assert.equal(await new Promise((resolve) => age.once('close', resolve)), 0, ageOutput);
    const listing = execFileSync('tar', ['tzf', decrypted], { encoding: 'utf8' }).trim().split('\n');
    assert.equal(listing.at(-1), 'manifest.json');
    assert.ok(listing.includes('data/inquiries.json') && listing.includes('data/site.json'));
    assert.ok(!listing.includes('data/session-secret'), 'never the session key (decision 078)');
    const target = path.join(work, 'secret-restored');
    const wrong = await runBuilt('restore', [archive], {
      DATA_DIR: target,
      BACKUP_PASSPHRASE: 'not-the-passphrase',
    });
    assert.equal(wrong.code, 1);
    assert.match(wrong.stderr, /cannot be decrypted with BACKUP_PASSPHRASE/);
    const none = await runBuilt('restore', [archive], { DATA_DIR: target });
    assert.match(none.stderr, /is encrypted: set BACKUP_PASSPHRASE/);
    await assert.rejects(stat(target));

    await runBuiltOk('restore', [archive], { DATA_DIR: target, BACKUP_PASSPHRASE: passphrase });
    const inquiries = await readFile(path.join(target, 'inquiries.json'), 'utf8');
    assert.ok(inquiries.includes(body.email));
  });

  test('DATA_DIR is a mount point (the container volume): restored inside it, the old data kept there, never backed up', async () => {
    const source = path.join(work, 'volume-source');
    const origin = await startServer({ env: NO_LIMIT, dataDir: source });
    const body = uniqueInquiry('volume');
    await postInquiry(origin.url, body);
    await origin.stop();
    const archive = path.join(work, 'volume.tar.gz');
    await runBuiltOk('backup', ['--out', archive], { DATA_DIR: source });

    // A real mount point: a small tmpfs (root only; the test fails, never skips, without it).
    const volume = path.join(work, 'volume');
    await mkdir(volume);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64m', 'tmpfs', volume]);
    try {
      await writeFile(path.join(volume, 'inquiries.json'), 'the old data');
      const restored = await runBuiltOk('restore', [archive], { DATA_DIR: volume });
      assert.match(restored.stdout, /The previous data is kept in .*volume\/\.before-restore-/);
      assert.ok((await readFile(path.join(volume, 'inquiries.json'), 'utf8')).includes(body.email));
      const names = await readdir(volume);
      const aside = names.find((name) => name.startsWith('.before-restore-'));
      assert.ok(aside);
      assert.equal(await readFile(path.join(volume, aside, 'inquiries.json'), 'utf8'), 'the old data');
      assert.ok(
        !names.some((name) => name.startsWith('.restoring-')),
        'the unpacked copy was moved in whole',
      );

      const again = path.join(work, 'volume-again.tar.gz');
      await runBuiltOk('backup', ['--out', again], { DATA_DIR: volume });
      const listing = execFileSync('tar', ['tzf', again], { encoding: 'utf8' });
      assert.ok(listing.includes('data/inquiries.json'));
      assert.ok(!listing.includes('before-restore'), 'the kept old data is not part of the next backup');
    } finally {
      execFileSync('umount', [volume]);
    }
  });

  test('an archive whose checksums match but whose data does not: a file off its schema, a photo missing', async () => {
    const dataDir = path.join(work, 'schema-source');
    const origin = await startServer({ env: NO_LIMIT, dataDir });
    await origin.stop();
    const good = path.join(work, 'schema-good.tar.gz');
    await runBuiltOk('backup', ['--out', good], { DATA_DIR: dataDir });

    /** Unpacks the good archive, lets `change` edit data/, rewrites the manifest to match, repacks. */
    const repacked = async (label: string, change: (data: string) => Promise<string[]>) => {
      const dir = path.join(work, `repack-${label}`);
      await mkdir(dir);
      execFileSync('tar', ['xzf', good, '-C', dir]);
      const removed = await change(path.join(dir, 'data'));
      const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as {
        files: { path: string; size: number; sha256: string }[];
      };
      manifest.files = await Promise.all(
        manifest.files
          .filter((file) => !removed.includes(file.path))
          .map(async (file) => {
            const bytes = await readFile(path.join(dir, 'data', file.path));
            return { ...file, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
          }),
      );
      await writeFile(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
      const file = path.join(work, `${label}.tar.gz`);
      execFileSync('tar', ['czf', file, '-C', dir, 'data', 'manifest.json']);
      return file;
    };
    const offSchema = await repacked('off-schema', async (data) => {
      const puppies = JSON.parse(await readFile(path.join(data, 'puppies.json'), 'utf8'));
      puppies.puppies[0].status = 'adopted';
      await writeFile(path.join(data, 'puppies.json'), JSON.stringify(puppies));
      return [];
    });
    const photoMissing = await repacked('photo-missing', async (data) => {
      const [photo] = (await readdir(path.join(data, 'photos'))).sort();
      await rm(path.join(data, 'photos', photo ?? ''));
      return [`photos/${photo}`];
    });
    const target = path.join(work, 'schema-target');
    for (const [file, message] of [
      [offSchema, /puppies\.json does not match its format, version 1 \(.* at puppies\.0/],
      [photoMissing, /photos\/\S+ is missing/],
    ] as const) {
      const result = await runBuilt('restore', [file], { DATA_DIR: target });
      assert.equal(result.code, 1);
      assert.match(result.stderr, message);
      await assert.rejects(stat(target), 'nothing restored');
    }
  });
});

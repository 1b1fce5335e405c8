import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { STORAGE_UNAVAILABLE } from '../../src/features/inquiries/submission.server';
import { NOT_STORED } from '../../src/server/http/errors';
import { phoneJpeg } from '../fixtures/photos';
import { fillDisk, mountSmallDisk, snapshot } from '../helpers/full-disk';
import { postForm, postInquiry, readInquiriesFile, uniqueInquiry, validInquiry } from '../helpers/inquiries';
import { newPuppy, type PuppyClient, puppyAdmin } from '../helpers/puppies';
import { type RunningServer, startServer } from '../helpers/server';

/**
 * A full disk, for real: DATA_DIR on a small tmpfs mounted for this test (the tests run as root
 * in the container; a machine that cannot mount fails the test rather than skip it). The disk
 * is filled while the site runs; every write must be refused cleanly (503, nothing stored
 * damaged) and the site must work again, without a restart, once space is free.
 */
describe('a full disk', () => {
  let disk: Awaited<ReturnType<typeof mountSmallDisk>>;
  let mountPoint: string;
  let fixtures: string;
  let server: RunningServer;
  let admin: PuppyClient;
  let dataDir: string;

  before(async () => {
    fixtures = await mkdtemp(path.join(tmpdir(), 'doodles-full-disk-fixtures-'));
    disk = await mountSmallDisk();
    mountPoint = disk.dir;
    dataDir = path.join(mountPoint, 'data');
    await mkdir(dataDir);
    server = await startServer({ dataDir, env: { INQUIRY_RATE_LIMIT: 'off' } });
    admin = await puppyAdmin(server.url, dataDir);
  });

  after(async () => {
    await server?.stop();
    await disk?.unmount();
    await rm(fixtures, { recursive: true, force: true });
  });

  test('writes are refused with 503 and an error, nothing stored is damaged, and it recovers by itself', async () => {
    const jpeg = await phoneJpeg(fixtures);
    const photo = await admin.uploaded(jpeg);
    const created = await admin.send('POST', '/api/puppies', newPuppy('Maple', photo));
    assert.equal(created.status, 201);
    const before = await Promise.all(
      [1, 2, 3].map((i) => postInquiry(server.url, uniqueInquiry(`before${i}`))),
    );
    assert.deepEqual(
      before.map((res) => res.status),
      [201, 201, 201],
    );
    const maple = await admin.find('Maple');

    const filler = path.join(mountPoint, 'filler');
    await fillDisk(filler);
    const stored = await snapshot(dataDir);

    // A family's inquiry: the answer of storage unavailable, for the form with and without scripts.
    const refused = await postInquiry(server.url, uniqueInquiry('full'));
    assert.equal(refused.status, 503);
    assert.deepEqual(await refused.json(), { message: STORAGE_UNAVAILABLE });
    const form = await postForm(server.url, { ...validInquiry, email: 'form@example.com' });
    assert.equal(form.status, 503);
    assert.match(await form.text(), new RegExp(STORAGE_UNAVAILABLE.replace('.', '\\.')));

    // The breeder's changes: 503 with a message her toast shows; her list is as it was.
    const move = await admin.send('PUT', `/api/puppies/${maple.id}`, {
      ...newPuppy('Maple', photo),
      title: 'Maple – changed on a full disk',
      version: maple.version,
    });
    assert.equal(move.status, 503);
    assert.deepEqual(await move.json(), { message: NOT_STORED });
    const added = await admin.send('POST', '/api/puppies', newPuppy('Juniper', photo));
    assert.equal(added.status, 503);
    assert.equal((await admin.find('Maple')).title, maple.title);
    const upload = await admin.upload(jpeg);
    assert.ok(
      upload.status === 503 || upload.events?.at(-1)?.stage === 'failed',
      `the upload failed visibly: ${JSON.stringify(upload)}`,
    );

    assert.match(server.output(), /ENOSPC/, 'the log says why');
    // Nothing already stored changed, and no half-written or temp file was left behind.
    assert.deepEqual(await snapshot(dataDir), stored);
    const health = await fetch(`${server.url}/healthz`);
    assert.equal(health.status, 200, 'the site still answers');

    // Space again: the same requests succeed, without a restart.
    await rm(filler);
    const again = await postInquiry(server.url, uniqueInquiry('after'));
    assert.equal(again.status, 201);
    const { id } = await again.json();
    const { inquiries } = await readInquiriesFile(dataDir);
    assert.equal(inquiries.length, 4);
    assert.equal(inquiries.at(-1)?.id, id);
    const changed = await admin.send('PUT', `/api/puppies/${maple.id}`, {
      ...newPuppy('Maple', photo),
      title: 'Maple – changed once there was room',
      version: maple.version,
    });
    assert.equal(changed.status, 200);
    assert.equal((await admin.find('Maple')).title, 'Maple – changed once there was room');
    const second = await admin.upload(jpeg);
    assert.equal(second.photo === undefined, false, 'a photo uploads again');
  });
});

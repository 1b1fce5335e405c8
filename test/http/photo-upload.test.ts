/**
 * POST /api/photos against the built server with real files: a phone JPEG carrying an EXIF
 * orientation and the GPS position of the breeder's home, a PNG, a text file named .jpg, a file
 * over 20 MB and a decompression bomb. What is stored is checked on disk with exiftool.
 */
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { photoMessages } from '../../src/shared/photo-rules';
import {
  bomb,
  exifTags,
  fixtureDir,
  metadataTags,
  oversized,
  phoneJpeg,
  pngPhoto,
  textAsJpeg,
} from '../fixtures/photos';
import { type PuppyClient, puppyAdmin } from '../helpers/puppies';
import { type RunningServer, startServer } from '../helpers/server';

/**
 * Sends 1 MB chunks until the server cuts the connection ('cut off'), or answers. (With node:http:
 * fetch's pool stays stuck behind a request whose body never ends.)
 */
function endlessUpload(url: string, cookie: string): Promise<string> {
  return new Promise((resolve) => {
    const req = http.request(url, {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'image/jpeg' },
    });
    const chunk = Buffer.alloc(1024 * 1024);
    const send = () => {
      while (req.write(chunk));
    };
    req.on('drain', send);
    req.on('response', (res) => {
      res.resume();
      resolve(`answered ${res.statusCode}`);
    });
    req.on('error', () => resolve('cut off'));
    send();
  });
}

describe('photo uploads', () => {
  let server: RunningServer;
  let admin: PuppyClient;
  let fixtures: string;

  before(async () => {
    server = await startServer();
    admin = await puppyAdmin(server.url, server.dataDir);
    fixtures = await fixtureDir();
  });
  after(() => server?.stop());

  const photosDir = () => path.join(server.dataDir, 'photos');
  const puppiesFile = () => readFile(path.join(server.dataDir, 'puppies.json'), 'utf8');

  test('a phone photo is stored upright with no EXIF, GPS or other metadata, progress streamed', async () => {
    const file = await phoneJpeg(fixtures);
    const original = await exifTags(file);
    assert.equal(original['EXIF:Orientation'], 6);
    assert.ok(original['EXIF:GPSLatitude'], 'the fixture has the GPS position');

    const result = await admin.upload(file, 'image/jpeg');
    assert.equal(result.status, 200);
    assert.match(result.type ?? '', /application\/x-ndjson/);
    const processing = (result.events ?? []).filter((event) => event.stage === 'processing');
    assert.equal(processing.at(-1)?.stage === 'processing' && processing.at(-1)?.total, 9);
    assert.ok(result.photo);
    assert.deepEqual([result.photo.variants.width, result.photo.variants.height], [900, 1200]);

    const stored = (await readdir(photosDir())).filter((name) => name.startsWith(result.photo?.id ?? '-'));
    assert.equal(stored.length, 9);
    for (const name of stored) {
      const tags = await exifTags(path.join(photosDir(), name));
      assert.deepEqual(metadataTags(tags), [], `${name} carries no metadata`);
      assert.equal(tags['EXIF:GPSLatitude'], undefined);
      const meta = await sharp(path.join(photosDir(), name)).metadata();
      assert.ok((meta.height ?? 0) > (meta.width ?? 0), `${name} is upright`);
    }
    // Served as stored: the bytes a visitor downloads are the clean ones.
    const res = await fetch(`${server.url}${result.photo.variants.src}`);
    assert.deepEqual(metadataTags(await exifTagsOf(Buffer.from(await res.arrayBuffer()))), []);
  });

  /** exiftool reads a file: write the downloaded bytes to one first. */
  async function exifTagsOf(data: Buffer) {
    const file = path.join(fixtures, `downloaded-${Date.now()}.jpg`);
    await import('node:fs/promises').then((fs) => fs.writeFile(file, data));
    return exifTags(file);
  }

  test('a PNG is accepted whatever type it is declared as', async () => {
    const result = await admin.upload(await pngPhoto(fixtures), 'text/plain');
    assert.equal(result.status, 200);
    assert.ok(result.photo);
  });

  test('refused with a clear message, nothing stored: a renamed text file, over 20 MB, a bomb', async () => {
    const before = await readdir(photosDir());
    const listed = await puppiesFile();
    const cases: [string | Buffer, number, string][] = [
      [await textAsJpeg(fixtures), 415, photoMessages.unreadable],
      [await oversized(fixtures), 413, photoMessages.tooBig],
      [await bomb(fixtures), 422, photoMessages.tooManyPixels],
      [Buffer.alloc(0), 422, photoMessages.empty],
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>'),
        415,
        photoMessages.format('svg'),
      ],
    ];
    for (const [file, status, message] of cases) {
      const result = await admin.upload(file);
      assert.deepEqual([result.status, result.message], [status, message], String(file));
    }
    assert.deepEqual(await readdir(photosDir()), before);
    assert.equal(await puppiesFile(), listed);
  });

  test('a body with no length: 413 once it passes 20 MB; one that never ends is cut off', {
    timeout: 30_000,
  }, async () => {
    const before = await readdir(photosDir());
    /** A streamed (chunked) body of `chunks` MB. */
    const streamed = (chunks: number) => {
      let sent = 0;
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent++ === chunks) controller.close();
          else controller.enqueue(new Uint8Array(1024 * 1024));
        },
      });
    };
    const post = (body: ReadableStream<Uint8Array>) =>
      fetch(`${server.url}/api/photos`, {
        method: 'POST',
        headers: { Cookie: admin.cookie, 'Content-Type': 'image/jpeg' },
        body,
        duplex: 'half',
      } as RequestInit);
    const res = await post(streamed(25));
    assert.equal(res.status, 413);
    assert.deepEqual(await res.json(), { message: photoMessages.tooBig });
    assert.equal(await endlessUpload(`${server.url}/api/photos`, admin.cookie), 'cut off');
    assert.equal((await fetch(`${server.url}/healthz`)).status, 200, 'the server is still up');
    assert.deepEqual(await readdir(photosDir()), before);
  });
});

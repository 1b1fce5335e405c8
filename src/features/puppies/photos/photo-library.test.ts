import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import {
  bomb,
  exifTags,
  exifTagsOfEach,
  fixtureDir,
  metadataTags,
  oversized,
  phoneJpeg,
  pngPhoto,
  textAsJpeg,
} from '../../../../test/fixtures/photos';
import { photoMessages } from '../../../shared/photo-rules';
import { WriteGate } from '../../../storage/durable-write';
import { PhotoFiles } from '../../../storage/photo-files';
import { createPhotoLibrary } from './photo-library.server';
import { PhotoRejected } from './process-photo.server';
import { WIDTHS } from './settings.server';

let fixtures: string;
let dir: string;

before(async () => {
  fixtures = await fixtureDir();
  dir = await mkdtemp(path.join(tmpdir(), 'doodle-library-'));
});
after(async () => {
  await rm(fixtures, { recursive: true, force: true });
  await rm(dir, { recursive: true, force: true });
});

describe('photo processing', () => {
  test('a phone JPEG is turned upright and every metadata block, GPS included, is removed', async () => {
    const file = await phoneJpeg(fixtures);
    const tags = await exifTags(file);
    // The fixture really carries what a phone writes.
    assert.equal(tags['EXIF:Orientation'], 6);
    assert.ok(tags['EXIF:GPSLatitude'], 'fixture has GPS');
    assert.ok(tags['XMP:Creator'] ?? tags['XMP-dc:Creator'], 'fixture has XMP');

    const library = createPhotoLibrary(new PhotoFiles(dir, new WriteGate()));
    const progress: number[] = [];
    const photo = await library.process(await readFile(file), { onProgress: (done) => progress.push(done) });
    assert.deepEqual([photo.width, photo.height], [900, 1200], 'upright: portrait');
    assert.deepEqual(photo.widths, [480, 800, 900]);
    assert.equal(progress.length, 9, 'three widths × three formats');
    assert.match(photo.id, /^[A-Za-z0-9_-]{16}$/);

    const names = (await readdir(dir)).filter((name) => name.startsWith(photo.id)).sort();
    assert.equal(names.length, 9);
    const tagsOfEach = await exifTagsOfEach(names.map((name) => path.join(dir, name)));
    for (const [i, name] of names.entries()) {
      const stored = path.join(dir, name);
      const meta = await sharp(stored).metadata();
      assert.equal(meta.exif, undefined, `${name} has no EXIF`);
      assert.equal(meta.xmp, undefined, `${name} has no XMP`);
      assert.equal(meta.iptc, undefined, `${name} has no IPTC`);
      assert.equal(meta.orientation, undefined, `${name} has no orientation`);
      assert.ok((meta.height ?? 0) > (meta.width ?? 0), `${name} is upright`);
      assert.deepEqual(metadataTags(tagsOfEach[i] ?? {}), [], `${name}: exiftool finds no metadata`);
    }
    // Red was the top as stored; rotated 90° clockwise it is the right-hand side.
    const jpeg = path.join(dir, `${photo.id}-480.jpg`);
    const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number): [number, number, number] => {
      const at = (y * info.width + x) * 3;
      return [data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0];
    };
    const [rr, rg, rb] = pixel(info.width - 20, 100);
    const [lr, lg, lb] = pixel(20, 100);
    assert.ok(rr > 200 && rg < 60 && rb < 60, `right is red: ${[rr, rg, rb]}`);
    assert.ok(lb > 200 && lr < 60 && lg < 60, `left is blue: ${[lr, lg, lb]}`);
  });

  test('a PNG is accepted and encoded at the build widths in AVIF, WebP and JPEG', async () => {
    const library = createPhotoLibrary(new PhotoFiles(dir, new WriteGate()));
    const photo = await library.process(await readFile(await pngPhoto(fixtures)));
    assert.deepEqual(photo.widths, [480, 800, 1000]);
    for (const [ext, format] of [
      ['avif', 'heif'],
      ['webp', 'webp'],
      ['jpg', 'jpeg'],
    ] as const) {
      const meta = await sharp(path.join(dir, `${photo.id}-800.${ext}`)).metadata();
      assert.equal(meta.format, format);
      assert.equal(meta.width, 800);
    }
  });

  test('a big photo gets every standard width, the widest 1920', async () => {
    const big = await sharp({ create: { width: 4032, height: 3024, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    const photo = await createPhotoLibrary(new PhotoFiles(dir, new WriteGate())).process(big);
    assert.deepEqual(photo.widths, [...WIDTHS]);
    assert.deepEqual([photo.width, photo.height], [1920, 1440]);
  });

  const refused = async (input: Buffer, message: string, status: number) => {
    const before = await readdir(dir);
    await assert.rejects(
      createPhotoLibrary(new PhotoFiles(dir, new WriteGate())).process(input),
      (error: unknown) => {
        assert.ok(error instanceof PhotoRejected);
        assert.equal(error.message, message);
        assert.equal(error.status, status);
        return true;
      },
    );
    assert.deepEqual(await readdir(dir), before, 'nothing written');
  };

  test('a text file named .jpg is refused by what it is, not its name', async () => {
    await refused(await readFile(await textAsJpeg(fixtures)), photoMessages.unreadable, 415);
  });

  test('a GIF, an SVG or a TIFF is refused as the wrong type', async () => {
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    await refused(gif, photoMessages.format('gif'), 415);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    await refused(svg, photoMessages.format('svg'), 415);
    const tiff = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .tiff()
      .toBuffer();
    await refused(tiff, photoMessages.format('tiff'), 415);
  });

  test('over 20 MB, empty, a decompression bomb and a truncated photo are refused', async () => {
    await refused(await readFile(await oversized(fixtures)), photoMessages.tooBig, 413);
    await refused(Buffer.alloc(0), photoMessages.empty, 422);
    await refused(await readFile(await bomb(fixtures)), photoMessages.tooManyPixels, 422);
    const whole = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#a00' } })
      .jpeg()
      .toBuffer();
    await refused(whole.subarray(0, 300), photoMessages.unreadable, 415);
  });

  /** A plain PNG, cheap to encode, for the tests whose assertions do not depend on its size. */
  const smallPng = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#c8a05a' } })
      .png()
      .toBuffer();

  test('photos are processed one at a time', async () => {
    const library = createPhotoLibrary(new PhotoFiles(dir, new WriteGate()));
    const input = await smallPng(120, 90);
    const events: string[] = [];
    const one = (name: string) =>
      library.process(input, {
        onStart: () => events.push(`${name} start`),
        onProgress: (done, total) => done === total && events.push(`${name} end`),
      });
    await Promise.all([one('a'), one('b')]);
    assert.deepEqual(events, ['a start', 'a end', 'b start', 'b end']);
  });

  test('remove deletes a photo’s files; removeUnknown deletes files no photo names', async () => {
    const library = createPhotoLibrary(new PhotoFiles(dir, new WriteGate()));
    // 1000 wide for three widths (nine files), 100 high for an eighth of pngPhoto's pixels.
    const input = await smallPng(1000, 100);
    const kept = await library.process(input);
    const dropped = await library.process(input);
    await library.remove([dropped]);
    const names = await readdir(dir);
    assert.equal(names.filter((name) => name.startsWith(dropped.id)).length, 0);
    assert.equal(names.filter((name) => name.startsWith(kept.id)).length, 9);
    await library.removeUnknown([kept]);
    assert.deepEqual((await readdir(dir)).sort(), names.filter((name) => name.startsWith(kept.id)).sort());
  });
});

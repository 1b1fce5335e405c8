import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { StorageError, WriteGate } from '../../storage/durable-write';
import { type PuppiesData, PuppyFile, type UploadedPhoto } from '../../storage/puppy-file';
import { puppiesFile } from '../../storage/registry';
import type { PuppyRecord } from './puppies';
import {
  abandonedPhotos,
  addPhoto,
  createPuppy,
  markSold,
  movePuppy,
  PuppyNotFound,
  PuppyRefused,
  removePuppy,
  updatePuppy,
  VersionConflict,
} from './puppy-changes.server';
import { puppyMessages } from './puppy-schema';

const at = (file: string) => ({ file, gate: new WriteGate() });

const photo = (id: string, addedAt = new Date().toISOString()): UploadedPhoto => ({
  id,
  width: 900,
  height: 1200,
  widths: [480, 800, 900],
  addedAt,
});

const fields = (name: string, ...photos: string[]) => ({
  name,
  title: `${name} – The Sweet One`,
  description: `${name} loves naps.`,
  coat: 'Wavy',
  color: 'Cream',
  personality: 'Calm',
  photos: photos.map((id) => ({ id, alt: `${name} photo ${id}` })),
});

const empty: PuppiesData = { puppies: [], photos: [photo('photo-a'), photo('photo-b'), photo('photo-c')] };
const soldTitle = (name: string) => `${name} – Sold!`;

describe('puppy changes', () => {
  test('create, then a second puppy with the same name is refused; names compare without case', () => {
    const [one, daisy] = createPuppy(empty, fields('Daisy', 'photo-a'));
    assert.equal(daisy.version, 1);
    assert.throws(
      () => createPuppy(one, fields('daisy', 'photo-b')),
      (error) => error instanceof PuppyRefused && error.errors.name === puppyMessages.nameTaken('daisy'),
    );
  });

  test('an unknown photo is refused', () => {
    assert.throws(
      () => createPuppy(empty, fields('Daisy', 'nope-nope')),
      (error) => error instanceof PuppyRefused && error.errors['photos.0.id'] === puppyMessages.photoUnknown,
    );
  });

  test('update bumps the version; a stale version is a conflict; an unknown id is not found', () => {
    const [one, daisy] = createPuppy(empty, fields('Daisy', 'photo-a'));
    const [two, updated] = updatePuppy(one, daisy.id, 1, fields('Daisy', 'photo-b', 'photo-a'));
    assert.equal(updated.version, 2);
    assert.throws(() => updatePuppy(two, daisy.id, 1, fields('Daisy', 'photo-a')), VersionConflict);
    assert.throws(() => updatePuppy(two, 'missing', 1, fields('Daisy', 'photo-a')), PuppyNotFound);
    // Renaming to its own name is not a clash.
    updatePuppy(two, daisy.id, 2, fields('DAISY', 'photo-a'));
  });

  test('a photo removed from the only puppy using it is released, an unsaved upload is not', () => {
    const [one, daisy] = createPuppy(empty, fields('Daisy', 'photo-a', 'photo-b'));
    const [two] = updatePuppy(one, daisy.id, 1, fields('Daisy', 'photo-a'));
    assert.deepEqual(
      two.photos.map((p) => p.id),
      ['photo-a', 'photo-c'],
    );
  });

  test('move up and down within its list; at an end it stays', () => {
    let data = empty;
    const ids: string[] = [];
    for (const name of ['A', 'B', 'C']) {
      const [next, puppy] = createPuppy(data, fields(name, 'photo-a'));
      data = next;
      ids.push(puppy.id);
    }
    [data] = movePuppy(data, ids[2] ?? '', 1, 'up');
    assert.deepEqual(
      data.puppies.map((p) => p.name),
      ['A', 'C', 'B'],
    );
    [data] = movePuppy(data, ids[0] ?? '', 1, 'up');
    assert.deepEqual(
      data.puppies.map((p) => p.name),
      ['A', 'C', 'B'],
    );
  });

  test('mark as sold: top of the sold list, "{name} – Sold!", the note and only the main photo', () => {
    let data = empty;
    const [one, a] = createPuppy(data, fields('A', 'photo-a', 'photo-b'));
    const [two, b] = createPuppy(one, fields('B', 'photo-c'));
    [data] = markSold(two, b.id, 1, 'Congrats B', soldTitle);
    const [three, soldA] = markSold(data, a.id, 1, 'Congrats A', soldTitle);
    assert.deepEqual(
      three.puppies.map((p) => [p.name, p.status]),
      [
        ['A', 'sold'],
        ['B', 'sold'],
      ],
    );
    assert.equal(soldA.title, 'A – Sold!');
    assert.equal(soldA.description, 'Congrats A');
    assert.deepEqual(
      soldA.photos.map((p) => p.id),
      ['photo-a'],
    );
    assert.deepEqual(
      three.photos.map((p) => p.id),
      ['photo-a', 'photo-c'],
      'photo-b released',
    );
    assert.throws(() => markSold(three, a.id, 2, 'again', soldTitle), PuppyRefused);
    // A sold puppy's name no longer blocks a new available puppy of that name.
    createPuppy(three, fields('A', 'photo-c'));
  });

  test('remove releases its photos; uploads nobody used are abandoned after a while', () => {
    const [one, a] = createPuppy(empty, fields('A', 'photo-a'));
    const two = removePuppy(one, a.id, 1);
    assert.deepEqual(
      two.photos.map((p) => p.id),
      ['photo-b', 'photo-c'],
    );
    const old = addPhoto(two, photo('photo-old', '2020-01-01T00:00:00.000Z'));
    assert.deepEqual(
      abandonedPhotos(old, Date.now(), 86_400_000).map((p) => p.id),
      ['photo-old'],
    );
  });
});

describe('puppies.json', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'doodle-puppies-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  test('seeded once, then changes are on disk before they resolve and survive a reopen', async () => {
    const file = path.join(dir, 'puppies.json');
    let seeded = 0;
    const seed = async () => {
      seeded += 1;
      return empty;
    };
    const store = await PuppyFile.open(at(file), seed);
    let changes = 0;
    store.onChange(() => {
      changes += 1;
    });
    const { result } = await store.change((data) => createPuppy(data, fields('Daisy', 'photo-a')));
    const onDisk = JSON.parse(await readFile(file, 'utf8'));
    assert.equal(onDisk.version, puppiesFile.version);
    assert.equal(onDisk.puppies[0].name, 'Daisy');
    assert.equal(changes, 1);
    assert.equal(store.revision, 1);
    await store.close();

    const reopened = await PuppyFile.open(at(file), seed);
    assert.equal(seeded, 1);
    assert.equal((reopened.data.puppies[0] as PuppyRecord).id, result.id);
  });

  test('a refused change writes nothing and reports no change', async () => {
    const file = path.join(dir, 'refused.json');
    const store = await PuppyFile.open(at(file), async () => empty);
    const before = await readFile(file, 'utf8');
    await assert.rejects(
      store.change((data) => updatePuppy(data, 'missing', 1, fields('X', 'photo-a'))),
      PuppyNotFound,
    );
    assert.equal(await readFile(file, 'utf8'), before);
    assert.equal(store.revision, 0);
  });

  test('released photos are reported for deletion', async () => {
    const store = await PuppyFile.open(at(path.join(dir, 'released.json')), async () => empty);
    const { result } = await store.change((data) => createPuppy(data, fields('A', 'photo-a')));
    const { released } = await store.change((data) => [removePuppy(data, result.id, 1), null]);
    assert.deepEqual(
      released.map((p) => p.id),
      ['photo-a'],
    );
  });

  test('a corrupt file or another format version is refused and left untouched', async () => {
    for (const content of ['{"version":1,"puppies":[', '{"version":99,"puppies":[],"photos":[]}', '[]']) {
      const file = path.join(dir, 'corrupt.json');
      await writeFile(file, content);
      await assert.rejects(
        PuppyFile.open(at(file), async () => empty),
        StorageError,
      );
      assert.equal(await readFile(file, 'utf8'), content);
    }
  });
});

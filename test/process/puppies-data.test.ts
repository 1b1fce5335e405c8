/**
 * puppies.json and photos/ across restarts of the built server: seeded once, kept as changed,
 * a corrupt file refused at start and left untouched, files no photo names removed at start.
 */
import assert from 'node:assert/strict';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, test } from 'node:test';
import { runServerExpectingFailure, startServer } from '../helpers/server';
import { suiteTempDirs } from '../helpers/suite';

describe('the puppies data across restarts', () => {
  const tempDir = suiteTempDirs('puppies');

  test('seeded on the first start only; a stray file in photos/ is removed at start', async () => {
    const dataDir = await tempDir();
    const first = await startServer({ dataDir });
    await first.stop();
    const seeded = await readFile(path.join(dataDir, 'puppies.json'), 'utf8');
    const photos = await readdir(path.join(dataDir, 'photos'));
    assert.equal(photos.length > 0, true);
    await writeFile(path.join(dataDir, 'photos', 'leftover-480.jpg'), 'half a photo from a crash');

    const second = await startServer({ dataDir });
    await second.stop();
    assert.equal(await readFile(path.join(dataDir, 'puppies.json'), 'utf8'), seeded, 'not seeded again');
    assert.deepEqual((await readdir(path.join(dataDir, 'photos'))).sort(), photos.sort());
  });

  test('a corrupt puppies.json stops the start with a message naming it, and is left untouched', async () => {
    const dataDir = await tempDir();
    const file = path.join(dataDir, 'puppies.json');
    for (const content of ['{"version":1,"puppies":[', '{"version":7,"puppies":[],"photos":[]}']) {
      await writeFile(file, content);
      const { code, output } = await runServerExpectingFailure({ DATA_DIR: dataDir });
      assert.notEqual(code, 0);
      assert.match(output, /puppies\.json/);
      assert.equal(await readFile(file, 'utf8'), content);
    }
  });
});

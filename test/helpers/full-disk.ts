import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, open, readdir, readFile, rmdir, statfs } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A small real file system (tmpfs) mounted for a test: the tests run as root in the container; a
 * machine that cannot mount fails the test rather than skip it. 16 MB holds a first start's
 * puppies and their photos (about 4 MB) and little more.
 */
export async function mountSmallDisk(): Promise<{ dir: string; unmount: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'doodles-full-disk-'));
  await run('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', dir]);
  return {
    dir,
    async unmount() {
      await run('umount', [dir]).catch(() => run('umount', ['-l', dir]));
      await rmdir(dir);
    },
  };
}

/** Writes `filler` until the file system refuses another byte. */
export async function fillDisk(filler: string): Promise<void> {
  const handle = await open(filler, 'w');
  try {
    const { bavail, bsize } = await statfs(path.dirname(filler));
    const chunk = Buffer.alloc(64 * 1024, 1);
    for (let left = bavail * bsize + chunk.length; left > 0; left -= chunk.length) {
      try {
        await handle.write(chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOSPC') break;
        throw error;
      }
    }
    // The last blocks: a little at a time until even that is refused.
    for (;;) {
      try {
        await handle.write(Buffer.alloc(512, 1));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOSPC') break;
        throw error;
      }
    }
  } finally {
    await handle.close();
  }
  assert.equal((await statfs(path.dirname(filler))).bavail, 0, 'the disk is full');
}

/** Every file under `dir` and its bytes (the photos folder included): nothing stored may change. */
export async function snapshot(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, file), (await readFile(file)).toString('base64'));
  }
  return files;
}

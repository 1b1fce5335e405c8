import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { removeFiles, StorageError, syncDataFolder, type WriteGate, writeNewFile } from './durable-write';
import { proofsFolder } from './registry';

/**
 * DATA_DIR/proofs: the receipts families attach to their page ("Add proof of payment"), each a
 * file written once under a random name, fsync'd with its folder before family.json names it.
 * Private: read only through the admin API, never served as a public file.
 */
export class ProofFiles {
  constructor(
    private readonly dir: string,
    private readonly gate: WriteGate,
  ) {}

  /** Writes a new file and makes it an entry of the folder (durable before this resolves). */
  async write(name: string, data: Buffer): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await writeNewFile(this.gate, this.pathOf(name), data, 0o600);
    await syncDataFolder(this.gate, this.dir);
  }

  read(name: string): Promise<Buffer> {
    return readFile(this.pathOf(name));
  }

  remove(names: readonly string[]): Promise<void> {
    return removeFiles(
      this.gate,
      names.map((name) => this.pathOf(name)),
    );
  }

  private pathOf(name: string): string {
    if (!proofsFolder.schema.safeParse(name).success)
      throw new StorageError(`Not a proof file name: ${name}`);
    return path.join(this.dir, name);
  }
}

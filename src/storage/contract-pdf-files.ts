import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { removeFiles, StorageError, syncDataFolder, type WriteGate, writeNewFile } from './durable-write';
import { contractPdfsFolder } from './registry';

/**
 * DATA_DIR/contracts: each signed agreement's PDF, written once under its contract's id, fsync'd
 * and the folder synced before contracts.json names it. Never rewritten: the SHA-256 shown beside
 * it stays true, and a restored archive holds the same bytes.
 */
export class ContractPdfFiles {
  constructor(
    private readonly dir: string,
    private readonly gate: WriteGate,
  ) {}

  /**
   * Writes a new PDF and makes it durable as an entry of the folder. A file already there under
   * that name is one a crash left before contracts.json named it: it is replaced.
   */
  async write(name: string, data: Buffer): Promise<void> {
    const file = this.pathOf(name);
    await mkdir(this.dir, { recursive: true });
    try {
      await writeNewFile(this.gate, file, data, 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      await removeFiles(this.gate, [file]);
      await writeNewFile(this.gate, file, data, 0o600);
    }
    await syncDataFolder(this.gate, this.dir);
  }

  read(name: string): Promise<Buffer> {
    return readFile(this.pathOf(name));
  }

  private pathOf(name: string): string {
    if (!contractPdfsFolder.schema.safeParse(name).success)
      throw new StorageError(`Not a contract file name: ${name}`);
    return path.join(this.dir, name);
  }
}

import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import sharp from 'sharp';
import tarStream from 'tar-stream';
import type { PuppiesData } from '../../storage/file-schemas';
import { type DataEntry, dataEntries, photosFolder, puppiesFile } from '../../storage/registry';
import { planUpgrade } from '../../storage/upgrade';
import { FORMAT_NAMES, photoFileName } from '../puppies/index';
import { ARCHIVE_FORMAT, DATA_PREFIX, MANIFEST_NAME, type Manifest, manifestSchema } from './archive.server';
import { type DecryptionError, decryptStream, isAgeFile, isGzipFile } from './encryption.server';

/** The archive cannot be restored; the message says why, for the person at the terminal. */
export class ArchiveRefused extends Error {}

/** A manifest larger than this is not one of ours (ours is about 150 bytes a file). */
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;

/**
 * Unpacks `archive` into the empty folder `into` and checks all of it (decision 075): the
 * manifest is ours, every file it lists is there with its size and SHA-256 and nothing else is,
 * every JSON file parses, and every photo a puppy names is there and decodes. Throws
 * ArchiveRefused naming the first problem; `into` is the caller's to remove then.
 */
export async function unpackAndCheck(
  archive: string,
  into: string,
  passphrase: string | undefined,
): Promise<Manifest> {
  const source = await openArchive(archive, passphrase);
  const found = await unpack(source, into);
  const manifest = checkManifest(found);
  const problems = await checkData(path.join(into, 'data'), manifest);
  if (problems.length > 0)
    throw new ArchiveRefused(`The archive's data is not usable: ${problems.join('; ')}`);
  return manifest;
}

async function openArchive(archive: string, passphrase: string | undefined): Promise<Readable> {
  const head = Buffer.alloc(64);
  let bytes: number;
  try {
    const handle = await open(archive, 'r');
    try {
      ({ bytesRead: bytes } = await handle.read(head, 0, head.length, 0));
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw new ArchiveRefused(`Cannot read ${archive}: ${(error as Error).message}`);
  }
  const start = head.subarray(0, bytes);
  if (isAgeFile(start)) {
    if (!passphrase)
      throw new ArchiveRefused(
        `${archive} is encrypted: set BACKUP_PASSPHRASE to the passphrase it was made with.`,
      );
    try {
      return await decryptStream(createReadStream(archive), passphrase);
    } catch (error) {
      throw new ArchiveRefused((error as DecryptionError).message);
    }
  }
  if (!isGzipFile(start))
    throw new ArchiveRefused(
      `${archive} is not a backup of this site (neither a .tar.gz nor an age-encrypted file).`,
    );
  return createReadStream(archive);
}

interface Unpacked {
  manifest: Buffer | null;
  files: Map<string, { size: number; sha256: string }>;
}

/** A path inside data/ that stays inside it: no "..", no absolute path, no empty part. */
function safeRelative(name: string): string | null {
  if (!name.startsWith(DATA_PREFIX)) return null;
  const relative = name.slice(DATA_PREFIX.length);
  const parts = relative.split('/');
  if (
    relative === '' ||
    parts.some((part) => part === '' || part === '.' || part === '..' || part.includes('\\'))
  )
    return null;
  return relative;
}

async function unpack(source: Readable, into: string): Promise<Unpacked> {
  const extract = tarStream.extract();
  const gunzip = createGunzip();
  // Any failure upstream (a cut-off gzip, a failed decryption) ends the entry loop with its error.
  source.on('error', (error) => gunzip.destroy(error));
  gunzip.on('error', (error) => extract.destroy(error));
  source.pipe(gunzip).pipe(extract as unknown as NodeJS.WritableStream);
  const result: Unpacked = { manifest: null, files: new Map() };
  try {
    for await (const entry of extract) {
      const { name, type, size = 0 } = entry.header;
      // A folder entry (an archive repacked with tar) says nothing the files do not.
      if (type === 'directory' && (name === 'data/' || safeRelative(name.replace(/\/$/, '')) !== null)) {
        entry.resume();
        continue;
      }
      if (type !== 'file') throw new ArchiveRefused(`The archive holds "${name}", which is not a file.`);
      if (name === MANIFEST_NAME) {
        if (size > MAX_MANIFEST_BYTES || result.manifest)
          throw new ArchiveRefused('The archive has a bad manifest.');
        const chunks: Buffer[] = [];
        for await (const chunk of entry) chunks.push(chunk as Buffer);
        result.manifest = Buffer.concat(chunks);
        continue;
      }
      const relative = safeRelative(name);
      if (relative === null)
        throw new ArchiveRefused(`The archive holds "${name}", outside data/: not a backup of this site.`);
      if (result.files.has(relative)) throw new ArchiveRefused(`The archive holds ${name} twice.`);
      const target = path.join(into, 'data', relative);
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      const hash = createHash('sha256');
      let written = 0;
      const out = createWriteStream(target, { mode: 0o600, flags: 'wx' });
      for await (const chunk of entry) {
        hash.update(chunk as Buffer);
        written += (chunk as Buffer).length;
        if (!out.write(chunk)) await new Promise<void>((drained) => out.once('drain', () => drained()));
      }
      await new Promise<void>((resolve, reject) =>
        out.end((error?: Error | null) => (error ? reject(error) : resolve())),
      );
      result.files.set(relative, { size: written, sha256: hash.digest('hex') });
    }
  } catch (error) {
    if (error instanceof ArchiveRefused) throw error;
    throw new ArchiveRefused(`The archive is damaged or incomplete (${(error as Error).message}).`);
  }
  return result;
}

function checkManifest({ manifest, files }: Unpacked): Manifest {
  if (!manifest)
    throw new ArchiveRefused('The archive has no manifest: it is incomplete or not a backup of this site.');
  let parsed: Manifest;
  try {
    const json = JSON.parse(manifest.toString('utf8')) as { format?: unknown };
    if (json?.format !== ARCHIVE_FORMAT) throw new Error('foreign');
    parsed = manifestSchema.parse(json);
  } catch {
    throw new ArchiveRefused(
      `The archive's manifest is not a ${ARCHIVE_FORMAT} manifest this version can read.`,
    );
  }
  const listed = new Set(parsed.files.map((file) => file.path));
  for (const file of parsed.files) {
    const got = files.get(file.path);
    if (!got) throw new ArchiveRefused(`The archive lacks ${file.path}, which its manifest lists.`);
    if (got.size !== file.size || got.sha256 !== file.sha256)
      throw new ArchiveRefused(
        `${file.path} in the archive does not match its checksum in the manifest: the archive is damaged.`,
      );
  }
  for (const name of files.keys())
    if (!listed.has(name))
      throw new ArchiveRefused(`The archive holds ${name}, which its manifest does not list.`);
  return parsed;
}

/** Why a data file's text does not fit its registry entry, or null when it fits. */
function formatProblem(entry: DataEntry, text: string): string | null {
  const first = (issues: { message: string; path: PropertyKey[] }[]) => {
    const [issue] = issues;
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    return `${issue?.message ?? 'unexpected content'}${where}`;
  };
  if (entry.kind === 'text') {
    const parsed = entry.schema.safeParse(text);
    return parsed.success ? null : `is not a valid ${entry.name} (${first(parsed.error.issues)})`;
  }
  if (entry.kind === 'lines') {
    const [header = '', ...lines] = text.split('\n').filter((line) => line.trim() !== '');
    try {
      const head = JSON.parse(header) as { version?: unknown };
      if (typeof head?.version !== 'number' || head.version > entry.version)
        return 'has no header line of a known version';
      for (const [i, line] of lines.entries()) {
        let record: unknown;
        try {
          record = JSON.parse(line);
        } catch (error) {
          // A last line cut off by a crash is dropped by the opener, as after a crash on the site.
          if (i === lines.length - 1) break;
          throw error;
        }
        const parsed = entry.schema.safeParse(record);
        if (!parsed.success) return `line ${i + 2} is not a valid record (${first(parsed.error.issues)})`;
      }
    } catch (error) {
      return `is not valid JSON lines (${(error as Error).message})`;
    }
    return null;
  }
  if (entry.kind === 'json') {
    let value: { version?: unknown };
    try {
      value = JSON.parse(text) as { version?: unknown };
    } catch (error) {
      return `is not valid JSON (${(error as Error).message})`;
    }
    // An older format is upgraded by the server at its next start (checked below, planUpgrade).
    if (typeof value?.version === 'number' && value.version < entry.version) return null;
    const parsed = entry.schema.safeParse(value);
    return parsed.success
      ? null
      : `does not match its format, version ${entry.version} (${first(parsed.error.issues)})`;
  }
  return null;
}

/**
 * Every file is one the registry names, and fits its format: a JSON document its schema, a lines
 * file its header and records, a text file its schema, a folder's files their name rule; every
 * photo puppies.json lists (so every photo a puppy names) is there and decodes.
 */
async function checkData(dir: string, manifest: Manifest): Promise<string[]> {
  const problems: string[] = [];
  const listed = new Set(manifest.files.map((file) => file.path));
  const byName = new Map(dataEntries.map((entry) => [entry.name, entry]));
  for (const file of listed) {
    const [top = '', ...rest] = file.split('/');
    const entry = byName.get(top);
    const fits = entry && (entry.kind === 'folder' ? rest.length === 1 : rest.length === 0);
    if (!fits)
      problems.push(`${file} is not a file this site keeps (a foreign archive, or one from a newer version)`);
  }
  if (problems.length > 0) return problems;
  let puppies: PuppiesData | null = null;
  for (const entry of dataEntries) {
    if (entry.kind === 'folder') {
      for (const file of [...listed].filter((f) => f.startsWith(`${entry.name}/`)))
        if (!entry.schema.safeParse(file.slice(entry.name.length + 1)).success)
          problems.push(`${file} is not named like a file of ${entry.name}/`);
      continue;
    }
    if (!listed.has(entry.name)) continue;
    const text = await readFile(path.join(dir, entry.name), 'utf8');
    const problem = formatProblem(entry, text);
    if (problem) problems.push(`${entry.name} ${problem}`);
    else if (entry === puppiesFile) {
      const parsed = puppiesFile.schema.safeParse(JSON.parse(text));
      if (parsed.success) puppies = parsed.data;
    }
  }
  if (puppies) problems.push(...(await photoProblems(dir, puppies, listed)));
  // An archive from an earlier release: its files are upgraded by the server's next start; here
  // the same steps run in memory, so an archive that would not upgrade is refused now.
  if (problems.length === 0)
    await planUpgrade(dir).catch((error: unknown) => {
      problems.push(error instanceof Error ? error.message : String(error));
    });
  return problems;
}

/** Every photo a puppy names is listed in puppies.json, and each of its files is there and decodes. */
async function photoProblems(dir: string, puppies: PuppiesData, listed: Set<string>): Promise<string[]> {
  const problems: string[] = [];
  const stored = new Map(puppies.photos.map((photo) => [photo.id, photo]));
  for (const puppy of puppies.puppies)
    for (const ref of puppy.photos)
      if (!stored.has(ref.id))
        problems.push(`a puppy names photo ${ref.id}, which puppies.json does not list`);
  for (const photo of stored.values()) {
    for (const width of photo.widths) {
      for (const format of FORMAT_NAMES) {
        const name = `${photosFolder.name}/${photoFileName(photo.id, width, format)}`;
        if (!listed.has(name)) {
          problems.push(`${name} is missing`);
          continue;
        }
        try {
          // Decoded to pixels, not only its header read: a cut-off photo fails here.
          await sharp(path.join(dir, name)).raw().toBuffer();
        } catch (error) {
          problems.push(`${name} cannot be decoded (${(error as Error).message})`);
        }
      }
    }
  }
  return problems;
}

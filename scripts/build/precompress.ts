import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Writes name.br and name.gz beside every script and stylesheet, at the highest levels: once per build, not per request. */
export async function precompress(dir: string): Promise<void> {
  const files = (await readdir(dir, { recursive: true, encoding: 'utf8' })).filter((name) =>
    /\.(js|css|svg|json)$/.test(name),
  );
  await Promise.all(
    files.map(async (name) => {
      const file = path.join(dir, name);
      const body = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        }),
        gzipAsync(body, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    }),
  );
}

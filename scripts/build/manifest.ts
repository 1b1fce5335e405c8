import type { Metafile } from 'esbuild';
import type { AssetManifest } from '../../src/shared/asset-manifest';

const toUrl = (outfile: string, publicDir: string) => `/${outfile.slice(publicDir.length + 1)}`;

export function buildManifest(meta: Metafile, publicDir: string): AssetManifest {
  const outputs = Object.entries(meta.outputs);
  const entry = outputs.find(([, out]) => out.entryPoint === 'src/client/main.ts');
  if (!entry) throw new Error('client entry point missing from the build');
  const [entryFile, entryOut] = entry;
  const boot = outputs.find(([, out]) => out.entryPoint === 'src/client/boot.ts');
  if (!boot) throw new Error('client boot script missing from the build');
  const url = (file: string) => toUrl(file, publicDir);

  // The admin chunk is the one whose inputs include src/ui/admin/; its CSS is a sibling file
  // that esbuild names after it (chunk.css beside chunk.js).
  const admin = outputs.filter(
    ([file, out]) =>
      file.endsWith('.js') && Object.keys(out.inputs).some((input) => input.startsWith('src/ui/admin/')),
  );
  const adminScripts = admin.map(([file]) => url(file));
  const adminStyles = admin
    .map(([, out]) => out.cssBundle)
    .filter((css): css is string => Boolean(css))
    .map(url);

  return {
    entry: url(entryFile),
    boot: url(boot[0]),
    styles: entryOut.cssBundle ? [url(entryOut.cssBundle)] : [],
    preload: entryOut.imports.filter((imp) => imp.kind === 'import-statement').map((imp) => url(imp.path)),
    admin: { scripts: adminScripts, styles: adminStyles },
  };
}

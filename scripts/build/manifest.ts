import type { Metafile } from 'esbuild';
import type { AssetManifest } from '../../src/shared/asset-manifest';

const toUrl = (outfile: string, publicDir: string) => `/${outfile.slice(publicDir.length + 1)}`;

function entryOf(meta: Metafile, name: string) {
  const entry = Object.entries(meta.outputs).find(([, out]) => out.entryPoint === name);
  if (!entry) throw new Error(`${name} missing from the build`);
  return entry;
}

/**
 * `client` is the public pages' build (boot and the app), `admin` the admin pages' (the same app
 * with the admin screens, decision 044), `contract` the family's signing page's (one file of its own).
 */
export function buildManifest(
  client: Metafile,
  admin: Metafile,
  contract: Metafile,
  publicDir: string,
): AssetManifest {
  const url = (file: string) => toUrl(file, publicDir);
  const [entryFile, entryOut] = entryOf(client, 'src/client/main.ts');
  const [bootFile] = entryOf(client, 'src/client/boot.ts');
  const [adminFile] = entryOf(admin, 'src/client/main.ts');
  const [contractFile, contractOut] = entryOf(contract, 'src/client/contract.ts');

  // The admin pages preload their entry, the admin screens' chunk (the one whose inputs include
  // src/ui/admin/) and what those import; not what only the contact form loads. The admin chunk's
  // CSS is a sibling file that esbuild names after it (chunk.css beside chunk.js); the rest of the
  // styles is the public build's, inlined in every page.
  const screens = Object.entries(admin.outputs).filter(
    ([file, out]) =>
      file.endsWith('.js') && Object.keys(out.inputs).some((input) => input.startsWith('src/ui/admin/')),
  );
  const adminScripts = new Set<string>();
  const visit = (file: string) => {
    if (adminScripts.has(file)) return;
    adminScripts.add(file);
    for (const imp of admin.outputs[file]?.imports ?? [])
      if (imp.kind === 'import-statement') visit(imp.path);
  };
  for (const file of [adminFile, ...screens.map(([file]) => file)]) visit(file);
  const adminStyles = screens
    .map(([, out]) => out.cssBundle)
    .filter((css): css is string => Boolean(css))
    .map(url);

  return {
    entry: url(entryFile),
    boot: url(bootFile),
    styles: entryOut.cssBundle ? [url(entryOut.cssBundle)] : [],
    preload: entryOut.imports.filter((imp) => imp.kind === 'import-statement').map((imp) => url(imp.path)),
    admin: { entry: url(adminFile), scripts: [...adminScripts].map(url), styles: adminStyles },
    contract: {
      script: url(contractFile),
      styles: contractOut.cssBundle ? [url(contractOut.cssBundle)] : [],
    },
  };
}

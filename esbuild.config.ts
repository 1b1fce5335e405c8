/**
 * Builds the browser bundle (code-split, content-hashed) and the server bundle, both through the
 * vanilla-extract plugin with the same short identifiers so server and client class names agree,
 * then writes dist/manifest.json, which the server reads to emit the page's <script>/<link> tags.
 *
 *   tsx esbuild.config.ts              build once
 *   tsx esbuild.config.ts --if-stale   build only if a source is newer than the last build
 *   tsx esbuild.config.ts --watch      rebuild on change and restart the server (npm run dev)
 *
 * OUT_DIR (default dist) lets parallel test runs build side by side; it must stay inside the
 * project so the server bundle resolves node_modules.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { vanillaExtractPlugin } from '@vanilla-extract/esbuild-plugin';
import * as esbuild from 'esbuild';
import { buildImages } from './scripts/build/images';
import { buildManifest } from './scripts/build/manifest';
import { precompress } from './scripts/build/precompress';
import { hero } from './src/features/site/spec-content.server';
import { compactImages } from './src/shared/image-variants';
import type { ImageManifest } from './src/shared/images';

const root = path.dirname(new URL(import.meta.url).pathname);
const outDir = path.resolve(root, process.env.OUT_DIR ?? 'dist');
const args = new Set(process.argv.slice(2));
const production = !args.has('--watch');

// Both builds must agree on class names: see the README's "Traps" note.
const styles = () => vanillaExtractPlugin({ identifiers: 'short' });

/**
 * Serves the build-time image map to every bundle as `import images from 'virtual:images'`: in
 * full to the server, compacted to the browser, which rebuilds the same map at start.
 */
const imagesModule = (images: ImageManifest, browser: boolean): esbuild.Plugin => ({
  name: 'virtual-images',
  setup(build) {
    build.onResolve({ filter: /^virtual:images$/ }, () => ({ path: 'images', namespace: 'virtual' }));
    build.onLoad({ filter: /.*/, namespace: 'virtual' }, () => ({
      contents: browser
        ? `import { expandImages } from './src/shared/image-variants';\nexport default expandImages(${JSON.stringify(compactImages(images))});`
        : `export default ${JSON.stringify(images)};`,
      resolveDir: root,
      loader: 'ts',
    }));
  },
});

const makeImages = () => buildImages(root, path.join(outDir, 'public'), hero.slides[0]?.image.id ?? '');

const clientOptions: esbuild.BuildOptions = {
  entryPoints: { main: 'src/client/main.ts', boot: 'src/client/boot.ts' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: ['es2022', 'safari16'],
  outdir: path.join(outDir, 'public/assets'),
  entryNames: '[name]-[hash]',
  chunkNames: 'chunks/[name]-[hash]',
  assetNames: '[name]-[hash]',
  publicPath: '/assets',
  minify: production,
  sourcemap: production ? false : 'linked',
  metafile: true,
  legalComments: 'none',
  define: {
    'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
    DEV_RELOAD: JSON.stringify(!production),
    SERVER_RENDER: 'false',
    ADMIN_BUNDLE: 'false',
  },
  plugins: [styles()],
  logLevel: 'warning',
};

/**
 * The admin pages' bundle: the same app with the admin screens, built apart so that the public
 * page's bundle is one file sharing no chunk with admin code (decision 044).
 */
const adminClientOptions: esbuild.BuildOptions = {
  ...clientOptions,
  entryPoints: { admin: 'src/client/main.ts' },
  define: { ...clientOptions.define, ADMIN_BUNDLE: 'true' },
};

/**
 * The family's signing page's own script and stylesheet (src/features/contracts/family-contract-page.server.ts),
 * built apart and in one file: as a third entry of the public build it split esbuild's runtime
 * helpers into a chunk the landing page then preloaded too.
 */
const contractClientOptions: esbuild.BuildOptions = {
  ...clientOptions,
  entryPoints: { contract: 'src/client/contract.ts' },
  splitting: false,
};

const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
};

const serverOptions: esbuild.BuildOptions = {
  entryPoints: {
    main: 'src/server/main.ts',
    // The mail thread, started by the server and by notify-test (mail-sender.ts).
    'mail-worker': 'src/features/notices/mail-worker.server.ts',
    // The PDF thread of the signed contracts (src/features/contracts/pdf-maker.server.ts).
    'contract-pdf-worker': 'src/features/contracts/pdf-worker.server.ts',
    'create-admin': 'scripts/create-admin.ts',
    'notify-test': 'scripts/notify-test.ts',
    backup: 'scripts/backup.ts',
    restore: 'scripts/restore.ts',
  },
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outdir: path.join(outDir, 'server'),
  packages: 'external',
  sourcemap: 'linked',
  define: {
    DEV_RELOAD: JSON.stringify(!production),
    SERVER_RENDER: 'true',
    ADMIN_BUNDLE: 'true',
    APP_INFO: JSON.stringify({ name: pkg.name, version: pkg.version }),
  },
  metafile: true,
  // The server never serves its own copy of the CSS: the client build's files are the ones linked.
  plugins: [vanillaExtractPlugin({ identifiers: 'short', outputCss: false })],
  logLevel: 'warning',
};

async function newestMtime(dir: string): Promise<number> {
  let newest = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile())
      newest = Math.max(newest, (await stat(path.join(entry.parentPath, entry.name))).mtimeMs);
  }
  return newest;
}

async function isStale(): Promise<boolean> {
  const built = await stat(path.join(outDir, 'manifest.json')).catch(() => null);
  if (!built) return true;
  const inputs = await Promise.all(
    ['src', 'scripts', 'public'].map((dir) => newestMtime(path.join(root, dir)).catch(() => 0)),
  );
  const configs = await Promise.all(
    ['esbuild.config.ts', 'package-lock.json'].map((f) =>
      stat(path.join(root, f)).then(
        (s) => s.mtimeMs,
        () => 0,
      ),
    ),
  );
  return Math.max(...inputs, ...configs) > built.mtimeMs;
}

async function writeManifest(
  client: esbuild.Metafile,
  admin: esbuild.Metafile,
  contract: esbuild.Metafile,
): Promise<void> {
  const manifest = buildManifest(client, admin, contract, path.relative(root, path.join(outDir, 'public')));
  await writeFile(path.join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

function withImages(options: esbuild.BuildOptions, images: ImageManifest): esbuild.BuildOptions {
  const browser = options.platform === 'browser';
  return { ...options, plugins: [...(options.plugins ?? []), imagesModule(images, browser)] };
}

async function buildOnce(): Promise<void> {
  const started = performance.now();
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const images = await makeImages();
  const [client, admin, contract] = await Promise.all([
    esbuild.build(withImages(clientOptions, images)),
    esbuild.build(withImages(adminClientOptions, images)),
    esbuild.build(withImages(contractClientOptions, images)),
    esbuild.build(withImages(serverOptions, images)),
  ]);
  await writeManifest(
    client.metafile as esbuild.Metafile,
    admin.metafile as esbuild.Metafile,
    contract.metafile as esbuild.Metafile,
  );
  await precompress(path.join(outDir, 'public/assets'));
  console.log(`built ${path.relative(root, outDir)}/ in ${Math.round(performance.now() - started)} ms`);
}

async function watch(): Promise<void> {
  let server: ChildProcess | undefined;
  // The old process is gone before the new one binds the port; open pages then reconnect to the
  // new one, see that it restarted (src/server/http/dev-reload.ts) and reload.
  const restart = async () => {
    const old = server;
    if (old && old.exitCode === null && old.signalCode === null) {
      const exited = new Promise((resolve) => old.once('exit', resolve));
      old.kill('SIGTERM');
      await exited;
    }
    server = spawn(process.execPath, ['--enable-source-maps', path.join(outDir, 'server/main.js')], {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'development' },
    });
  };
  // One restart per round of rebuilds: a change usually rebuilds both bundles, a client-only one
  // (src/client) just the browser's, which changes the manifest the server reads at start.
  let timer: ReturnType<typeof setTimeout> | undefined;
  let restarting = Promise.resolve();
  const scheduleRestart = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      restarting = restarting.then(restart);
    }, 100);
  };
  // The first start waits for all four bundles (the server needs the browser's manifest).
  const metafiles = new Map<esbuild.BuildOptions, esbuild.Metafile>();
  const built = new Set<esbuild.BuildOptions>();
  const onEnd = (options: esbuild.BuildOptions): esbuild.Plugin => ({
    name: 'restart-server',
    setup(build) {
      build.onEnd(async (result) => {
        if (result.errors.length > 0) return;
        if (result.metafile && options !== serverOptions) {
          metafiles.set(options, result.metafile);
          const client = metafiles.get(clientOptions);
          const admin = metafiles.get(adminClientOptions);
          const contract = metafiles.get(contractClientOptions);
          if (client && admin && contract) await writeManifest(client, admin, contract);
        }
        built.add(options);
        if (built.size === 4) scheduleRestart();
      });
    },
  });
  await rm(outDir, { recursive: true, force: true });
  const images = await makeImages();
  const contexts = await Promise.all(
    [clientOptions, adminClientOptions, contractClientOptions, serverOptions].map((options) => {
      const withAll = withImages(options, images);
      return esbuild.context({ ...withAll, plugins: [...(withAll.plugins ?? []), onEnd(options)] });
    }),
  );
  await Promise.all(contexts.map((context) => context.watch()));
  console.log('watching for changes');
}

if (args.has('--watch')) await watch();
else if (args.has('--if-stale') && !(await isStale()))
  console.log(`${path.relative(root, outDir)}/ is up to date`);
else await buildOnce();

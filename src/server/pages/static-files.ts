import { readdirSync } from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler, Router } from 'express';
import { preferredEncoding } from '../http/accept-encoding';
import { cacheControl } from '../http/cache-control';
import { builtPublicDir, staticPublicDir } from './assets';

const immutable = (res: express.Response) => res.setHeader('Cache-Control', cacheControl.immutable);
// Set explicitly: express.static leaves a Cache-Control that is already there (privateByDefault's).
const publicDay = (res: express.Response) => res.setHeader('Cache-Control', cacheControl.publicDay);

/** Every file the build precompressed (name.br / name.gz beside name), listed once at start. */
function listPrecompressed(dir: string): Set<string> {
  try {
    return new Set(
      readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => /\.(br|gz)$/.test(name)),
    );
  } catch {
    return new Set();
  }
}

/** The path without its leading slashes, or null when its %-escapes are not valid UTF-8. */
function decodedPath(urlPath: string): string | null {
  try {
    return decodeURIComponent(urlPath).replace(/^\/+/, '');
  } catch {
    return null;
  }
}

/**
 * Serves /assets/x.js as x.js.br or x.js.gz when the client accepts it and the build made one,
 * with the original Content-Type, the encoding and `Vary: Accept-Encoding`.
 */
function precompressed(dir: string): RequestHandler {
  const available = listPrecompressed(dir);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const relative = decodedPath(req.path);
    // A malformed %-escape is left to express.static, which answers 400.
    if (relative === null) return next();
    const encoding = preferredEncoding(req.headers['accept-encoding']);
    const suffix = encoding === 'br' ? '.br' : encoding === 'gzip' ? '.gz' : null;
    if (!suffix || !available.has(`${relative}${suffix}`)) return next();
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Content-Encoding', encoding);
    res.type(path.extname(relative));
    immutable(res);
    res.sendFile(`${relative}${suffix}`, { root: dir, dotfiles: 'deny' }, (error) => {
      if (error) next(error);
    });
  };
}

function onlyFileNames(serve: RequestHandler): RequestHandler {
  return (req, res, next) => (path.extname(req.path) ? serve(req, res, next) : next());
}

/**
 * No index file and no "add a trailing slash" redirect for directories: that redirect echoes the
 * request path into Location, so /\evil.example/%2e%2e/img sent a browser to another site.
 */
const noDirectories = { index: false, redirect: false } as const;

/** Build output (hashed, immutable), then the few files with fixed names (icons, robots…). */
export function staticFiles(): Router {
  const router = Router();
  const assets = path.join(builtPublicDir, 'assets');
  router.use('/assets', precompressed(assets));
  router.use(
    '/assets',
    express.static(assets, { ...noDirectories, fallthrough: false, setHeaders: immutable }),
  );
  router.use(
    '/img',
    express.static(path.join(builtPublicDir, 'img'), {
      ...noDirectories,
      fallthrough: false,
      setHeaders: immutable,
    }),
  );
  // Pages have no file extension: they skip the file-system lookups below.
  router.use(onlyFileNames(express.static(builtPublicDir, { ...noDirectories, setHeaders: publicDay })));
  router.use(onlyFileNames(express.static(staticPublicDir, { ...noDirectories, setHeaders: publicDay })));
  return router;
}

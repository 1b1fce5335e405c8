import { readdirSync } from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler, Router } from 'express';
import { builtPublicDir, staticPublicDir } from './assets';

const YEAR_SECONDS = 31_536_000;
const immutable = (res: express.Response) =>
  res.setHeader('Cache-Control', `public, max-age=${YEAR_SECONDS}, immutable`);

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

/**
 * Serves /assets/x.js as x.js.br or x.js.gz when the client accepts it and the build made one,
 * with the original Content-Type, the encoding and `Vary: Accept-Encoding`.
 */
function precompressed(dir: string): RequestHandler {
  const available = listPrecompressed(dir);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const relative = decodeURIComponent(req.path).replace(/^\/+/, '');
    const encoding = req.acceptsEncodings('br', 'gzip');
    const suffix = encoding === 'br' ? '.br' : encoding === 'gzip' ? '.gz' : null;
    if (!suffix || !available.has(`${relative}${suffix}`)) return next();
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Content-Encoding', encoding as string);
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

/** Build output (hashed, immutable), then the few files with fixed names (icons, robots…). */
export function staticFiles(): Router {
  const router = Router();
  const assets = path.join(builtPublicDir, 'assets');
  router.use('/assets', precompressed(assets));
  router.use('/assets', express.static(assets, { index: false, fallthrough: false, setHeaders: immutable }));
  router.use(
    '/img',
    express.static(path.join(builtPublicDir, 'img'), {
      index: false,
      fallthrough: false,
      setHeaders: immutable,
    }),
  );
  // Pages have no file extension: they skip the file-system lookups below.
  router.use(onlyFileNames(express.static(builtPublicDir, { index: false, maxAge: '1d' })));
  router.use(onlyFileNames(express.static(staticPublicDir, { index: false, maxAge: '1d' })));
  return router;
}

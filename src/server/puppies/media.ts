import express, { Router } from 'express';
import { MEDIA_PATH } from '../../shared/puppies';

const YEAR_SECONDS = 31_536_000;

/**
 * The uploaded photos' files from DATA_DIR/photos. Their names are random and never reused, so
 * they are cached for a year as immutable, like the build's hashed files.
 */
export function mediaFiles(dir: string): Router {
  const router = Router();
  router.use(
    MEDIA_PATH,
    express.static(dir, {
      index: false,
      redirect: false,
      dotfiles: 'deny',
      fallthrough: false,
      setHeaders: (res) => res.setHeader('Cache-Control', `public, max-age=${YEAR_SECONDS}, immutable`),
    }),
  );
  return router;
}

import express, { Router } from 'express';
import { cacheControl } from '../../server/http/cache-control';
import { MEDIA_PATH } from './puppies';

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
      setHeaders: (res) => res.setHeader('Cache-Control', cacheControl.immutable),
    }),
  );
  return router;
}

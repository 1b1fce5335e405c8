import type { RequestHandler } from 'express';
import { cacheControl } from './cache-control';

/** For answers that depend on who is signed in, or carry private data: no cache may keep them. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', cacheControl.privateNoStore);
  next();
};

import type { RequestHandler } from 'express';

/** For answers that depend on who is signed in, or carry private data: no cache may keep them. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

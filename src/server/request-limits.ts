import type { RequestHandler } from 'express';

/** Longer URLs are refused before routing: no page or API of this site needs one. */
export const MAX_URL_LENGTH = 2048;

export const limitUrlLength: RequestHandler = (req, res, next) => {
  if (req.originalUrl.length <= MAX_URL_LENGTH) {
    next();
    return;
  }
  res.status(414);
  if (req.path.startsWith('/api/')) res.json({ message: 'The request URL is too long.' });
  else res.type('text').send('The request URL is too long.');
};

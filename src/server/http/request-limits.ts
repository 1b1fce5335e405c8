import type { RequestHandler } from 'express';
import { sendError } from './errors';

/** Longer URLs are refused before routing: no page or API of this site needs one. */
const MAX_URL_LENGTH = 2048;

export const limitUrlLength: RequestHandler = (req, res, next) => {
  if (req.originalUrl.length <= MAX_URL_LENGTH) next();
  else sendError(req, res, 414, 'The request URL is too long.');
};

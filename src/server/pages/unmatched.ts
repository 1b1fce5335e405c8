import type { RequestHandler } from 'express';
import { matchRoute, paths } from '../../shared/routes';
import { sendError } from '../http/errors';

const NOT_FOUND = 'Not found.';
const METHOD_NOT_ALLOWED = 'This method is not allowed here.';

/**
 * The last handler, for requests no route answered. Every GET already has its page (or the 404
 * page), so what arrives here is another method: PUT, DELETE, TRACE, a form posted to /admin/login.
 * A page of the route table answers 405 with the methods it takes (OPTIONS: 204 with the same
 * Allow header); any other path 404. Both as short text like the other non-API errors, rather
 * than Express's default HTML page, which echoes the method and path and names the framework.
 */
export const unmatchedRequest: RequestHandler = (req, res) => {
  const route = matchRoute(req.path);
  if (route.path === null) {
    sendError(req, res, 404, NOT_FOUND);
    return;
  }
  // The landing page also takes the scripts-off contact form.
  res.setHeader('Allow', route.path === paths.landing ? 'GET, HEAD, POST' : 'GET, HEAD');
  if (req.method === 'OPTIONS') res.status(204).end();
  else sendError(req, res, 405, METHOD_NOT_ALLOWED);
};

import express, { type Request, type RequestHandler, Router } from 'express';
import { isbot } from 'isbot';
import { sendError } from '../../server/http/errors';
import type { Sessions } from '../account/index';
import type { VisitCounter } from './counter.server';
import { visitSource } from './source.server';
import { visitsApi } from './visits';

/** The beacon carries two short addresses: anything larger is not ours (413). */
const BEACON_LIMIT = '2kb';
const NOT_A_BEACON = 'Send the page view as application/x-www-form-urlencoded with p and r.';
const PHONE = /Mobi/i;

interface BeaconOptions {
  counter: Pick<VisitCounter, 'count'>;
  sessions: Pick<Sessions, 'currentUser'>;
}

/**
 * POST /api/visit: the page view the landing page's boot script reports once the page is shown
 * (navigator.sendBeacon: `p` = the page's query, `r` = document.referrer). Answered 204 whether
 * or not it was counted, so a client learns nothing. Not counted: known bots, crawlers and
 * link-preview fetchers (isbot, and an empty user agent), prefetches, and the signed-in breeder.
 * A view costs a hash and a few additions in memory: never a disk write (VisitCounts batches them).
 */
export function visitBeacon({ counter, sessions }: BeaconOptions): Router {
  const router = Router();
  const path = visitsApi.beacon.replace(/^\/api/, '');
  router.post(
    path,
    requireFormBody,
    express.urlencoded({ extended: false, limit: BEACON_LIMIT, parameterLimit: 4 }),
    async (req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const page = body.p ?? '';
      const referrer = body.r ?? '';
      if (typeof page !== 'string' || typeof referrer !== 'string') {
        sendError(req, res, 400, NOT_A_BEACON);
        return;
      }
      const userAgent = req.get('user-agent') ?? '';
      if (userAgent && !isbot(userAgent) && !isPrefetch(req) && !(await sessions.currentUser(req))) {
        counter.count({
          ip: req.ip ?? '',
          userAgent,
          source: visitSource(referrer, page, req.hostname),
          phone: PHONE.test(userAgent),
        });
      }
      res.status(204).end();
    },
  );
  return router;
}

/** Speculative loads say so (Chromium: Sec-Purpose, older ones Purpose, Firefox X-Moz). */
function isPrefetch(req: Request): boolean {
  return [req.get('sec-purpose'), req.get('purpose'), req.get('x-moz')].some((value) =>
    value?.toLowerCase().includes('prefetch'),
  );
}

const requireFormBody: RequestHandler = (req, res, next) => {
  if (req.is('application/x-www-form-urlencoded')) return next();
  sendError(req, res, 415, NOT_A_BEACON);
};

import { type RequestHandler, Router } from 'express';
import type { PageHandler } from '../../server/pages/page-cache';
import { paths } from '../../shared/routes';
import type { PuppyService } from '../puppies/index';
import type { ContentService } from './content-service.server';

/**
 * GET /admin/site/preview: the public page as the draft would make it, for the signed-in admin
 * only (others go to the login page, as on every protected page); `/` does not change.
 */
export function sitePreview(deps: {
  pages: Pick<PageHandler, 'renderPreview'>;
  content: Pick<ContentService, 'draftPage'>;
  /** Whether the puppies are still the seed's (the about badge, decision 082). */
  puppies: Pick<PuppyService, 'stillTheSeed'>;
  /** Sends a signed-out visitor to the login page. */
  guard: RequestHandler;
}): Router {
  const router = Router();
  router.get(paths.sitePreview, deps.guard, async (req, res, next) => {
    try {
      await deps.pages.renderPreview(req, res, (shown) =>
        deps.content.draftPage(shown, deps.puppies.stillTheSeed()),
      );
    } catch (error) {
      next(error);
    }
  });
  return router;
}

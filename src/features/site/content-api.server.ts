import { type NextFunction, type Request, type RequestHandler, type Response, Router } from 'express';
import * as z from 'zod/mini';
import { ContentRefused, type ContentService } from './content-service.server';
import { siteMessages } from './site-api';
import { type SiteContent, siteContentSchema, siteFieldErrors } from './site-content';

/** A photo's true size (and, for an upload, its widths), or undefined for an id that is not a photo. */
type PhotoLookup = (id: string) => { width: number; height: number; widths?: number[] } | undefined;

interface ContentApiDeps {
  content: Pick<ContentService, 'editor' | 'saveDraft' | 'discard' | 'publish' | 'restore'>;
  /** 401 unless signed in (the app's guard for private API calls). */
  requireUser: RequestHandler;
  /** Refuses a read another site's page makes (the draft is private). */
  sameOriginReads: RequestHandler;
  /** The signed-in admin's name: history says who published. */
  userOf: (req: Request) => Promise<string>;
  photo: PhotoLookup;
}

const revision = z.number().check(z.int(), z.gte(1));
const basedOnInput = z.object({ basedOn: revision });
const draftInput = z.object({ basedOn: revision, content: z.unknown() });
const restoreInput = z.object({ basedOn: revision, revision });

/**
 * Every photo the content names must be a build photo or an upload still stored; its size and
 * widths are taken from there, not from the request. Field errors, keyed like the schema's.
 */
function withTruePhotos(content: SiteContent, photo: PhotoLookup): SiteContent | Record<string, string> {
  const errors: Record<string, string> = {};
  const check = (value: SiteContent['about']['photo'], key: string): SiteContent['about']['photo'] => {
    const found = photo(value.id);
    if (!found) {
      errors[key] = siteMessages.unknownPhoto;
      return value;
    }
    const { widths, ...size } = found;
    return { id: value.id, alt: value.alt, ...size, ...(widths ? { widths } : {}) };
  };
  const parent = (info: SiteContent['parents']['mother'], key: string) =>
    info && { ...info, photo: check(info.photo, `parents.${key}.photo.id`) };
  const fixed: SiteContent = {
    ...content,
    hero: {
      ...content.hero,
      slides: content.hero.slides.map((slide, i) => ({
        ...slide,
        photo: check(slide.photo, `hero.slides.${i}.photo.id`),
      })),
    },
    about: { ...content.about, photo: check(content.about.photo, 'about.photo.id') },
    parents: {
      ...content.parents,
      mother: parent(content.parents.mother, 'mother'),
      father: parent(content.parents.father, 'father'),
    },
  };
  return Object.keys(errors).length > 0 ? errors : fixed;
}

/**
 * The site editor's API, for the signed-in administrator only (401), never for another site's
 * page (403). Every change is on disk before the answer, which is the editor's state as it now
 * stands; a change based on a revision no longer live is refused (409) with a message to reload.
 *   GET  /site            the draft (or what is live), the revision it is based on, the history
 *   PUT  /site/draft      { basedOn, content }: the autosave
 *   POST /site/discard    { basedOn }
 *   POST /site/publish    { basedOn }: the draft goes live; the page is rendered again
 *   POST /site/restore    { basedOn, revision }: that version becomes the draft
 */
export function contentApi({ content, requireUser, sameOriginReads, userOf, photo }: ContentApiDeps): Router {
  const router = Router();
  router.use('/site', requireUser, sameOriginReads);

  const handle =
    (action: (req: Request, res: Response) => Promise<unknown>): RequestHandler =>
    async (req: Request, res: Response, next: NextFunction) => {
      try {
        const state = await action(req, res);
        if (state !== undefined) res.json(state);
      } catch (error) {
        if (error instanceof ContentRefused) res.status(error.status).json({ message: error.message });
        else next(error);
      }
    };

  const parse = <T>(schema: z.ZodMiniType<T>, req: Request, res: Response): T | undefined => {
    const parsed = schema.safeParse(req.body ?? {});
    if (parsed.success) return parsed.data;
    res.status(400).json({ message: siteMessages.invalid, errors: siteFieldErrors(parsed.error) });
    return undefined;
  };

  router.get('/site', (_req, res) => {
    res.json(content.editor());
  });
  router.put(
    '/site/draft',
    handle(async (req, res) => {
      const input = parse(draftInput, req, res);
      if (!input) return undefined;
      const parsed = siteContentSchema.safeParse(input.content);
      if (!parsed.success) {
        res.status(400).json({ message: siteMessages.invalid, errors: siteFieldErrors(parsed.error) });
        return undefined;
      }
      const checked = withTruePhotos(parsed.data, photo);
      if (!('brand' in checked)) {
        res.status(400).json({ message: siteMessages.invalid, errors: checked });
        return undefined;
      }
      return content.saveDraft(checked as SiteContent, input.basedOn);
    }),
  );
  router.post(
    '/site/discard',
    handle(async (req, res) => {
      const input = parse(basedOnInput, req, res);
      return input && content.discard(input.basedOn);
    }),
  );
  router.post(
    '/site/publish',
    handle(async (req, res) => {
      const input = parse(basedOnInput, req, res);
      return input && content.publish(input.basedOn, await userOf(req));
    }),
  );
  router.post(
    '/site/restore',
    handle(async (req, res) => {
      const input = parse(restoreInput, req, res);
      return input && content.restore(input.revision, input.basedOn);
    }),
  );
  return router;
}

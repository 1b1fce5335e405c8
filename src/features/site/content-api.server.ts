import * as z from 'zod/mini';
import { type AdminRoutes, body, Invalid, parsed, signedInUser } from '../../server/http/pipeline';
import type { ContentService } from './content-service.server';
import { siteMessages } from './site-api';
import { type SiteContent, siteContentSchema } from './site-content';

/** A photo's true size (and, for an upload, its widths), or undefined for an id that is not a photo. */
type PhotoLookup = (id: string) => { width: number; height: number; widths?: number[] } | undefined;

interface ContentApiDeps {
  content: Pick<ContentService, 'editor' | 'saveDraft' | 'discard' | 'publish' | 'restore'>;
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
function withTruePhotos(
  content: SiteContent,
  photo: PhotoLookup,
): { ok: true; content: SiteContent } | { ok: false; errors: Record<string, string> } {
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
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, content: fixed };
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
export function contentApi(api: AdminRoutes, { content, photo }: ContentApiDeps): void {
  api.get('/site', (_req, res) => {
    res.json(content.editor());
  });
  api.put('/site/draft', body(draftInput, siteMessages.invalid), async (req, res) => {
    const checked = withTruePhotos(parsed(siteContentSchema, req.body.content, siteMessages.invalid), photo);
    if (!checked.ok) throw new Invalid(siteMessages.invalid, checked.errors);
    res.json(await content.saveDraft(checked.content, req.body.basedOn));
  });
  api.post('/site/discard', body(basedOnInput, siteMessages.invalid), async (req, res) => {
    res.json(await content.discard(req.body.basedOn));
  });
  api.post('/site/publish', body(basedOnInput, siteMessages.invalid), async (req, res) => {
    res.json(await content.publish(req.body.basedOn, signedInUser(res).username));
  });
  api.post('/site/restore', body(restoreInput, siteMessages.invalid), async (req, res) => {
    res.json(await content.restore(req.body.revision, req.body.basedOn));
  });
}

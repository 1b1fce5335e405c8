import { z } from 'zod';
import { siteContentSchema } from '../features/site/site-content';

/**
 * site.json (decision 080): the page's content, published and draft, with the last published
 * versions. Each version's content is checked with the schema the editor shares (zod/mini), so
 * what the file holds is what the editor may save. The types site.json's code works with are read
 * off this schema.
 */

/** One published version of the content: what it was, when and by whom. */
const publishedVersion = z.object({
  /** 1 for a fresh install's, then one more for each publish. */
  revision: z.number(),
  content: siteContentSchema,
  publishedAt: z.string(),
  /** The admin's username; "" for a fresh install's seed. */
  by: z.string(),
});
export type PublishedVersion = z.output<typeof publishedVersion>;

/** The breeder's unpublished changes, and the published revision they started from. */
const draft = z.object({ content: siteContentSchema, basedOn: z.number(), savedAt: z.string() });

export const siteSchema = z.object({
  version: z.literal(1),
  published: publishedVersion,
  draft: draft.nullable(),
  /** The last MAX_HISTORY published versions, newest (the live one) first. */
  history: z.array(publishedVersion),
});
export type SiteData = Omit<z.output<typeof siteSchema>, 'version'>;

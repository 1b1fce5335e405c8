import type { SiteContent } from './site-content';

/** One published version as the editor lists it. */
interface SiteVersion {
  revision: number;
  publishedAt: string;
  /** The admin who published it; "" for a fresh install's. */
  by: string;
}

/** GET /api/site: what the editor opens with. */
export interface SiteEditorState {
  /** The draft, or (with none) what is published. */
  content: SiteContent;
  /** The published revision the editor works on: sent back with every save and the publish. */
  basedOn: number;
  hasDraft: boolean;
  savedAt: string | null;
  /** The last published versions, newest (the live one) first. */
  history: SiteVersion[];
}

export const siteMessages = {
  invalid: 'Check the highlighted fields.',
  stale:
    'The site was published from another tab or device since you opened this page. Reload the page to see what is live now: these changes were not saved.',
  noDraft: 'There is no draft to publish.',
  unknownVersion: 'That version is no longer in the history.',
  unknownPhoto: 'This photo is no longer available: upload it again',
} as const;

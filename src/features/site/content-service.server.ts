import { Refused } from '../../server/http/pipeline';
import type { PageContent } from '../../shared/page-content';
import type { PagePuppies } from '../../shared/page-puppies';
import type { PublishedVersion, SiteData } from '../../storage/site-file';
import type { Storage } from '../../storage/storage';
import type { AcknowledgementText } from '../notices/index';
import { acknowledgement } from './acknowledgement.server';
import { factsOf, fillFacts, litterAgeOf, resolveContent, todayIn } from './resolve.server';
import type { SiteEditorState } from './site-api';
import { siteMessages } from './site-api';
import { MAX_HISTORY, type SiteContent } from './site-content';
import { seedContent } from './site-seed.server';

/** A refusal the API answers with its status and message (409: stale or missing draft, 404). */
export class ContentRefused extends Refused {
  constructor(status: 409 | 404, message: string) {
    super(status, message);
  }
}

/** Every photo the content names, in any version kept: their files must stay. */
function photoIdsOf(content: SiteContent): string[] {
  const parents = [content.parents.mother, content.parents.father].flatMap((p) => (p ? [p.photo.id] : []));
  return [...content.hero.slides.map((slide) => slide.photo.id), content.about.photo.id, ...parents];
}

/** How often the computed age is looked at: it changes at the breeder's midnight. */
const AGE_CHECK_MS = 10 * 60 * 1000;

interface ContentServiceDeps {
  /** Opens site.json (decision 070). */
  storage: Pick<Storage, 'openSite'>;
  /** The breeder's time zone (TZ): the day the computed age is counted to. */
  timeZone: string;
}

/**
 * The public page's content (DATA_DIR/site.json): what is published, as the page shows it. Built
 * once at start. Listeners hear of each publish, and of the day the computed age changes, so the
 * page cache renders the page again (a page data source, like the puppies).
 */
export async function openContentService({ storage, timeZone }: ContentServiceDeps) {
  const file = await storage.openSite(seedContent);
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  /**
   * The birth date of the litter the page speaks of (decision 121), told by the start (start-services.ts) once the litters
   * are open: {born}, {age} and the "Born" tile follow it. Until then (and with no born litter)
   * the content's own.
   */
  let litterBorn: () => string | undefined = () => undefined;

  let resolved: {
    content: SiteContent;
    puppies: PagePuppies;
    seedPuppies: boolean;
    today: string;
    born: string | undefined;
    page: PageContent;
  } | null = null;
  /**
   * The published content resolved with these puppies today (`seedPuppies`: still those a first
   * start wrote, see resolveContent): the same object until one of them changes.
   */
  function page(puppies: PagePuppies, seedPuppies: boolean): PageContent {
    const content = file.data.published.content;
    const today = todayIn(timeZone);
    const born = litterBorn();
    if (
      resolved?.content !== content ||
      resolved.puppies !== puppies ||
      resolved.seedPuppies !== seedPuppies ||
      resolved.today !== today ||
      resolved.born !== born
    )
      resolved = {
        content,
        puppies,
        seedPuppies,
        today,
        born,
        page: resolveContent(content, puppies, today, seedPuppies, born),
      };
    return resolved.page;
  }

  // The computed age is the only fact that changes by itself: a timer notices its new day.
  const ageToday = () => litterAgeOf(file.data.published.content, todayIn(timeZone), litterBorn());
  let age = ageToday();
  const timer = setInterval(() => {
    const now = ageToday();
    if (now === age) return;
    age = now;
    emit();
  }, AGE_CHECK_MS);
  timer.unref();

  /** A change that needs the editor's draft to start from what is published now. */
  const fresh = (data: SiteData, basedOn: number) => {
    if (basedOn !== data.published.revision) throw new ContentRefused(409, siteMessages.stale);
  };

  function editor(): SiteEditorState {
    const { published, draft, history } = file.data;
    const version = ({ revision, publishedAt, by }: PublishedVersion) => ({ revision, publishedAt, by });
    return {
      content: draft?.content ?? published.content,
      basedOn: published.revision,
      hasDraft: draft !== null,
      savedAt: draft?.savedAt ?? null,
      history: history.map(version),
    };
  }

  return {
    /** The published content as stored. */
    published: (): SiteContent => file.data.published.content,
    page,
    /** The draft (or, with none, the published content) resolved with these puppies: the preview. */
    draftPage: (puppies: PagePuppies, seedPuppies: boolean): PageContent =>
      resolveContent(
        file.data.draft?.content ?? file.data.published.content,
        puppies,
        todayIn(timeZone),
        seedPuppies,
        litterBorn(),
      ),
    editor,
    /** Every photo id any kept version or the draft names. */
    photoIds(): Set<string> {
      const { published, draft, history } = file.data;
      const all = [published, ...history, ...(draft ? [draft] : [])];
      return new Set(all.flatMap((version) => photoIdsOf(version.content)));
    },
    /** Saves the draft (the editor's autosave); refused once another publish made it stale. */
    async saveDraft(content: SiteContent, basedOn: number): Promise<SiteEditorState> {
      const savedAt = new Date().toISOString();
      await file.change((data) => {
        fresh(data, basedOn);
        return [{ ...data, draft: { content, basedOn, savedAt } }, null];
      });
      return editor();
    },
    /** Drops the draft: the editor shows what is live. */
    async discard(basedOn: number): Promise<SiteEditorState> {
      await file.change((data) => {
        fresh(data, basedOn);
        return [{ ...data, draft: null }, null];
      });
      return editor();
    },
    /** Makes the draft live in one step, on disk before the answer; the page is rendered again. */
    async publish(basedOn: number, by: string): Promise<SiteEditorState> {
      await file.change((data) => {
        fresh(data, basedOn);
        if (!data.draft) throw new ContentRefused(409, siteMessages.noDraft);
        const revision = Math.max(data.published.revision, ...data.history.map((v) => v.revision)) + 1;
        const version = { revision, content: data.draft.content, publishedAt: new Date().toISOString(), by };
        const history = [version, ...data.history].slice(0, MAX_HISTORY);
        return [{ published: version, draft: null, history }, null];
      });
      age = ageToday();
      emit();
      return editor();
    },
    /** Makes an earlier published version the draft. */
    async restore(revision: number, basedOn: number): Promise<SiteEditorState> {
      await file.change((data) => {
        fresh(data, basedOn);
        const version = data.history.find((v) => v.revision === revision);
        if (!version) throw new ContentRefused(404, siteMessages.unknownVersion);
        const draft = { content: version.content, basedOn, savedAt: new Date().toISOString() };
        return [{ ...data, draft }, null];
      });
      return editor();
    },
    onChange(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** From now on {born}, {age} and the "Born" tile follow this litter's birth date (decision 121). */
    followLitter(born: () => string | undefined): void {
      litterBorn = born;
      age = ageToday();
    },
    /**
     * What a family's page reads of the published content (issue 28): the brand, the price, and
     * the age of a puppy born on `born` (the content's words while it is the content's litter).
     */
    familyFacts() {
      const content = file.data.published.content;
      return {
        brand: `${content.brand.first} ${content.brand.second}`,
        /** The content's birth date: a puppy's own litter's comes first (decision 121). */
        born: content.litter.born,
        priceCents: Math.round(content.prices.single * 100),
        ageOf: (born: string) => litterAgeOf(content, todayIn(timeZone), born),
      };
    },
    /** The thank-you email's words, from what is published now (brand, prices, location). */
    acknowledgement(): AcknowledgementText {
      const content = file.data.published.content;
      const facts = factsOf(content, todayIn(timeZone), litterBorn());
      const full = `${content.brand.first} ${content.brand.second}`;
      return {
        subject: acknowledgement.subject,
        paragraphs: acknowledgement.paragraphs.map((paragraph) => fillFacts(paragraph, facts)),
        signOff: [...acknowledgement.signOff, full],
      };
    },
    async close(): Promise<void> {
      clearInterval(timer);
      await file.close();
    },
  };
}

export type ContentService = Awaited<ReturnType<typeof openContentService>>;

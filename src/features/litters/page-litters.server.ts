import type { Photo } from '../../shared/images';
import { applyPath, parentsInWords, takesApplications } from '../../shared/litter-words';
import type { LitterGroup, PagePuppies, PastLitter } from '../../shared/page-puppies';
import type { LittersData } from '../../storage/file-schemas';
import type { StoredPhoto } from '../puppies/index';
import { ageFrom, formatBorn } from '../site/index';
import { FIRST_LITTER_ID } from './litter-changes.server';
import type { LitterRecord } from './litters';

/** The ids of the page's cards, in the same order as `available` and `sold`. */
export interface PageIds {
  available: readonly string[];
  sold: readonly string[];
}

interface LittersOnPage {
  data: Readonly<LittersData>;
  today: string;
  /** A stored photo by id (a family photo is an upload like a puppy's). */
  photo: (id: string) => StoredPhoto | undefined;
}

const asPhoto = (stored: StoredPhoto, alt: string): Photo => ({
  id: stored.id,
  alt,
  width: stored.width,
  height: stored.height,
  widths: stored.widths,
});

/**
 * The page's puppies with their litters (issue 27, decision 121): with two or more born litters,
 * each card names its litter's place in `litters` (name, birth date, age in words); a past
 * litter's sold puppies leave "Happy Tails" for "Past Litters", with their family photo and quote.
 * With one born litter and none past (a fresh install) the very same object comes back, so `/`
 * reads as the spec's.
 */
export function withLitters(
  page: PagePuppies,
  ids: PageIds,
  { data, today, photo }: LittersOnPage,
): PagePuppies {
  const litterOf = (id: string): LitterRecord | undefined => {
    const litterId = data.puppies[id];
    return data.litters.find((litter) => litter.id === litterId);
  };
  const pastLitters = data.litters
    .filter((litter) => litter.status === 'past')
    .sort((a, b) => b.born.localeCompare(a.born));
  const isPast = (id: string) => litterOf(id)?.status === 'past';
  const soldIds = ids.sold.filter((id) => !isPast(id));
  const sold = page.sold.filter((_, index) => !isPast(ids.sold[index] as string));

  // The born litters that have a card on the page, youngest first.
  const shownIds = [...ids.available, ...soldIds];
  const born = data.litters
    .filter((litter) => litter.status === 'born' && shownIds.some((id) => data.puppies[id] === litter.id))
    .sort((a, b) => b.born.localeCompare(a.born));
  // Issue 29: each born litter she takes applications for (off for the first litter the site made).
  const apply = data.litters
    .filter((litter) => litter.status === 'born' && takesApplications(litter))
    .sort((a, b) => b.born.localeCompare(a.born))
    .map((litter) => ({ name: litter.name, href: applyPath(litter.id) }));
  if (born.length < 2 && pastLitters.length === 0 && apply.length === 0) return page;

  let result: PagePuppies = apply.length > 0 ? { ...page, sold, apply } : { ...page, sold };
  if (born.length >= 2) {
    const place = new Map(born.map((litter, index) => [litter.id, index]));
    const indexOf = (id: string) => place.get(data.puppies[id] ?? '');
    const litters: LitterGroup[] = born.map((litter) => ({
      name: litter.name,
      born: formatBorn(litter.born),
      age: ageFrom(litter.born, today),
    }));
    result = {
      ...result,
      available: page.available.map((card, index) => ({
        ...card,
        litter: indexOf(ids.available[index] as string),
      })),
      sold: sold.map((card, index) => ({ ...card, litter: indexOf(soldIds[index] as string) })),
      litters,
    };
  }
  if (pastLitters.length > 0) {
    const past: PastLitter[] = pastLitters.map((litter) => ({
      name: litter.name,
      born: litter.born ? formatBorn(litter.born) : '',
      parents: parentsInWords(litter),
      puppies: page.sold.flatMap((card, index) => {
        const id = ids.sold[index] as string;
        if (data.puppies[id] !== litter.id) return [];
        const family = data.families[id];
        const stored = family?.photo ? photo(family.photo.id) : undefined;
        const kept =
          family && (stored || family.quote)
            ? {
                family: {
                  ...(stored && family.photo ? { image: asPhoto(stored, family.photo.alt) } : {}),
                  quote: family.quote,
                },
              }
            : {};
        return [{ name: card.name, image: card.image, ...kept }];
      }),
    }));
    result = { ...result, past };
  }
  return result;
}

/**
 * The birth date of the litter the page speaks of ({born}, {age}, the about section's "Born"
 * tile): the youngest born litter with a puppy still available, else the youngest born litter
 * (all gone home). None (the content's own date and age stay) when that is the litter a first
 * start or an upgrade made from the content itself, whose facts the Site editor's "Born" and
 * "Age" are (a fresh install: the spec's page), or when no litter is born.
 */
export function pageLitterBorn(
  data: Readonly<LittersData>,
  puppies: readonly { id: string; status: 'available' | 'sold' }[],
): string | undefined {
  const born = data.litters
    .filter((litter) => litter.status === 'born' && litter.born !== '')
    .sort((a, b) => b.born.localeCompare(a.born));
  const available = new Set(
    puppies.filter((puppy) => puppy.status === 'available').map((puppy) => data.puppies[puppy.id]),
  );
  const speaking = born.find((litter) => available.has(litter.id)) ?? born[0];
  return speaking && speaking.id !== FIRST_LITTER_ID ? speaking.born : undefined;
}

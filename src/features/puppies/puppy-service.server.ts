import type { PagePuppies } from '../../shared/page-puppies';
import type { Committed, PuppiesData } from '../../storage/puppy-file';
import type { Storage } from '../../storage/storage';
import { soldSection } from './page/puppy-labels';
import { toPageIds, toPagePuppies } from './page-puppies.server';
import type { PhotoLibrary, ProcessHooks } from './photos/photo-library.server';
import type { AdminPhoto, AdminPuppy, PhotoRef, PuppyList, StoredPhoto } from './puppies';
import { storedPhotoVariants } from './puppies';
import { isUntouchedSeed } from './puppies-seed.server';
import {
  abandonedPhotos,
  addPhoto,
  createPuppy,
  markSold,
  movePuppy,
  removePuppy,
  updatePuppy,
} from './puppy-changes.server';
import type { AvailablePuppyInput, MarkSoldInput, SoldPuppyInput } from './puppy-schema';

/** An upload no form ever saved is forgotten (and its files deleted) at the next start after a day. */
const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

interface PuppyServiceDeps {
  storage: Pick<Storage, 'openPuppies'>;
  library: PhotoLibrary;
  /** Today's puppies, written to puppies.json on a first start. */
  seed: () => Promise<PuppiesData>;
  /** A failure to delete files of a released photo is logged, never fails the change. */
  onError: (error: unknown) => void;
  /** Uploads other features use (the site's content): never forgotten as abandoned. */
  inUse?: () => Set<string>;
  /** The puppies held for families (the sales feature): shown "Reserved" and not offered. */
  reservations?: HeldPuppies;
}

/** Which puppies are held for a family, and a way to hear when that changes. */
interface HeldPuppies {
  heldPuppyIds(): ReadonlySet<string>;
  /** Counts the changes since start. */
  revision(): number;
  onChange(listener: () => void): () => void;
}

const NOTHING_HELD: HeldPuppies = {
  heldPuppyIds: () => new Set(),
  revision: () => 0,
  onChange: () => () => {},
};

/**
 * The puppies and their photos: what the admin API changes and what the public page shows. Built
 * once at start; `page()` is recomputed only after a change.
 */
export async function openPuppyService({
  storage,
  library,
  seed,
  onError,
  inUse,
  reservations = NOTHING_HELD,
}: PuppyServiceDeps) {
  const file = await storage.openPuppies(seed);
  const kept = inUse?.() ?? new Set<string>();
  const abandoned = (data: PuppiesData) =>
    abandonedPhotos(data, Date.now(), ABANDONED_AFTER_MS).filter((photo) => !kept.has(photo.id));
  // Written only when there is something to forget: a start does not rewrite the file.
  if (abandoned(file.data).length > 0) {
    const { released } = await file.change((data) => {
      const gone = new Set(abandoned(data).map((photo) => photo.id));
      return [{ ...data, photos: data.photos.filter((photo) => !gone.has(photo.id)) }, null];
    });
    await library.remove(released);
  }
  await library.removeUnknown(file.data.photos);

  // What the page shows depends on both files: keyed on the revision of each.
  const revision = () => `${file.revision}:${reservations.revision()}`;
  let page: { revision: string; value: PagePuppies } | null = null;
  let names: { revision: string; list: readonly string[] } | null = null;
  let seedState: { revision: string; value: boolean } | null = null;

  const adminPhoto = (ref: PhotoRef, photos: Map<string, StoredPhoto>): AdminPhoto[] => {
    const stored = photos.get(ref.id);
    return stored ? [{ ...ref, variants: storedPhotoVariants(stored) }] : [];
  };

  const list = (): PuppyList => {
    const photos = new Map(file.data.photos.map((photo) => [photo.id, photo]));
    const puppies = file.data.puppies.map(
      (puppy): AdminPuppy => ({ ...puppy, photos: puppy.photos.flatMap((ref) => adminPhoto(ref, photos)) }),
    );
    return { puppies };
  };

  /** Writes a change, then deletes the files of photos it released. */
  async function commit<T>(apply: (data: PuppiesData) => [PuppiesData, T]): Promise<T> {
    const { result, released }: Committed<T> = await file.change(apply);
    library.remove(released).catch(onError);
    return result;
  }

  return {
    list,
    /** The public page's puppies, the same object until the next change. */
    page(): PagePuppies {
      const now = revision();
      if (page?.revision !== now)
        page = { revision: now, value: toPagePuppies(file.data, reservations.heldPuppyIds()) };
      return page.value;
    },
    /** The ids of the page's cards, in their order (the litters group them, issue 27). */
    pageIds: () => toPageIds(file.data),
    /**
     * Whether the puppies are still those a first start wrote, none changed, sold or reserved
     * (the about badge keeps the spec's words until then, decision 082).
     */
    stillTheSeed(): boolean {
      const now = revision();
      if (seedState?.revision !== now)
        seedState = { revision: now, value: isUntouchedSeed(file.data, reservations.heldPuppyIds()) };
      return seedState.value;
    },
    /** After a change of the puppies or of which are reserved (the page is rendered again). */
    onChange(listener: () => void): () => void {
      const stops = [file.onChange(listener), reservations.onChange(listener)];
      return () => {
        for (const stop of stops) stop();
      };
    },
    /**
     * The names a family may ask about: available and not reserved. The same array until the next
     * change (schemas are made per list).
     */
    availableNames(): readonly string[] {
      const now = revision();
      if (names?.revision !== now) {
        const held = reservations.heldPuppyIds();
        const list = file.data.puppies
          .filter((p) => p.status === 'available' && !held.has(p.id))
          .map((p) => p.name);
        names = { revision: now, list };
      }
      return names.list;
    },
    statusOf: (id: string) => file.data.puppies.find((p) => p.id === id)?.status,
    /** An uploaded photo still stored, by id (the site editor's photos are uploads too). */
    photo: (id: string): StoredPhoto | undefined => file.data.photos.find((photo) => photo.id === id),

    async upload(input: Buffer, hooks?: ProcessHooks): Promise<AdminPhoto> {
      const photo = await library.process(input, hooks);
      try {
        await commit((data) => [addPhoto(data, { ...photo, addedAt: new Date().toISOString() }), null]);
      } catch (error) {
        await library.remove([photo]);
        throw error;
      }
      return { id: photo.id, alt: '', variants: storedPhotoVariants(photo) };
    },
    create: (input: AvailablePuppyInput) => commit((data) => createPuppy(data, input)),
    update: (id: string, version: number, input: AvailablePuppyInput | SoldPuppyInput) =>
      commit((data) => updatePuppy(data, id, version, input)),
    move: (
      id: string,
      version: number,
      direction: 'up' | 'down',
      sameLine?: (other: { id: string }) => boolean,
    ) => commit((data) => movePuppy(data, id, version, direction, sameLine)),
    markSold: (id: string, { description, version }: MarkSoldInput) =>
      commit((data) => markSold(data, id, version, description, soldSection.sold)),
    remove: (id: string, version: number) => commit((data) => [removePuppy(data, id, version), null]),
    close: () => file.close(),
  };
}

export type PuppyService = Awaited<ReturnType<typeof openPuppyService>>;

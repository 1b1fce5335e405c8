import { ANY_LITTER, ANY_LITTER_LABEL } from '../../shared/litter-words';
import type { LittersData } from '../../storage/file-schemas';
import { littersFile } from '../../storage/registry';
import type { Storage } from '../../storage/storage';
import type { NextLitter } from '../sales/index';
import { todayIn } from '../site/index';
import {
  addLitter,
  assignPuppy,
  defaultLitter,
  type EarlierRelease,
  type LitterFields,
  litterList,
  littersFromEarlierRelease,
  markBorn,
  movePast,
  reconcilePuppies,
  removeLitter,
  setBlock,
  setFamily,
  setWaiting,
  updateLitter,
} from './litter-changes.server';
import type { LitterList, LitterRecord } from './litters';
import { pageLitterBorn } from './page-litters.server';

interface LitterServiceDeps {
  storage: Pick<Storage, 'openDocument'>;
  /** What an earlier release kept (or a first start wrote): read only when litters.json is made. */
  earlier: () => EarlierRelease;
  /** The puppies of puppies.json in page order, with their status. */
  puppies: () => readonly { id: string; status: 'available' | 'sold' }[];
  /** sales.json's waitlist, in order (inquiry ids). */
  waitlist: () => readonly string[];
  /** The breeder's time zone: "today" for a birth date. */
  timeZone: string;
}

/**
 * The litters (DATA_DIR/litters.json, decision 121): what the admin API changes, what the page
 * groups its puppies by, and the litter each waiting family waits for. Built once at start, after
 * the puppies, the content and the sales; on the first start without litters.json (a fresh install
 * or an upgrade) it is made from them.
 */
export async function openLitterService({
  storage,
  earlier,
  puppies,
  waitlist,
  timeZone,
}: LitterServiceDeps) {
  const file = await storage.openDocument(littersFile, async () => ({
    version: littersFile.version,
    ...littersFromEarlierRelease(earlier(), new Date()),
  }));
  const listeners = new Set<() => void>();
  const dayListeners = new Set<() => void>();
  let revision = 0;
  const today = () => todayIn(timeZone);
  // The grouped litters' ages ("3 weeks old") change at her midnight: the page is rendered again
  // on the day they change, as the content's computed age is (decision 081).
  let day = today();
  const timer = setInterval(() => {
    if (today() === day) return;
    day = today();
    if (file.data.litters.filter((litter) => litter.status === 'born').length >= 2)
      for (const listener of dayListeners) listener();
  }, 60_000);
  timer.unref();

  async function change<T>(apply: (data: LittersData) => [LittersData, T]): Promise<T> {
    const { result } = await file.change((data) => {
      const [after, result] = apply(data);
      return [
        { version: littersFile.version, ...after },
        { changed: after !== data, result },
      ];
    });
    if (result.changed) {
      revision += 1;
      for (const listener of listeners) listener();
    }
    return result.result;
  }
  const write = (apply: (data: LittersData) => LittersData) => change((data) => [apply(data), null]);

  const service = {
    /** Every litter with its puppies and its waitlist (the admin screen, the family page). */
    list: (): LitterList => litterList(file.data, puppies(), waitlist()),
    litters: (): readonly LitterRecord[] => file.data.litters,
    /** The birth date the page's {born}, {age} and "Born" tile follow (see pageLitterBorn). */
    pageBorn: (): string | undefined => pageLitterBorn(file.data, puppies()),
    /** Everything litters.json holds (the page groups the puppies with it). */
    data: (): Readonly<LittersData> => file.data,
    /** The litter a puppy belongs to. */
    litterOf(puppyId: string): LitterRecord | undefined {
      const id = file.data.puppies[puppyId];
      return file.data.litters.find((litter) => litter.id === id);
    },
    /** The litter a family on the waitlist waits for, or "any" (also for a litter since removed). */
    waitingFor(inquiryId: string): string {
      const id = file.data.waiting[inquiryId];
      return id && file.data.litters.some((litter) => litter.id === id) ? id : ANY_LITTER;
    },
    /** Whether a litter (or "any") was ever set for this family. */
    hasLine: (inquiryId: string) => inquiryId in file.data.waiting,
    /** The family's line on the waitlist: the litter's id and name, or "any" and "Any litter". */
    lineOf(inquiryId: string): { litterId: string; litterName: string } {
      const id = file.data.waiting[inquiryId];
      const litter = id ? file.data.litters.find((item) => item.id === id) : undefined;
      return litter
        ? { litterId: litter.id, litterName: litter.name }
        : { litterId: ANY_LITTER, litterName: ANY_LITTER_LABEL };
    },
    /** Counts the changes since start. */
    revision: () => revision,
    /** After each change that moved something. */
    onChange(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /**
     * After a change of what the page shows (the litters, their puppies, the family photos): a page
     * data source (decision 081). Not for a family's litter, which a public inquiry sets.
     */
    onPageChange(listener: () => void): () => void {
      let last = [file.data.litters, file.data.puppies, file.data.families];
      const stop = (): void => {
        listeners.delete(check);
      };
      const check = () => {
        const now = [file.data.litters, file.data.puppies, file.data.families];
        if (now.every((part, index) => part === last[index])) return;
        last = now;
        listener();
      };
      listeners.add(check);
      dayListeners.add(listener);
      return () => {
        stop();
        dayListeners.delete(listener);
      };
    },
    /** A went-home puppy's family photo and quote (the route checks the puppy and the photo). */
    setFamily: (puppyId: string, family: { photo: { id: string; alt: string } | null; quote: string }) =>
      write((data) => setFamily(data, puppyId, family)),
    /** The issue-20 block saved (PUT /api/next-litter): the first planned litter, made if none. */
    setBlock: (next: NextLitter) => write((data) => setBlock(data, next, new Date())),
    create: (fields: LitterFields & { status: 'planned' | 'born'; born?: string }) =>
      change((data) => addLitter(data, fields, today(), new Date())),
    update: (id: string, version: number, fields: LitterFields & { born?: string }) =>
      write((data) => updateLitter(data, id, version, fields, today())),
    markBorn: (id: string, version: number, born: string) =>
      write((data) => markBorn(data, id, version, born, today())),
    movePast: (id: string, version: number) => write((data) => movePast(data, id, version)),
    remove: (id: string, version: number) => write((data) => removeLitter(data, id, version, waitlist())),
    /** The puppy belongs to this litter from now on. */
    assignPuppy: (puppyId: string, litterId: string) => write((data) => assignPuppy(data, puppyId, litterId)),
    /** A new puppy's litter when none is named. */
    defaultLitterId: () => defaultLitter(file.data)?.id,
    /** The family waits for this litter (or "any"); its place and joined date are the waitlist's. */
    setWaiting: (inquiryId: string, litterId: string) =>
      write((data) => setWaiting(data, inquiryId, litterId)),
    /** After a change of the puppies (and at start): every puppy in exactly one litter. Writes only when needed. */
    async reconcile(): Promise<void> {
      const ids = puppies().map((puppy) => puppy.id);
      if (reconcilePuppies(file.data, ids, today(), new Date()) === file.data) return;
      await write((data) => reconcilePuppies(data, ids, today(), new Date()));
    },
    close: () => {
      clearInterval(timer);
      return file.close();
    },
  };
  return service;
}

export type LitterService = Awaited<ReturnType<typeof openLitterService>>;

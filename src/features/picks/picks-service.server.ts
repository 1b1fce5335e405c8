import { readFileSync } from 'node:fs';
import type { Inquiry } from '../../shared/api';
import type { FamilyMailRecord } from '../../storage/family-schema';
import type { PicksData } from '../../storage/picks-schema';
import { picksFile } from '../../storage/registry';
import type { Storage } from '../../storage/storage';
import type { LitterService } from '../litters/index';
import type { PuppyService } from '../puppies/index';
import type { SalesService } from '../sales/index';
import { turnMail } from './pick-mail.server';
import {
  announced,
  chose,
  lastRoundOf,
  moreTime,
  nextLitterAfter,
  PickRefused,
  type PickWorld,
  passed,
  pause,
  placeKept,
  placesOwed,
  resume,
  settle,
  skipTurn,
  startRound,
  turnOf,
} from './pick-rules.server';
import { type PicksView, type PickWindow, pickMessages } from './picks';

/** The longest wait of the timer: it re-reads the stored turns at least this often. */
const LONGEST_WAIT_MS = 60_000;

/** A family email pick day asks for (a family's turn). */
interface FamilyMail {
  kind: FamilyMailRecord['kind'];
  to: string;
  subject: string;
  text: string;
}

/**
 * What pick day uses of the family pages: the family service answers it. Pick day names it here
 * rather than importing the family's service, since the family's page shows pick day (the family
 * feature imports this one: the other way would make a cycle).
 */
interface FamilyLinks {
  /** The family's link in use, if any. */
  activeLink(inquiryId: string): unknown;
  /** The family's latest link, in use or ended, if any. */
  lastLink(inquiryId: string): unknown;
  /** A new link, its email written with its token (never stored). */
  newLink(
    inquiryId: string,
    mail: (token: string) => FamilyMail,
    options: { replace: boolean },
  ): Promise<unknown>;
  /** Emails to families, on disk before this resolves. */
  queueMails(mails: (FamilyMail & { inquiryId: string })[]): Promise<void>;
}

export interface PicksDeps {
  storage: Pick<Storage, 'openDocument'>;
  /** `setWaiting`: a family that passed waits for the next litter (its place in the order kept). */
  litters: Pick<LitterService, 'list' | 'onChange' | 'setWaiting'>;
  puppies: Pick<PuppyService, 'list'>;
  sales: Pick<SalesService, 'heldReservations' | 'heldPuppyIds' | 'reserve' | 'onChange'>;
  family: FamilyLinks;
  listInquiries: () => Promise<Inquiry[]>;
  /** Whether the family emails are sent (SMTP set). */
  emailOn: boolean;
  /** The site's address for the link in the email (PUBLIC_URL); unset: no link in it. */
  publicUrl: string | undefined;
  brand: () => string;
  timeZone: string;
  /** The server's clock (a test may move it: see clockFrom). */
  now: () => number;
  onError: (error: unknown) => void;
}

/**
 * The server's clock for pick day. With `file` (PICKS_CLOCK_FILE, set by tests only), the
 * number of milliseconds it holds is added to the real clock: a test moves the server's time
 * forward (a window running out) without waiting a day. Read at each call: only tests set it.
 */
export function clockFrom(file: string | undefined): { now: () => number; moved: boolean } {
  if (!file) return { now: Date.now, moved: false };
  return {
    moved: true,
    now: () => {
      let offset = 0;
      try {
        offset = Number(readFileSync(file, 'utf8').trim()) || 0;
      } catch {
        // No file yet: the real clock.
      }
      return Date.now() + offset;
    },
  };
}

/**
 * Pick day (decision 132): DATA_DIR/picks.json and the timer that moves turns on. Every change
 * runs one at a time (a check, the reservation and the write never interleave with another
 * family's or the timer's), and is on disk before its answer. The timer is armed from the stored
 * windows after every change and at start, so a window that ran out while the site was down
 * moves on at start, and one that runs out while it is up moves on within a second of its end.
 */
export async function openPicks(deps: PicksDeps, { testClock = false } = {}) {
  const file = await deps.storage.openDocument(picksFile, async () => ({ version: 1 as const, rounds: [] }));
  let chain: Promise<unknown> = Promise.resolve();
  let closed = false;
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const run = chain.then(work);
    chain = run.catch(() => {});
    return run;
  };

  const world = (): PickWorld => {
    const list = deps.litters.list().litters;
    const held = deps.sales.heldPuppyIds();
    const status = new Map(deps.puppies.list().puppies.map((puppy) => [puppy.id, puppy.status]));
    const reservations = deps.sales.heldReservations(() => '');
    return {
      now: new Date(deps.now()),
      waitlistOf: (litterId) => list.find((litter) => litter.id === litterId)?.waitlist ?? [],
      availableOf: (litterId) =>
        (list.find((litter) => litter.id === litterId)?.puppyIds ?? []).filter(
          (id) => status.get(id) === 'available' && !held.has(id),
        ),
      heldBy(inquiryId) {
        const found = reservations.find((reservation) => reservation.inquiryId === inquiryId);
        return found ? { puppyId: found.puppyId, puppyName: found.puppyName } : undefined;
      },
    };
  };

  // Version 1 until a turn holds `place` (decision 132): an earlier release reads the file as
  // before until then, and refuses it after rather than drop what it cannot read.
  const write = async (apply: (data: PicksData) => PicksData) => {
    await file.change((data) => {
      const after = apply(data);
      const placed = after.rounds.some((round) => round.turns.some((turn) => turn.place !== undefined));
      return [placed && after.version !== 2 ? { ...after, version: 2 as const } : after, null];
    });
  };

  /**
   * "That family keeps its place for the next litter": each family that passed, ran out of time
   * or was skipped by her waits for the next litter after this one (litters.json; its place in
   * sales.json's order and its joined date untouched), then the turn says so (picks.json). A
   * crash between the two finds the family already off this litter's line and only marks it.
   * With no next litter yet, it stays on this one until she adds one (her change runs this).
   * A family she moved elsewhere (or who left the waitlist) meanwhile stays where she put it.
   */
  const keepPlaces = async () => {
    const owed = placesOwed(file.data);
    if (owed.length === 0) return;
    const litters = deps.litters.list().litters;
    for (const { roundId, litterId, inquiryId } of owed) {
      const onLine = litters.find((litter) => litter.id === litterId)?.waitlist.includes(inquiryId) ?? false;
      if (!onLine) {
        await write((data) => placeKept(data, roundId, inquiryId));
        continue;
      }
      const next = nextLitterAfter(litters, litterId);
      if (!next) continue;
      await deps.litters.setWaiting(inquiryId, next);
      await write((data) => placeKept(data, roundId, inquiryId, next));
    }
  };

  /** Every turn under way whose email is not queued yet: queued now (family.json), then marked. */
  const announce = async () => {
    const owed = file.data.rounds.flatMap((round) =>
      round.state === 'running'
        ? round.turns
            .filter((turn) => turn.state === 'choosing' && !turn.announcedAt)
            .map((turn) => ({ round, turn }))
        : [],
    );
    if (owed.length === 0) return;
    const inquiries = new Map((await deps.listInquiries()).map((inquiry) => [inquiry.id, inquiry]));
    const litters = deps.litters.list().litters;
    for (const { round, turn } of owed) {
      const inquiry = inquiries.get(turn.inquiryId);
      const litterName = litters.find((litter) => litter.id === round.litterId)?.name ?? '';
      if (inquiry && deps.emailOn && turn.until) {
        const mail = (url: string) => ({
          to: inquiry.email,
          ...turnMail({
            brand: deps.brand(),
            familyName: inquiry.name,
            litterName,
            until: turn.until ?? '',
            timeZone: deps.timeZone,
            url,
          }),
        });
        const urlOf = (token: string) => (deps.publicUrl ? `${deps.publicUrl}/family/${token}` : '');
        // A family with a page, or none yet, gets a new link of theirs in the email; a family
        // whose page she turned off gets the email without one (her choice stands).
        const turnedOff = !deps.family.activeLink(inquiry.id) && deps.family.lastLink(inquiry.id);
        if (turnedOff) await deps.family.queueMails([{ inquiryId: inquiry.id, ...mail('') }]);
        else await deps.family.newLink(inquiry.id, (token) => mail(urlOf(token)), { replace: false });
      }
      // At least once: a crash between the two writes sends the email again after the restart.
      await write((data) => announced(data, round.id, turn.inquiryId, new Date(deps.now())));
    }
  };

  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    if (closed) return;
    const now = deps.now();
    let wait = testClock ? 250 : LONGEST_WAIT_MS;
    for (const round of file.data.rounds)
      if (round.state === 'running')
        for (const turn of round.turns)
          if (turn.state === 'choosing' && turn.until)
            wait = Math.min(wait, Date.parse(turn.until) - now + 5);
    timer = setTimeout(tick, Math.max(0, wait));
    timer.unref();
  };

  /** Moves every round on from the stored state (the timer, the start, any change elsewhere). */
  const step = () =>
    oneAtATime(async () => {
      if (closed) return;
      const current = world();
      if (settle(file.data, current) !== file.data) await write((data) => settle(data, current));
      await keepPlaces();
      await announce();
    });

  function tick() {
    step().catch(deps.onError).finally(arm);
  }

  /** Runs one of her changes or a family's, then moves on, announces and re-arms the timer. */
  const act = <T>(work: () => Promise<T>): Promise<T> =>
    oneAtATime(async () => {
      const result = await work();
      const current = world();
      if (settle(file.data, current) !== file.data) await write((data) => settle(data, current));
      await keepPlaces().catch(deps.onError);
      await announce().catch(deps.onError);
      return result;
    }).finally(arm);

  // At start: windows that ran out while the site was down move on now, emails owed are queued.
  await step();
  arm();
  // A family leaving a waitlist, a puppy sold or reserved by her: the round may move on; a
  // litter she adds: the families that passed while none was planned move to it.
  const stopLitters = deps.litters.onChange(() => tick());
  const stopSales = deps.sales.onChange(() => {
    if (file.data.rounds.some((round) => round.state !== 'done')) setImmediate(tick);
  });

  const names = async () =>
    new Map((await deps.listInquiries()).map((inquiry) => [inquiry.id, inquiry.name]));

  const service = {
    data: () => file.data,
    /** Her view of a litter's picks. */
    async view(litterId: string): Promise<PicksView> {
      const litter = deps.litters.list().litters.find((item) => item.id === litterId);
      if (!litter) throw new PickRefused(404, pickMessages.noSuchLitter);
      const round = lastRoundOf(file.data, litterId);
      const nameOf = await names();
      const current = world();
      const open = round && round.state !== 'done';
      const whyNot = open
        ? pickMessages.alreadyStarted
        : litter.status !== 'born'
          ? pickMessages.notBorn
          : current.availableOf(litterId).length === 0
            ? pickMessages.noPuppies
            : litter.waitlist.length === 0
              ? pickMessages.noFamilies
              : undefined;
      return {
        litterId,
        round: round
          ? {
              id: round.id,
              state: round.state,
              windowHours: round.windowHours,
              startedAt: round.startedAt,
              turns: round.turns.map((turn) => ({
                inquiryId: turn.inquiryId,
                name: nameOf.get(turn.inquiryId) ?? '',
                state: turn.state,
                ...(turn.until ? { until: turn.until } : {}),
                ...(turn.leftMs !== undefined ? { leftMs: turn.leftMs } : {}),
                ...(turn.puppyName ? { puppyName: turn.puppyName } : {}),
              })),
            }
          : null,
        canStart: whyNot === undefined,
        ...(whyNot ? { whyNot } : {}),
      };
    },
    start: (litterId: string, windowHours: PickWindow) =>
      act(async () => {
        const litter = deps.litters.list().litters.find((item) => item.id === litterId);
        if (!litter) throw new PickRefused(404, pickMessages.noSuchLitter);
        if (litter.status !== 'born') throw new PickRefused(409, pickMessages.notBorn);
        const current = world();
        await write((data) => startRound(data, litterId, windowHours, current));
      }),
    skip: (litterId: string) => act(() => write((data) => skipTurn(data, litterId, world()))),
    moreTime: (litterId: string) => act(() => write((data) => moreTime(data, litterId))),
    pause: (litterId: string) => act(() => write((data) => pause(data, litterId, world()))),
    resume: (litterId: string) => act(() => write((data) => resume(data, litterId, world()))),
    /**
     * The family's choice: refused (409, the reason in words) out of turn, after the window, while
     * paused, or for a puppy no longer free; otherwise reserved at once (sales.json, the one
     * reservation: two families can never hold one puppy), then their turn is "Chose".
     */
    choose: (inquiryId: string, puppyId: string) =>
      act(async () => {
        const now = new Date(deps.now());
        const round = turnOf(file.data, inquiryId, now);
        const current = world();
        const puppy = deps.puppies.list().puppies.find((item) => item.id === puppyId);
        const inLitter = deps.litters
          .list()
          .litters.find((litter) => litter.id === round.litterId)
          ?.puppyIds.includes(puppyId);
        if (!puppy || !inLitter) throw new PickRefused(404, pickMessages.notOffered);
        if (!current.availableOf(round.litterId).includes(puppyId))
          throw new PickRefused(409, pickMessages.taken(puppy.name));
        try {
          await deps.sales.reserve({
            inquiryId,
            puppyId,
            puppyName: puppy.name,
            deposit: null,
            note: 'Chosen on pick day',
          });
        } catch (error) {
          if ((error as { status?: number }).status === 409)
            throw new PickRefused(409, pickMessages.taken(puppy.name));
          throw error;
        }
        await write((data) =>
          chose(data, round.id, inquiryId, { puppyId, puppyName: puppy.name }, { ...world(), now }),
        );
        return puppy.name;
      }),
    /** "Pass": refused like a choice when it is not their turn. */
    pass: (inquiryId: string) =>
      act(async () => {
        const now = new Date(deps.now());
        const round = turnOf(file.data, inquiryId, now);
        await write((data) => passed(data, round.id, inquiryId, { ...world(), now }));
      }),
    async close() {
      closed = true;
      clearTimeout(timer);
      stopLitters();
      stopSales();
      await chain;
      await file.close();
    },
  };
  return service;
}

export type PicksService = Awaited<ReturnType<typeof openPicks>>;

import { type NextFunction, type Request, type RequestHandler, type Response, Router } from 'express';
import type * as z from 'zod/mini';
import { isWriteRefused } from '../../storage/durable-write';
import { NOT_STORED } from '../puppies/puppies-api.server';
import { PuppyNotFound, PuppyRefused, VersionConflict } from '../puppies/puppy-changes.server';
import { availablePuppyInput, puppyFieldErrors } from '../puppies/puppy-schema';
import type { PuppyService } from '../puppies/puppy-service.server';
import { LitterRefused } from './litter-changes.server';
import type { LitterService } from './litter-service.server';
import {
  familyInput,
  type LitterList,
  litterFieldErrors,
  litterMessages,
  litterUpdateInput,
  litterVersionInput,
  markBornInput,
  newLitterInput,
  puppyLitterInput,
  waitlistLitterInput,
} from './litters';

interface LittersApiDeps {
  litters: Omit<LitterService, 'close' | 'onChange'>;
  puppies: Pick<PuppyService, 'create' | 'statusOf' | 'list' | 'photo'>;
  /** sales.json's waitlist, in order: a family must be on it to wait for a litter. */
  waitlist: () => readonly string[];
  /** 401 unless signed in. (Cross-site writes are refused for all of /api by the app.) */
  requireUser: RequestHandler;
  /** 403 for a read a browser says comes from another site. */
  sameOriginReads: RequestHandler;
}

const INVALID = 'Check the highlighted fields.';

/** The refusal's 4xx with its message; a write the disk refused, the 503 of storage unavailable. */
function answerRefusal(error: unknown, res: Response, next: NextFunction): void {
  if (error instanceof LitterRefused)
    res
      .status(error.status)
      .json({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
  else if (error instanceof PuppyRefused)
    res.status(400).json({ message: error.message, errors: error.errors });
  else if (error instanceof VersionConflict || error instanceof PuppyNotFound)
    res.status(error.status).json({ message: error.message });
  else if (isWriteRefused(error)) res.status(503).json({ message: NOT_STORED });
  else next(error);
}

/**
 * The litters' API (issue 27), for the signed-in administrator only. Every change answers the
 * whole list as it now stands ({@link LitterList}) once it is on disk, and `/` is rendered again
 * once (the litters are a page data source, decision 081):
 *   GET    /litters                     the list: planned, born, past; each with its puppies and waitlist
 *   POST   /litters                     { name, mother, father, status: planned|born, expected, born?, description, shown }
 *   PUT    /litters/:id                 the form's fields and the version it was opened on
 *   POST   /litters/:id/born            { born, version }: "Mark as born"
 *   POST   /litters/:id/past            { version }: "Move to past litters"
 *   DELETE /litters/:id                 { version }: refused (409, the reason) with puppies or families waiting
 *   POST   /litters/:id/puppies         a new available puppy (the litter manager's fields) in this litter: 201 the puppies' list
 *   POST   /puppies/:id/litter          { litterId }: the puppy moves to another litter
 *   PUT    /puppies/:id/family          { photo: { id, alt } | null, quote }: a went-home puppy's family photo
 *   POST   /waitlist/:id/litter         { litterId | "any" }: the family waits for another litter, joined date kept
 */
export function littersApi({
  litters,
  puppies,
  waitlist,
  requireUser,
  sameOriginReads,
}: LittersApiDeps): Router {
  const router = Router();
  router.use(['/litters', '/puppies/:id/litter', '/puppies/:id/family', '/waitlist/:id/litter'], requireUser);

  function parse<S extends z.ZodMiniType>(schema: S, req: Request, res: Response): z.output<S> | undefined {
    const parsed = schema.safeParse(req.body ?? {});
    if (parsed.success) return parsed.data;
    res.status(400).json({ message: INVALID, errors: litterFieldErrors(parsed.error) });
    return undefined;
  }

  const handle =
    (action: (req: Request, res: Response) => Promise<number | undefined>): RequestHandler =>
    async (req, res, next) => {
      try {
        const status = await action(req, res);
        if (status !== undefined) res.status(status).json(litters.list() satisfies LitterList);
      } catch (error) {
        answerRefusal(error, res, next);
      }
    };
  const id = (req: Request) => String(req.params.id);

  router.get('/litters', sameOriginReads, (_req, res) => {
    res.json(litters.list() satisfies LitterList);
  });

  router.post(
    '/litters',
    handle(async (req, res) => {
      const input = parse(newLitterInput, req, res);
      if (!input) return undefined;
      await litters.create(input);
      return 201;
    }),
  );

  router.put(
    '/litters/:id',
    handle(async (req, res) => {
      const input = parse(litterUpdateInput, req, res);
      if (!input) return undefined;
      const { version, ...fields } = input;
      await litters.update(id(req), version, fields);
      return 200;
    }),
  );

  router.post(
    '/litters/:id/born',
    handle(async (req, res) => {
      const input = parse(markBornInput, req, res);
      if (!input) return undefined;
      await litters.markBorn(id(req), input.version, input.born);
      return 200;
    }),
  );

  router.post(
    '/litters/:id/past',
    handle(async (req, res) => {
      const input = parse(litterVersionInput, req, res);
      if (!input) return undefined;
      await litters.movePast(id(req), input.version);
      return 200;
    }),
  );

  router.delete(
    '/litters/:id',
    handle(async (req, res) => {
      const input = parse(litterVersionInput, req, res);
      if (!input) return undefined;
      await litters.remove(id(req), input.version);
      return 200;
    }),
  );

  router.post(
    '/litters/:id/puppies',
    handle(async (req, res) => {
      const litter = litters.litters().find((item) => item.id === id(req));
      if (!litter) throw new LitterRefused(404, litterMessages.notFound);
      if (litter.status === 'past') throw new LitterRefused(409, litterMessages.chooseLitter);
      const parsed = availablePuppyInput.safeParse(req.body ?? {});
      if (!parsed.success) {
        res.status(400).json({ message: INVALID, errors: puppyFieldErrors(parsed.error) });
        return undefined;
      }
      // Two files: the puppy first (what she typed), then its litter; a crash between the two
      // leaves a puppy the start-up puts in the default litter (reconcile), never one lost.
      const puppy = await puppies.create(parsed.data);
      await litters.assignPuppy(puppy.id, litter.id);
      // The litter manager's answer (the puppies as stored): the screen's puppy form shares it.
      res.status(201).json(puppies.list());
      return undefined;
    }),
  );

  router.post(
    '/puppies/:id/litter',
    handle(async (req, res) => {
      const input = parse(puppyLitterInput, req, res);
      if (!input) return undefined;
      if (!puppies.statusOf(id(req))) throw new PuppyNotFound();
      await litters.assignPuppy(id(req), input.litterId);
      return 200;
    }),
  );

  router.put(
    '/puppies/:id/family',
    handle(async (req, res) => {
      const input = parse(familyInput, req, res);
      if (!input) return undefined;
      const status = puppies.statusOf(id(req));
      if (!status) throw new PuppyNotFound();
      if (status !== 'sold') throw new LitterRefused(409, litterMessages.familyNotSold);
      if (input.photo && !puppies.photo(input.photo.id))
        throw new LitterRefused(400, litterMessages.familyPhotoUnknown, {
          'photo.id': litterMessages.familyPhotoUnknown,
        });
      await litters.setFamily(id(req), input);
      return 200;
    }),
  );

  router.post(
    '/waitlist/:id/litter',
    handle(async (req, res) => {
      const input = parse(waitlistLitterInput, req, res);
      if (!input) return undefined;
      if (!waitlist().includes(id(req))) throw new LitterRefused(404, litterMessages.noSuchFamily);
      await litters.setWaiting(id(req), input.litterId);
      return 200;
    }),
  );

  return router;
}

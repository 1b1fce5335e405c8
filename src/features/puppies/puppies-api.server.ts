import { type NextFunction, type Request, type RequestHandler, type Response, Router } from 'express';
import type * as z from 'zod/mini';
import { isWriteRefused } from '../../storage/durable-write';
import { PuppyNotFound, PuppyRefused, VersionConflict } from './puppy-changes.server';
import {
  availablePuppyInput,
  availablePuppyUpdate,
  markSoldInput,
  moveInput,
  puppyFieldErrors,
  removeInput,
  soldPuppyUpdate,
} from './puppy-schema';
import type { PuppyService } from './puppy-service.server';

interface PuppiesApiDeps {
  puppies: Pick<PuppyService, 'list' | 'create' | 'update' | 'move' | 'markSold' | 'remove' | 'statusOf'>;
  /** 401 unless signed in (the app's guard for private API calls). */
  requireUser: RequestHandler;
  /** Whether two puppies are in the same litter (issue 27): Move up/down stays within it. */
  sameLitter?: (puppyId: string, otherId: string) => boolean;
}

const INVALID_PUPPY = 'Check the highlighted fields.';

/** 503: the disk refused the write (full, read-only); what was stored is unchanged. */
export const NOT_STORED =
  'The change could not be saved: the server cannot write its data just now. Nothing was changed; please try again in a few minutes.';

function parse<S extends z.ZodMiniType>(schema: S, req: Request, res: Response): z.output<S> | undefined {
  const parsed = schema.safeParse(req.body ?? {});
  if (parsed.success) return parsed.data;
  res.status(400).json({ message: INVALID_PUPPY, errors: puppyFieldErrors(parsed.error) });
  return undefined;
}

/**
 * Refusals of the rules become their 4xx with a message, a write the disk refused the 503 of
 * storage unavailable (the breeder sees why in her toast); anything else is the app's 500.
 */
function answerRefusal(error: unknown, res: Response, next: NextFunction): void {
  if (error instanceof PuppyRefused) res.status(400).json({ message: error.message, errors: error.errors });
  else if (error instanceof VersionConflict || error instanceof PuppyNotFound)
    res.status(error.status).json({ message: error.message });
  else if (isWriteRefused(error)) res.status(503).json({ message: NOT_STORED });
  else next(error);
}

/**
 * The litter manager's API, for the signed-in administrator only. Every change answers with the
 * whole list as it now stands (the screen shows exactly what is stored) once it is on disk.
 *   GET    /puppies              the list
 *   POST   /puppies              add an available puppy
 *   PUT    /puppies/:id          edit (with the version the form was opened on)
 *   POST   /puppies/:id/move     { direction: 'up' | 'down', version }
 *   POST   /puppies/:id/sold     { description, version }
 *   DELETE /puppies/:id          { version }
 */
export function puppiesApi({ puppies, requireUser, sameLitter }: PuppiesApiDeps): Router {
  const router = Router();
  router.use('/puppies', requireUser);

  const handle =
    (action: (req: Request, res: Response) => Promise<number | undefined>): RequestHandler =>
    async (req, res, next) => {
      try {
        const status = await action(req, res);
        if (status !== undefined) res.status(status).json(puppies.list());
      } catch (error) {
        answerRefusal(error, res, next);
      }
    };

  router.get('/puppies', (_req, res) => {
    res.json(puppies.list());
  });

  router.post(
    '/puppies',
    handle(async (req, res) => {
      const input = parse(availablePuppyInput, req, res);
      if (!input) return undefined;
      await puppies.create(input);
      return 201;
    }),
  );

  router.put(
    '/puppies/:id',
    handle(async (req, res) => {
      const id = String(req.params.id);
      const status = puppies.statusOf(id);
      if (!status) throw new PuppyNotFound();
      const input = parse(status === 'sold' ? soldPuppyUpdate : availablePuppyUpdate, req, res);
      if (!input) return undefined;
      const { version, ...fields } = input;
      await puppies.update(id, version, fields);
      return 200;
    }),
  );

  router.post(
    '/puppies/:id/move',
    handle(async (req, res) => {
      const input = parse(moveInput, req, res);
      if (!input) return undefined;
      const id = String(req.params.id);
      const sameLine = sameLitter && ((other: { id: string }) => sameLitter(id, other.id));
      await puppies.move(id, input.version, input.direction, sameLine);
      return 200;
    }),
  );

  router.post(
    '/puppies/:id/sold',
    handle(async (req, res) => {
      const input = parse(markSoldInput, req, res);
      if (!input) return undefined;
      await puppies.markSold(String(req.params.id), input);
      return 200;
    }),
  );

  router.delete(
    '/puppies/:id',
    handle(async (req, res) => {
      const input = parse(removeInput, req, res);
      if (!input) return undefined;
      await puppies.remove(String(req.params.id), input.version);
      return 200;
    }),
  );

  return router;
}

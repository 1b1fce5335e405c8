import type { RequestHandler } from 'express';
import { type AdminRoutes, body, parsed } from '../../server/http/pipeline';
import { PuppyNotFound } from './puppy-changes.server';
import {
  availablePuppyInput,
  availablePuppyUpdate,
  markSoldInput,
  moveInput,
  removeInput,
  soldPuppyUpdate,
} from './puppy-schema';
import type { PuppyService } from './puppy-service.server';

interface PuppiesApiDeps {
  puppies: Pick<PuppyService, 'list' | 'create' | 'update' | 'move' | 'markSold' | 'remove' | 'statusOf'>;
  /** Whether two puppies are in the same litter (issue 27): Move up/down stays within it. */
  sameLitter?: (puppyId: string, otherId: string) => boolean;
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
export function puppiesApi(api: AdminRoutes, { puppies, sameLitter }: PuppiesApiDeps): void {
  // Every change answers with the whole list as stored.
  const list: RequestHandler = (_req, res) => {
    res.json(puppies.list());
  };

  api.get('/puppies', list);

  api.post('/puppies', body(availablePuppyInput), async (req, res) => {
    await puppies.create(req.body);
    res.status(201).json(puppies.list());
  });

  // An edit's schema depends on the puppy: a sold one keeps her description, not her price.
  api.put('/puppies/:id', async (req, res) => {
    const status = puppies.statusOf(req.params.id);
    if (!status) throw new PuppyNotFound();
    const { version, ...fields } = parsed(
      status === 'sold' ? soldPuppyUpdate : availablePuppyUpdate,
      req.body,
    );
    await puppies.update(req.params.id, version, fields);
    res.json(puppies.list());
  });

  api.post('/puppies/:id/move', body(moveInput), async (req, res) => {
    const id = req.params.id;
    const sameLine = sameLitter && ((other: { id: string }) => sameLitter(id, other.id));
    await puppies.move(id, req.body.version, req.body.direction, sameLine);
    res.json(puppies.list());
  });

  api.post('/puppies/:id/sold', body(markSoldInput), async (req, res) => {
    await puppies.markSold(req.params.id, req.body);
    res.json(puppies.list());
  });

  api.delete('/puppies/:id', body(removeInput), async (req, res) => {
    await puppies.remove(req.params.id, req.body.version);
    res.json(puppies.list());
  });
}

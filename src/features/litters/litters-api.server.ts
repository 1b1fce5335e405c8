import type { Response } from 'express';
import { type AdminRoutes, body, parsed } from '../../server/http/pipeline';
import { availablePuppyInput, PuppyNotFound, type PuppyService } from '../puppies/index';
import { LitterRefused } from './litter-changes.server';
import type { LitterService } from './litter-service.server';
import {
  familyInput,
  type LitterList,
  litterMessages,
  litterUpdateInput,
  litterVersionInput,
  markBornInput,
  newLitterInput,
  type ParentChoices,
  parentChoices,
  puppyLitterInput,
  waitlistLitterInput,
} from './litters';

interface LittersApiDeps {
  litters: Omit<LitterService, 'close' | 'onChange'>;
  puppies: Pick<PuppyService, 'create' | 'statusOf' | 'list' | 'photo'>;
  /** The published "Meet the Parents" names: "Mother" and "Father" offer them. */
  meetTheParents: () => ParentChoices;
  /** sales.json's waitlist, in order: a family must be on it to wait for a litter. */
  waitlist: () => readonly string[];
}

/**
 * The litters' API (issue 27), for the signed-in administrator only (the admin pipeline's
 * routes: session, same-origin rule, `body(schema)`, refusals and a refused write answered by the
 * one error handler). Every change answers the whole list as it now stands ({@link LitterList})
 * once it is on disk, and `/` is rendered again once (the litters are a page data source,
 * decision 081):
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
export function littersApi(
  api: AdminRoutes,
  { litters, puppies, waitlist, meetTheParents }: LittersApiDeps,
): void {
  // Every change answers with the whole list as stored, and the parents she may choose from.
  const answer = (res: Response, status = 200) => {
    const list = litters.list();
    res
      .status(status)
      .json({ ...list, parents: parentChoices(meetTheParents(), list.litters) } satisfies LitterList);
  };

  api.get('/litters', (_req, res) => answer(res));

  api.post('/litters', body(newLitterInput), async (req, res) => {
    await litters.create(req.body);
    answer(res, 201);
  });

  api.put('/litters/:id', body(litterUpdateInput), async (req, res) => {
    const { version, ...fields } = req.body;
    await litters.update(req.params.id, version, fields);
    answer(res);
  });

  api.post('/litters/:id/born', body(markBornInput), async (req, res) => {
    await litters.markBorn(req.params.id, req.body.version, req.body.born);
    answer(res);
  });

  api.post('/litters/:id/past', body(litterVersionInput), async (req, res) => {
    await litters.movePast(req.params.id, req.body.version);
    answer(res);
  });

  api.delete('/litters/:id', body(litterVersionInput), async (req, res) => {
    await litters.remove(req.params.id, req.body.version);
    answer(res);
  });

  // The litter first (404, 409 for a past one), then the puppy's fields (400).
  api.post('/litters/:id/puppies', async (req, res) => {
    const litter = litters.litters().find((item) => item.id === req.params.id);
    if (!litter) throw new LitterRefused(404, litterMessages.notFound);
    if (litter.status === 'past') throw new LitterRefused(409, litterMessages.chooseLitter);
    // Two files: the puppy first (what she typed), then its litter; a crash between the two
    // leaves a puppy the start-up puts in the default litter (reconcile), never one lost.
    const puppy = await puppies.create(parsed(availablePuppyInput, req.body));
    await litters.assignPuppy(puppy.id, litter.id);
    // The litter manager's answer (the puppies as stored): the screen's puppy form shares it.
    res.status(201).json(puppies.list());
  });

  api.post('/puppies/:id/litter', body(puppyLitterInput), async (req, res) => {
    if (!puppies.statusOf(req.params.id)) throw new PuppyNotFound();
    await litters.assignPuppy(req.params.id, req.body.litterId);
    answer(res);
  });

  api.put('/puppies/:id/family', body(familyInput), async (req, res) => {
    const status = puppies.statusOf(req.params.id);
    if (!status) throw new PuppyNotFound();
    if (status !== 'sold') throw new LitterRefused(409, litterMessages.familyNotSold);
    if (req.body.photo && !puppies.photo(req.body.photo.id))
      throw new LitterRefused(400, litterMessages.familyPhotoUnknown, {
        'photo.id': litterMessages.familyPhotoUnknown,
      });
    await litters.setFamily(req.params.id, req.body);
    answer(res);
  });

  api.post('/waitlist/:id/litter', body(waitlistLitterInput), async (req, res) => {
    if (!waitlist().includes(req.params.id)) throw new LitterRefused(404, litterMessages.noSuchFamily);
    await litters.setWaiting(req.params.id, req.body.litterId);
    answer(res);
  });
}

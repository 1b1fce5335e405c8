import { type AdminRoutes, body } from '../../server/http/pipeline';
import { pickMessages, startPicksInput } from './picks';
import type { PicksService } from './picks-service.server';

/**
 * Her side of pick day, on the admin API's pipeline (signed in, same site; a PickRefused is its
 * status and message, a write the disk refused a 503). Each answers the litter's picks as they
 * now stand ({@link PicksView}) once on disk:
 *   GET  /litters/:id/picks             the order with each family's state
 *   POST /litters/:id/picks             { windowHours: 24|48|72 }: "Start picks"
 *   POST /litters/:id/picks/skip        "Skip" the family choosing now
 *   POST /litters/:id/picks/more-time   "Give more time" (24 hours more)
 *   POST /litters/:id/picks/pause       "Pause picks"
 *   POST /litters/:id/picks/resume      "Resume picks"
 */
export function picksApi(api: AdminRoutes, { picks }: { picks: PicksService }): void {
  api.get('/litters/:id/picks', async (req, res) => {
    res.json(await picks.view(req.params.id));
  });

  api.post('/litters/:id/picks', body(startPicksInput, pickMessages.window), async (req, res) => {
    await picks.start(req.params.id, req.body.windowHours);
    res.json(await picks.view(req.params.id));
  });

  const actions = {
    skip: picks.skip,
    'more-time': picks.moreTime,
    pause: picks.pause,
    resume: picks.resume,
  } as const;
  for (const [name, run] of Object.entries(actions))
    api.post(`/litters/:id/picks/${name}`, async (req, res) => {
      await picks.view(req.params.id); // 404 for a litter no longer listed
      await run(req.params.id);
      res.json(await picks.view(req.params.id));
    });
}

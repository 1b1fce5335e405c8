import type { Request } from 'express';
import type { VisitSource } from '../../shared/visit-source';
import type { InquirySources } from '../../storage/inquiry-sources';
import type { VisitCounter } from './counter.server';
import { visitSource } from './source.server';

/** Where an inquiry came from, and the durable note of it beside the inquiry. */
export interface InquiryAttribution {
  sourceOf(req: Request): VisitSource;
  record(id: string, source: VisitSource): Promise<void>;
}

/**
 * An inquiry's source, without changing the spec's request (decision 111). The utm tags are those
 * of the page that sent it: its address is the request's Referer (the referrer policy
 * `same-origin` sends the full address to our own origin), for the scripts-off form post and
 * the JSON call alike. The referring site is known only to the page's beacon: it is taken from
 * the same browser's latest counted view today, remembered in memory by the counter (the
 * visitor hash, never written). The remembered view's tags count when the sending page had none
 * (e.g. the form came back with an error, at `/`).
 */
export function inquiryAttribution(
  counter: Pick<VisitCounter, 'sourceOf'>,
  sources: Pick<InquirySources, 'record'>,
): InquiryAttribution {
  return {
    sourceOf(req) {
      const remembered = counter.sourceOf(req.ip ?? '', req.get('user-agent') ?? '');
      const { referrer: _none, ...tags } = visitSource(undefined, req.get('referer'), undefined);
      const { referrer, ...rememberedTags } = remembered ?? {};
      return {
        ...(referrer ? { referrer } : {}),
        ...(Object.keys(tags).length > 0 ? tags : rememberedTags),
      };
    },
    record: (id, source) => sources.record(id, source),
  };
}

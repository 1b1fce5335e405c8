/**
 * Where a visit came from, as counted and as recorded beside an inquiry: the referring site's host
 * and the page address's utm_* tags. Nothing in it identifies a person. Read by the server (which
 * derives it) and the dashboard (which shows it).
 */
export interface VisitSource {
  /** The referring site's host without "www." ("facebook.com"); absent for a direct visit. */
  referrer?: string;
  /** utm_source, utm_medium and utm_campaign of the page address, as tagged. */
  source?: string;
  medium?: string;
  campaign?: string;
}

/** What a visit without a referrer or source tag is called. */
const DIRECT = 'Direct';

/**
 * The one name a visit's source goes by in the counts: the referring site when the browser said
 * one (what it saw), else the utm_source tag (a flyer's QR code has no referrer), else "Direct".
 */
export function sourceName(visit: VisitSource): string {
  return visit.referrer || visit.source || DIRECT;
}

/** "facebook.com · spring-litter": the inquiry details' "Came from" line. */
export function cameFrom(visit: VisitSource): string {
  return visit.campaign ? `${sourceName(visit)} · ${visit.campaign}` : sourceName(visit);
}

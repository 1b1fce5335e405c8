import { createHash, randomBytes } from 'node:crypto';
import { sourceName, type VisitSource } from '../../shared/visit-source';
import type { DayCounts, VisitCounts } from '../../storage/visit-counts';

/** Views of one visitor in one day beyond this are not counted: one browser cannot inflate a day. */
const MAX_VIEWS_PER_VISITOR = 30;
/** Visitors remembered in one day; beyond this (a flood, not families) nothing more is counted. */
const MAX_VISITORS_PER_DAY = 50_000;
/** Distinct names per day and kind; further ones are counted as "Other". */
const MAX_NAMES_PER_DAY = 100;
export const OTHER = 'Other';

interface Visitor {
  views: number;
  /** The source, medium and campaign names this visitor was counted under today. */
  seen: Set<string>;
  /** Where the visitor's latest view came from: an inquiry later that day is credited to it. */
  last: VisitSource;
}

/** One page view as the beacon reports it. */
export interface PageView {
  ip: string;
  userAgent: string;
  source: VisitSource;
  phone: boolean;
}

/**
 * Counts page views and daily unique visitors without storing anything about a person. A visitor
 * is told apart by a hash of the day's salt, the address and the user agent (the way Plausible and
 * GoatCounter do it): the salt is random, made for the day, kept only in memory, and dropped with
 * the day's visitors when the day ends, so neither a hash nor the salt ever reaches the disk and a
 * visitor cannot be recognised from one day to the next. Unique visitors over several days are
 * therefore the sum of each day's.
 */
export class VisitCounter {
  private today = '';
  private salt: Buffer = Buffer.alloc(0);
  private visitors = new Map<string, Visitor>();
  private readonly dayOf: Intl.DateTimeFormat;

  constructor(
    private readonly counts: Pick<VisitCounts, 'day' | 'changedNow'>,
    timeZone: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.dayOf = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
  }

  /** Today's key ("YYYY-MM-DD") in the site's time zone. */
  dayKey(date: Date = this.now()): string {
    return this.dayOf.format(date);
  }

  count(view: PageView): void {
    const day = this.dayKey();
    if (day !== this.today) this.startDay(day);
    const id = this.visitorId(view.ip, view.userAgent);
    let visitor = this.visitors.get(id);
    if (!visitor) {
      if (this.visitors.size >= MAX_VISITORS_PER_DAY) return;
      visitor = { views: 0, seen: new Set(), last: view.source };
      this.visitors.set(id, visitor);
    }
    visitor.last = view.source;
    if (visitor.views >= MAX_VIEWS_PER_VISITOR) return;
    const isNewVisitor = visitor.views === 0;
    visitor.views += 1;

    const counts = this.counts.day(day);
    counts.views += 1;
    if (isNewVisitor) counts.visitors += 1;
    if (view.phone) counts.phoneViews += 1;
    tally(counts.sources, 'sources', sourceName(view.source), visitor);
    if (view.source.medium) tally(counts.mediums, 'mediums', view.source.medium, visitor);
    if (view.source.campaign) tally(counts.campaigns, 'campaigns', view.source.campaign, visitor);
    this.counts.changedNow();
  }

  /**
   * Where this browser's latest counted view today came from, or undefined (no view today, a
   * restart since, a bot, the breeder). Read from memory only, for the inquiry it then sends.
   */
  sourceOf(ip: string, userAgent: string): VisitSource | undefined {
    if (this.dayKey() !== this.today) return undefined;
    return this.visitors.get(this.visitorId(ip, userAgent))?.last;
  }

  private visitorId(ip: string, userAgent: string): string {
    return createHash('sha256')
      .update(this.salt)
      .update(ip)
      .update('\n')
      .update(userAgent)
      .digest('base64url');
  }

  private startDay(day: string): void {
    this.today = day;
    // Yesterday's salt and hashes are dropped here, never written anywhere.
    this.salt = randomBytes(32);
    this.visitors = new Map();
  }
}

function tally(named: DayCounts['sources'], kind: string, wanted: string, visitor: Visitor): void {
  // Own properties only ("constructor" is a fine campaign name); "__proto__" would not be one.
  const known = Object.hasOwn(named, wanted);
  const fits = known || (wanted !== '__proto__' && Object.keys(named).length < MAX_NAMES_PER_DAY);
  const name = fits ? wanted : OTHER;
  if (!Object.hasOwn(named, name)) named[name] = [0, 0];
  const pair = named[name] as [number, number];
  pair[0] += 1;
  const key = `${kind}\n${name}`;
  if (!visitor.seen.has(key)) {
    visitor.seen.add(key);
    pair[1] += 1;
  }
}

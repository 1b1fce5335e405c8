import type { VisitSource } from '../../shared/visit-source';

/** A tag longer than this is cut: it is shown and kept per day, never an essay. */
const MAX_TAG = 80;
const MAX_HOST = 100;
const UTM = { source: 'utm_source', medium: 'utm_medium', campaign: 'utm_campaign' } as const;

/** Printable text only, trimmed and cut; empty becomes undefined. */
function tag(value: string | null): string | undefined {
  if (value === null) return undefined;
  const text = value
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, MAX_TAG);
  return text || undefined;
}

/** The host of a referrer address, without "www."; undefined when there is none or it is ours. */
export function referrerHost(referrer: string | undefined, ownHost: string | undefined): string | undefined {
  if (!referrer) return undefined;
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return undefined;
  }
  // Web pages and Android apps (android-app://com.google.android.gm/) say where a visitor came from.
  if (!['http:', 'https:', 'android-app:'].includes(url.protocol)) return undefined;
  const host = url.hostname
    .toLowerCase()
    .replace(/^www\./, '')
    .slice(0, MAX_HOST);
  if (!host || !/^[a-z0-9.\-:[\]_]+$/.test(host)) return undefined;
  // A visitor moving within the site (or reloading) came from nowhere new.
  if (
    ownHost &&
    host ===
      ownHost
        .toLowerCase()
        .replace(/^www\./, '')
        .replace(/:\d+$/, '')
  )
    return undefined;
  return host;
}

/** The utm_* tags of a page address's query ("?utm_source=…") or of a whole address. */
function utmTags(address: string | undefined): Pick<VisitSource, 'source' | 'medium' | 'campaign'> {
  if (!address) return {};
  let params: URLSearchParams;
  try {
    params = address.startsWith('?') ? new URLSearchParams(address) : new URL(address).searchParams;
  } catch {
    return {};
  }
  const tags: Pick<VisitSource, 'source' | 'medium' | 'campaign'> = {};
  for (const key of Object.keys(UTM) as (keyof typeof UTM)[]) {
    const value = tag(params.get(UTM[key]));
    if (value) tags[key] = value;
  }
  return tags;
}

/** A visit's source from what the page knew: its referrer and its own address (or query). */
export function visitSource(
  referrer: string | undefined,
  page: string | undefined,
  ownHost: string | undefined,
): VisitSource {
  const host = referrerHost(referrer, ownHost);
  return { ...(host ? { referrer: host } : {}), ...utmTags(page) };
}

/**
 * The landing page after a change: the breeder moves a puppy, or publishes the site's content (a
 * real, durable write either way), then a visitor asks for `/`. The first request after a change waits for what is left of
 * the new render (React on the server, then brotli and gzip once: it starts as soon as the change
 * is on disk); the next is served from memory again. Target: the first view after a change within
 * 200 ms on this 2-core machine, always with a new ETag.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createAdmin, signIn } from '../../test/helpers/admin';
import { startSite } from './processes';
import { percentile } from './stats';
import type { Row, Scenario } from './types';

const ROUNDS = 15;
const TARGET_MS = 200;
const ADMIN = { username: 'bench@example.com', password: 'mesquite lantern 4821 ridge' };
const brotli = { 'Accept-Encoding': 'br' };

async function timed(run: () => Promise<Response>): Promise<[number, Response]> {
  const start = performance.now();
  const res = await run();
  await res.arrayBuffer();
  return [performance.now() - start, res];
}

const send = (url: string, cookie: string, method: string, body?: unknown) =>
  fetch(url, {
    method,
    headers: { Cookie: cookie, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** Moves the first available puppy down: the litter manager's change. */
async function movePuppy(url: string, cookie: string): Promise<() => Promise<Response>> {
  const list = (await (await send(`${url}/api/puppies`, cookie, 'GET')).json()) as {
    puppies: { id: string; version: number; status: string }[];
  };
  const puppy = list.puppies.find((p) => p.status === 'available');
  if (!puppy) throw new Error('the seeded puppies are missing');
  return () =>
    send(`${url}/api/puppies/${puppy.id}/move`, cookie, 'POST', {
      direction: 'down',
      version: puppy.version,
    });
}

/** Saves a draft with a new headline (not timed), then publishes it: the site editor's change. */
async function publishHeadline(url: string, cookie: string): Promise<() => Promise<Response>> {
  const state = (await (await send(`${url}/api/site`, cookie, 'GET')).json()) as {
    basedOn: number;
    content: { hero: { headline: string } };
  };
  const content = {
    ...state.content,
    hero: { ...state.content.hero, headline: `Litter news ${Date.now()}` },
  };
  const saved = await send(`${url}/api/site/draft`, cookie, 'PUT', { basedOn: state.basedOn, content });
  if (saved.status !== 200) throw new Error(`the draft answered ${saved.status}`);
  return () => send(`${url}/api/site/publish`, cookie, 'POST', { basedOn: state.basedOn });
}

type Change = (url: string, cookie: string) => Promise<() => Promise<Response>>;

async function measure(url: string, cookie: string, prepare: Change) {
  const timings = { change: [] as number[], firstView: [] as number[], nextView: [] as number[] };
  let etag = (await fetch(`${url}/`, { headers: brotli })).headers.get('etag');
  let sameEtag = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    const change = await prepare(url, cookie);
    const [changeMs, changed] = await timed(change);
    if (changed.status !== 200) throw new Error(`the change answered ${changed.status}`);
    const [firstMs, first] = await timed(() => fetch(`${url}/`, { headers: brotli }));
    const [nextMs] = await timed(() => fetch(`${url}/`, { headers: brotli }));
    const newEtag = first.headers.get('etag');
    if (!newEtag || newEtag === etag) sameEtag += 1;
    etag = newEtag;
    timings.change.push(changeMs);
    timings.firstView.push(firstMs);
    timings.nextView.push(nextMs);
  }
  return { ...timings, sameEtag };
}

const changes = {
  move: { prepare: movePuppy, label: 'POST move (a puppy change, on disk)', name: 'change' },
  publish: { prepare: publishHeadline, label: 'POST publish (the site content, on disk)', name: 'publish' },
};

/** `npm run bench -- change` (a puppy moved) and `npm run bench -- publish` (the content published). */
export const renderAfterChange =
  (kind: keyof typeof changes): Scenario =>
  async () => {
    const { prepare, label, name } = changes[kind];
    const dataDir = await mkdtemp(path.join(tmpdir(), 'doodles-bench-change-'));
    const site = await startSite(dataDir, { LOG_LEVEL: 'error' });
    try {
      await createAdmin(dataDir, ADMIN.username, ADMIN.password);
      const timings = await measure(
        site.url,
        await signIn(site.url, ADMIN.username, ADMIN.password),
        prepare,
      );
      const row = (scenario: string, values: number[], note: string): Row => ({
        scenario,
        requests: values.length,
        perSecond: 0,
        p50: percentile(values, 50),
        p99: percentile(values, 99),
        failed: 0,
        note,
      });
      const worst = Math.max(...timings.firstView);
      return {
        rows: [
          row(label, timings.change, 'one at a time; ok/s not measured'),
          row(`GET / first after a ${name}`, timings.firstView, `max ${worst.toFixed(0)} ms`),
          row('GET / next (from memory)', timings.nextView, 'one at a time'),
        ],
        checks: [
          {
            name: `${name}: first view of / after a ${name} ≤ ${TARGET_MS} ms`,
            ok: worst <= TARGET_MS,
            detail: `max ${worst.toFixed(0)} ms of ${ROUNDS}`,
          },
          {
            name: `${name}: every ${name} gives / a new ETag`,
            ok: timings.sameEtag === 0,
            detail: `${timings.sameEtag} unchanged`,
          },
        ],
      };
    } finally {
      await site.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  };

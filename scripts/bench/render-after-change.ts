/**
 * The landing page after a change of the litter: the breeder moves a puppy (a real, durable
 * write), then a visitor asks for `/`. The first request after a change waits for the new render
 * (React on the server, then brotli and gzip once); the next is served from memory again.
 * Target: the first request after a change within 200 ms on the 2-core machine.
 */
import { createAdmin, signIn } from '../../test/helpers/admin';
import { startServer } from '../../test/helpers/server';

const ROUNDS = 15;
const ADMIN = { username: 'bench@example.com', password: 'bench-password-123' };

export interface ChangeTimings {
  /** The admin's POST /api/puppies/:id/move, answered once on disk. */
  change: number[];
  /** The first GET / after it (new ETag, rendered for it). */
  firstView: number[];
  /** The GET / after that one (from memory). */
  nextView: number[];
}

const brotli = { 'Accept-Encoding': 'br' };

async function timed(run: () => Promise<Response>): Promise<[number, Response]> {
  const start = performance.now();
  const res = await run();
  await res.arrayBuffer();
  return [performance.now() - start, res];
}

export async function measureRenderAfterChange(): Promise<ChangeTimings> {
  const server = await startServer({ env: { INQUIRY_RATE_LIMIT: 'off', LOG_LEVEL: 'error' } });
  try {
    await createAdmin(server.dataDir, ADMIN.username, ADMIN.password);
    const cookie = await signIn(server.url, ADMIN.username, ADMIN.password);
    const timings: ChangeTimings = { change: [], firstView: [], nextView: [] };
    let etag = (await fetch(`${server.url}/`, { headers: brotli })).headers.get('etag');
    for (let round = 0; round < ROUNDS; round += 1) {
      const list = (await (
        await fetch(`${server.url}/api/puppies`, { headers: { Cookie: cookie } })
      ).json()) as {
        puppies: { id: string; version: number; status: string }[];
      };
      const puppy = list.puppies.find((p) => p.status === 'available');
      if (!puppy) throw new Error('the seeded puppies are missing');
      const [changeMs, changed] = await timed(() =>
        fetch(`${server.url}/api/puppies/${puppy.id}/move`, {
          method: 'POST',
          headers: { Cookie: cookie, 'Content-Type': 'application/json' },
          body: JSON.stringify({ direction: 'down', version: puppy.version }),
        }),
      );
      if (changed.status !== 200) throw new Error(`move answered ${changed.status}`);
      const [firstMs, first] = await timed(() => fetch(`${server.url}/`, { headers: brotli }));
      const [nextMs] = await timed(() => fetch(`${server.url}/`, { headers: brotli }));
      const newEtag = first.headers.get('etag');
      if (!newEtag || newEtag === etag) throw new Error('the page did not change after the move');
      etag = newEtag;
      timings.change.push(changeMs);
      timings.firstView.push(firstMs);
      timings.nextView.push(nextMs);
    }
    return timings;
  } finally {
    await server.stop();
  }
}

export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
